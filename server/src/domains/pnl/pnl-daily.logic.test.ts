import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookOf, type LedgerFill } from '../ledger/ledger.logic.js';
import { bookKey, settleAll } from '../ledger/positions.logic.js';
import { dayTotals, realizedByDay, strategyDays, type BookFacts, type DailyFill } from './pnl-daily.logic.js';

/*
 * P&L by day cut from the ledger's arithmetic: IST day boundaries, and the days of every strategy adding up to
 * what /positions shows for it (settleAll), to the paisa, whatever the fills.
 */

const DAY_MS = 86_400_000;
/** 2026-11-23 00:00 IST. */
const MON = Date.parse('2026-11-22T18:30:00Z');
const SYMBOL = 'NIFTY25D0924500CE';

const fill = (at: number, quantity: number, pricePaise: number, symbol = SYMBOL): LedgerFill => ({
  tradingSymbol: symbol,
  quantity,
  pricePaise,
  at,
});

describe('realizedByDay', () => {
  it('books a close at 23:59:59 IST on that day and one a second later on the next', () => {
    const open = fill(MON + 4 * 3_600_000, 65, 10_000); // sold at ₹100 on Monday
    const lastSecond = Date.parse('2026-11-23T18:29:59Z');
    const midnight = Date.parse('2026-11-23T18:30:00Z');
    expect([...realizedByDay([open, fill(lastSecond, -65, 9_000)])]).toEqual([[MON, 65 * 1000]]);
    expect([...realizedByDay([open, fill(midnight, -65, 9_000)])]).toEqual([[MON + DAY_MS, 65 * 1000]]);
  });

  it('keeps FIFO across days: a lot opened on Monday closed in two parts on Tuesday and Wednesday', () => {
    const days = realizedByDay([
      fill(MON + 1, 130, 10_000),
      fill(MON + 2, 65, 12_000),
      fill(MON + DAY_MS + 5, -65, 9_000), // closes half of the ₹100 lot: +₹10 a unit
      fill(MON + 2 * DAY_MS + 5, -130, 10_500), // the other half (−₹5) and the ₹120 lot (+₹15)
    ]);
    expect(days.get(MON)).toBeUndefined();
    expect(days.get(MON + DAY_MS)).toBe(65 * 1000);
    expect(days.get(MON + 2 * DAY_MS)).toBe(65 * -500 + 65 * 1500);
  });

  const fillsArb = fc
    .array(
      fc.record({
        symbol: fc.constantFrom('A', 'B', 'C'),
        quantity: fc.integer({ min: -300, max: 300 }),
        pricePaise: fc.integer({ min: 5, max: 50_000 }),
        // Ten days, at any millisecond: boundaries get hit.
        offset: fc.integer({ min: 0, max: 10 * DAY_MS }),
      }),
      { maxLength: 60 },
    )
    .map((list) =>
      list.map((f) => fill(MON + f.offset, f.quantity, f.pricePaise, f.symbol)).sort((a, b) => a.at - b.at),
    );

  it('gives each day what the book realized by its end less what it had by its start (prefix books)', () => {
    fc.assert(
      fc.property(fillsArb, (fills) => {
        const days = realizedByDay(fills);
        for (let day = MON; day <= MON + 10 * DAY_MS; day += DAY_MS) {
          const before = bookOf(fills.filter((f) => f.at < day)).realizedPaise;
          const after = bookOf(fills.filter((f) => f.at < day + DAY_MS)).realizedPaise;
          expect(days.get(day) ?? 0).toBe(after - before);
        }
        const sum = [...days.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBe(bookOf(fills).realizedPaise);
      }),
    );
  });
});

describe('strategyDays', () => {
  const books: BookFacts[] = [
    { id: 1, strategyName: 'RDX', isDummy: 1 },
    { id: 2, strategyName: 'RDX', isDummy: 0 },
    { id: 3, strategyName: 'Straddle', isDummy: 1 },
  ];
  type FillDraft = {
    mappingId: number | null;
    isDummy: number;
    account: number | null;
    symbol: string;
    quantity: number;
    pricePaise: number;
    offset: number;
    orderId: number | null;
    isSettlement: boolean;
  };
  const dailyFillArb = fc.record({
    mappingId: fc.constantFrom<number | null>(1, 2, 3, 4, null),
    isDummy: fc.constantFrom(0, 1),
    account: fc.constantFrom<number | null>(10, 11, null),
    symbol: fc.constantFrom('NIFTY25D0924500CE', 'NIFTY25D0924500PE'),
    quantity: fc.integer({ min: -195, max: 195 }),
    pricePaise: fc.integer({ min: 5, max: 40_000 }),
    offset: fc.integer({ min: 0, max: 6 * DAY_MS }),
    orderId: fc.option(fc.integer({ min: 1, max: 5 })),
    isSettlement: fc.boolean(),
  });
  const toDaily = (f: FillDraft): DailyFill => ({
    userId: 7,
    mappingId: f.mappingId,
    strategyName: f.mappingId === 3 ? 'Straddle' : 'RDX',
    tradingSymbol: f.symbol,
    quantity: f.quantity,
    pricePaise: f.pricePaise,
    at: MON + f.offset,
    kind: f.isSettlement ? 'settlement' : 'trade',
    isDummy: f.isDummy,
    orderId: f.isDummy === 0 ? f.orderId : null,
    paperOrder: null,
    userBrokerId: f.account,
    mappingIsDummy: books.find((b) => b.id === f.mappingId)?.isDummy ?? null,
    brokerKind: null,
  });

  it("adds up over the days to each strategy's realized P&L and charges on /positions (settleAll)", () => {
    fc.assert(
      fc.property(fc.array(dailyFillArb, { maxLength: 50 }), (drafts) => {
        const fills = drafts.map(toDaily).sort((a, b) => a.at - b.at);
        const now = MON + 30 * DAY_MS;
        const settled = settleAll(fills, books, now);
        const days = strategyDays(fills, books);
        for (const b of books) {
          const mine = days.filter((d) => d.mappingId === b.id && d.isDummy === b.isDummy);
          const s = settled.get(bookKey(b.id, b.isDummy))!;
          expect(mine.reduce((a, d) => a + d.realizedPaise, 0)).toBe(s.book.realizedPaise);
          expect(mine.reduce((a, d) => a + d.chargesPaise, 0)).toBe(s.charges.totalPaise);
        }
        // Only the strategies shown, in the mode they run in now.
        const shown = new Set(books.map((b) => bookKey(b.id, b.isDummy)));
        expect(days.every((d) => shown.has(bookKey(d.mappingId, d.isDummy)))).toBe(true);
      }),
    );
  });

  it("charges a strategy's opening day even though nothing was realized on it", () => {
    const open: DailyFill = toDaily({
      mappingId: 1,
      isDummy: 1,
      account: 10,
      symbol: SYMBOL,
      quantity: 65,
      pricePaise: 10_000,
      offset: 4 * 3_600_000,
      orderId: null,
      isSettlement: false,
    });
    const [day, ...rest] = strategyDays([open], books);
    expect(rest).toEqual([]);
    expect(day).toMatchObject({ dayStart: MON, mappingId: 1, realizedPaise: 0 });
    expect(day!.chargesPaise).toBeGreaterThan(0);
  });
});

describe('dayTotals', () => {
  const entry = (dayStart: number, mappingId: number, realizedPaise: number, chargesPaise: number) => ({
    dayStart,
    mappingId,
    strategyName: 'RDX',
    isDummy: 1,
    realizedPaise,
    chargesPaise,
  });

  it('keeps the window [from, to), oldest day first, strategies by id, totals the sums', () => {
    const days = dayTotals(
      [
        entry(MON + DAY_MS, 2, 500, 20),
        entry(MON, 9, 1, 1),
        entry(MON + DAY_MS, 1, -300, 30),
        entry(MON + 2 * DAY_MS, 1, 7, 7),
      ],
      MON + DAY_MS,
      MON + 2 * DAY_MS,
    );
    expect(days).toEqual([
      {
        dayStart: MON + DAY_MS,
        realizedPaise: 200,
        chargesPaise: 50,
        netPaise: 150,
        perStrategy: [entry(MON + DAY_MS, 1, -300, 30), entry(MON + DAY_MS, 2, 500, 20)],
      },
    ]);
  });
});
