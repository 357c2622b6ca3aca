import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brokerAveragePaise,
  brokerBookOf,
  brokerDayPnlPaise,
  brokerUnrealizedPaise,
} from './positions-broker-way.logic.js';
import { positionsBySymbol, type Prices, type StrategyFill } from './positions-by-symbol.logic.js';

/*
 * Netting per contract across strategies (issue 32 item 1): the figures of a contract are its strategies'
 * broker-way figures added up, whatever the fills; the average is the union's own. Quantity > 0 sold.
 */

const DAY = Date.parse('2026-11-22T18:30:00Z'); // IST midnight, Monday 23 Nov 2026
const LOT = 65;
const SYMBOLS = ['NIFTY26DEC24500PE', 'NIFTY26DEC24700CE'];

const fillArb = fc.record({
  mappingId: fc.constantFrom(1, 2, 3),
  tradingSymbol: fc.constantFrom(...SYMBOLS),
  quantity: fc.integer({ min: -3, max: 3 }).map((lots) => lots * LOT),
  pricePaise: fc.integer({ min: 5, max: 50_000 }),
  // Some held overnight, some today.
  at: fc.integer({ min: DAY - 20 * 3_600_000, max: DAY + 10 * 3_600_000 }),
});
const fillsArb = fc.array(fillArb, { maxLength: 40 }).map((fs) => [...fs].sort((a, b) => a.at - b.at));
const pricesArb = fc.record({
  quotes: fc.array(fc.integer({ min: 5, max: 50_000 }), { minLength: 2, maxLength: 2 }),
  closes: fc.array(fc.integer({ min: 5, max: 50_000 }), { minLength: 2, maxLength: 2 }),
});
const pricesOf = (p: { quotes: number[]; closes: number[] }): Prices => ({
  quoteOf: (s) => p.quotes[SYMBOLS.indexOf(s)],
  closeOf: (s) => p.closes[SYMBOLS.indexOf(s)] ?? null,
});

/** Each strategy's own broker-way book: what its row on /positions is made of. */
function perStrategy(fills: readonly StrategyFill[]) {
  const ids = [...new Set(fills.map((f) => f.mappingId))];
  return ids.map((id) => ({
    id,
    book: brokerBookOf(
      fills.filter((f) => f.mappingId === id),
      DAY,
    ),
  }));
}

describe('positionsBySymbol', () => {
  it("a contract's quantity, day P&L and MTM are the sums of its strategies' broker-way figures", () => {
    fc.assert(
      fc.property(fillsArb, pricesArb, (fills, p) => {
        const prices = pricesOf(p);
        const rows = positionsBySymbol(fills, DAY, prices);
        const books = perStrategy(fills);
        for (const symbol of SYMBOLS) {
          const last = prices.quoteOf(symbol)!;
          let net = 0;
          let day = 0;
          let mtm = 0;
          const holders: number[] = [];
          for (const { id, book } of books) {
            const s = book.get(symbol);
            if (!s) continue;
            net += s.netQuantity;
            day += brokerDayPnlPaise(s, last, prices.closeOf(symbol))!;
            mtm += s.realizedPaise + brokerUnrealizedPaise(s, last);
            if (s.netQuantity !== 0) holders.push(id);
          }
          const row = rows.find((r) => r.tradingSymbol === symbol);
          if (net === 0) {
            expect(row).toBeUndefined();
            continue;
          }
          expect(row).toMatchObject({ netQuantity: net, dayPnlPaise: day, mtmPaise: mtm, markPaise: last });
          expect(row?.mappingIds).toEqual(holders.sort((a, b) => a - b));
        }
      }),
    );
  });

  it('a contract one strategy alone trades is that strategy’s row, average price included', () => {
    fc.assert(
      fc.property(fillsArb, pricesArb, (fills, p) => {
        const alone = fills.map((f) => ({ ...f, mappingId: f.tradingSymbol === SYMBOLS[0] ? 1 : f.mappingId }));
        const row = positionsBySymbol(alone, DAY, pricesOf(p)).find((r) => r.tradingSymbol === SYMBOLS[0]);
        const own = brokerBookOf(
          alone.filter((f) => f.mappingId === 1),
          DAY,
        ).get(SYMBOLS[0]!);
        if (!own || own.netQuantity === 0) {
          expect(row).toBeUndefined();
          return;
        }
        expect(row?.averagePaise).toBe(brokerAveragePaise(own));
        expect(row?.mappingIds).toEqual([1]);
      }),
    );
  });

  it('averages two strategies selling the same contract as one position of both lots', () => {
    const rows = positionsBySymbol(
      [
        { mappingId: 1, tradingSymbol: 'CE', quantity: LOT, pricePaise: 10_000, at: DAY + 1000 },
        { mappingId: 2, tradingSymbol: 'CE', quantity: LOT, pricePaise: 8_000, at: DAY + 2000 },
      ],
      DAY,
      { quoteOf: () => undefined, closeOf: () => null },
    );
    // Sold 2 lots, average ₹90; no quote: marked at the newest fill (₹80), so MTM is 65 × ₹20 and says stale.
    expect(rows).toEqual([
      {
        tradingSymbol: 'CE',
        netQuantity: 2 * LOT,
        averagePaise: 9_000,
        markPaise: 8_000,
        markIsStale: true,
        dayPnlPaise: LOT * 2_000,
        mtmPaise: LOT * 2_000,
        mappingIds: [1, 2],
      },
    ]);
  });

  it('leaves a day P&L unknown when held overnight without a previous close', () => {
    const rows = positionsBySymbol(
      [{ mappingId: 1, tradingSymbol: 'CE', quantity: LOT, pricePaise: 10_000, at: DAY - 1000 }],
      DAY,
      { quoteOf: () => 9_000, closeOf: () => null },
    );
    expect(rows[0]?.dayPnlPaise).toBeNull();
    expect(rows[0]?.mtmPaise).toBe(LOT * 1_000);
  });
});
