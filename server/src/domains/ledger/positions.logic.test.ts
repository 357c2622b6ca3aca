import { describe, expect, it } from 'vitest';
import { istMidnight } from '@app/contract';
import { contractNote } from './contract-note.logic.js';
import { scheduleAt } from './charges.logic.js';
import type { AccountFill } from './ledger.repository.js';
import { bookKey, closeKeysOf, markToMarket, quoteKeysOf, settle, settleAll } from './positions.logic.js';

const at = Date.parse('2026-11-23T05:00:00Z'); // 10:30 IST
const yesterday = at - 86_400_000;
const info = new Map([['CE1', { exchange: 'NFO', optionType: 'CE', strikePaise: 2_460_000, expiry: '2026-12-01' }]]);
/** One NIFTY lot (NSE, from the January 2026 expiries). */
const LOT = 65;

describe('istMidnight', () => {
  it('is IST midnight: 18:30 UTC the day before', () => {
    expect(new Date(istMidnight(at)).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(istMidnight(Date.parse('2026-11-22T18:30:00Z'))).toBe(Date.parse('2026-11-22T18:30:00Z'));
    expect(istMidnight(Date.parse('2026-11-22T18:29:59Z'))).toBe(Date.parse('2026-11-21T18:30:00Z'));
  });
});

describe('markToMarket', () => {
  const fills = [
    { tradingSymbol: 'CE1', quantity: LOT, pricePaise: 10_000, at: yesterday }, // sold yesterday at 100
    { tradingSymbol: 'CE1', quantity: -LOT, pricePaise: 8_000, at }, // bought back today at 80: +1,300
    { tradingSymbol: 'CE1', quantity: LOT, pricePaise: 9_000, at }, // sold again at 90
  ];

  /** The fills as the repository reads them: strategy 11 (paper) of user 3 on broker account 5. */
  const rows = (list: typeof fills, over: Partial<AccountFill> = {}): AccountFill[] =>
    list.map((f, i) => ({
      ...f,
      userId: 3,
      mappingId: 11,
      strategyName: 'RDX',
      kind: 'trade',
      isDummy: 1,
      orderId: null,
      userBrokerId: 5,
      mappingIsDummy: 1,
      ...over,
      at: f.at + i,
    }));

  it("marks the open lot at the quote, and splits out today's realized and charges", () => {
    const settled = settleAll(rows(fills), [], at).get(bookKey(11, 1))!;
    expect(quoteKeysOf(settled, info)).toEqual(['NFO:CE1']);
    const marked = markToMarket(settled, info, new Map([['NFO:CE1', 8_500]]));
    expect(marked.legs).toEqual([
      expect.objectContaining({
        quantity: LOT,
        entryPaise: 9_000,
        ltpPaise: 8_500,
        ltpIsStale: false,
        unrealizedPaise: 32_500, // 65 × ₹5
      }),
    ]);
    expect(marked.all.realizedPaise).toBe(130_000);
    expect(marked.today.realizedPaise).toBe(130_000); // realized by today's buy
    // Yesterday's note (the sale) and today's (the two orders) at the day's rates; today's still open.
    const yesterdays = contractNote([{ ...fills[0]!, owner: 'x' }], scheduleAt(yesterday)).charges.totalPaise;
    const todays = contractNote(
      fills.slice(1).map((f) => ({ ...f, owner: 'x' })),
      scheduleAt(at),
    ).charges.totalPaise;
    expect([marked.all.chargesPaise, marked.today.chargesPaise]).toEqual([yesterdays + todays, todays]);
    expect(marked.chargesFinal).toBe(false);
    expect(marked.all.netPaise).toBe(130_000 + 32_500 - marked.all.chargesPaise);
    // The next day nothing of it is open any more.
    expect(settleAll(rows(fills), [], at + 86_400_000).get(bookKey(11, 1))!.chargesFinal).toBe(true);
  });

  it("shares an account's note between its strategies, and keeps a paper note apart from a live one", () => {
    const today = [fills[1]!, fills[2]!];
    const a = rows(today, { orderId: 1 }).map((f, i) => ({ ...f, orderId: i + 1 }));
    const b = rows(today, { mappingId: 12 }).map((f, i) => ({ ...f, orderId: i + 10 }));
    const books = settleAll([...a, ...b], [], at);
    const one = books.get(bookKey(11, 1))!.charges.totalPaise;
    const two = books.get(bookKey(12, 1))!.charges.totalPaise;
    const note = contractNote(
      [...a, ...b].map((f) => ({ ...f, owner: String(f.mappingId) })),
      scheduleAt(at),
    ).charges.totalPaise;
    expect(one + two).toBe(note);
    // Live fills of strategy 12 are another note: its paper book keeps its paper charges alone.
    const live = settleAll([...a, ...rows(today, { mappingId: 12, isDummy: 0, mappingIsDummy: 0 })], [], at);
    expect(live.get(bookKey(11, 1))!.charges.totalPaise).toBe(
      contractNote(
        a.map((f) => ({ ...f, owner: 'x' })),
        scheduleAt(at),
      ).charges.totalPaise,
    );
  });

  it('books a strategy asked for without fills, in the mode it runs in', () => {
    const books = settleAll([], [{ id: 7, isDummy: 0 }], at);
    expect(books.get(bookKey(7, 0))).toMatchObject({ chargesFinal: true, charges: { totalPaise: 0 } });
  });

  it('marks at the last fill, flagged stale, when there is no quote', () => {
    const marked = markToMarket(settle(fills, at), info, new Map());
    expect(marked.legs[0]).toMatchObject({ ltpPaise: 9_000, ltpIsStale: true, unrealizedPaise: 0 });
  });

  it('has no legs once flat, and keeps the realized P&L', () => {
    const flat = markToMarket(settle(fills.slice(0, 2), at), info, new Map());
    expect(flat.legs).toEqual([]);
    expect(flat.all.unrealizedPaise).toBe(0);
    expect(flat.all.realizedPaise).toBe(130_000);
  });

  it("gives the broker's way beside: average-price split and Kite's day P&L from the previous close", () => {
    // Sold at ₹100 yesterday (closed yesterday at ₹95), bought back at ₹80 and sold again at ₹90 today; ₹85 now.
    const settled = settle(fills, at);
    expect(closeKeysOf(settled, info)).toEqual(['NFO:CE1']); // held overnight
    const marked = markToMarket(settled, info, new Map([['NFO:CE1', 8_500]]), new Map([['NFO:CE1', 9_500]]));
    // Flat in between, so the average restarts at ₹90: the same split as FIFO here.
    expect(marked.legs[0]?.brokerWay).toEqual({
      averagePaise: 9_000,
      unrealizedPaise: LOT * 500,
      overnightQuantity: LOT,
      previousClosePaise: 9_500,
      // From ₹95 to ₹80 on the overnight lot, ₹90 to ₹85 on today's: 65 × (15 + 5).
      dayPnlPaise: LOT * 2_000,
    });
    expect(marked.brokerWay).toEqual({
      realizedPaise: LOT * 2_000,
      unrealizedPaise: LOT * 500,
      dayPnlPaise: LOT * 2_000,
    });
    // Without the previous close the day P&L is unknown, never the FIFO "today".
    expect(markToMarket(settled, info, new Map([['NFO:CE1', 8_500]])).brokerWay.dayPnlPaise).toBeNull();
  });
});
