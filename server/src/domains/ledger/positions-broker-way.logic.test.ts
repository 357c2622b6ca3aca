import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookOf, cashFlowPaise, unrealizedPaise, type LedgerFill } from './ledger.logic.js';
import {
  brokerAveragePaise,
  brokerBookOf,
  brokerDayPnlPaise,
  brokerUnrealizedPaise,
} from './positions-broker-way.logic.js';

/*
 * The broker's way (issue 28): average-price realized/unrealized and Kite's day P&L. Quantity > 0 sold.
 */

const DAY = Date.parse('2026-11-22T18:30:00Z'); // IST midnight, Monday 23 Nov 2026
const YESTERDAY = DAY - 6 * 3_600_000;
const TODAY = DAY + 5 * 3_600_000;
/** One NIFTY lot (NSE, from the January 2026 expiries). */
const LOT = 65;
const fill = (quantity: number, pricePaise: number, at = TODAY, tradingSymbol = 'CE1'): LedgerFill => ({
  tradingSymbol,
  quantity,
  pricePaise,
  at,
});
const one = (fills: LedgerFill[]) => brokerBookOf(fills, DAY).get('CE1')!;

describe('average price', () => {
  it('averages what is added, realizes a partial exit against the average and leaves it unchanged', () => {
    // Sold 1 lot at ₹100 and 1 at ₹80: average ₹90. Bought back 1 lot at ₹70: realized 65 × ₹20.
    const s = one([fill(LOT, 10_000), fill(LOT, 8_000), fill(-LOT, 7_000)]);
    expect(brokerAveragePaise(s)).toBe(9_000);
    expect(s.realizedPaise).toBe(LOT * 2_000);
    // FIFO closes the ₹100 lot first: 65 × ₹30 realized, the ₹80 lot left open. Same total at any price.
    const fifo = bookOf([fill(LOT, 10_000), fill(LOT, 8_000), fill(-LOT, 7_000)]);
    expect(fifo.realizedPaise).toBe(LOT * 3_000);
    const ltp = 7_500;
    expect(brokerUnrealizedPaise(s, ltp)).toBe(LOT * 1_500);
    expect(unrealizedPaise(fifo.symbols.get('CE1')!.openLots, ltp)).toBe(LOT * 500);
    expect(s.realizedPaise + brokerUnrealizedPaise(s, ltp)).toBe(LOT * 3_500);
  });

  it('rounds a share of the cost to the paisa, and a full exit leaves nothing behind', () => {
    // 3 units at ₹10.01, ₹10.02, ₹10.02: average ₹10.01666…, shown ₹10.02; 1 unit closed takes ₹10.02 of cost.
    const s = one([fill(1, 1_001), fill(2, 1_002), fill(-1, 1_000)]);
    expect(brokerAveragePaise(s)).toBe(1_002);
    expect(s.realizedPaise).toBe(2);
    expect(s.costPaise).toBe(2_003);
    const flat = one([fill(1, 1_001), fill(2, 1_002), fill(-1, 1_000), fill(-2, 1_000)]);
    expect([flat.netQuantity, flat.costPaise, flat.realizedPaise]).toEqual([0, 0, 5]);
  });

  it('a reversal realizes all it held and starts afresh at the fill price', () => {
    const s = one([fill(-LOT, 5_000), fill(2 * LOT, 6_000)]); // long 65 at ₹50, sold 130 at ₹60
    expect(s.realizedPaise).toBe(LOT * 1_000);
    expect([s.netQuantity, brokerAveragePaise(s)]).toEqual([LOT, 6_000]);
  });
});

describe("Kite's day P&L", () => {
  it('of a leg opened today is its P&L', () => {
    const s = one([fill(LOT, 10_000), fill(-LOT, 9_000), fill(LOT, 9_500)]);
    expect(s.overnightQuantity).toBe(0);
    expect(brokerDayPnlPaise(s, 9_200, null)).toBe(s.realizedPaise + brokerUnrealizedPaise(s, 9_200));
  });

  it('of a leg held overnight starts from the previous close, not the entry', () => {
    // Sold yesterday at ₹100; closed yesterday at ₹90; ₹85 now: the day made 65 × ₹5, the position 65 × ₹15.
    const s = one([fill(LOT, 10_000, YESTERDAY)]);
    expect(s.overnightQuantity).toBe(LOT);
    expect(brokerDayPnlPaise(s, 8_500, 9_000)).toBe(LOT * 500);
    expect(brokerUnrealizedPaise(s, 8_500)).toBe(LOT * 1_500);
    // Unknown previous close: not a guess.
    expect(brokerDayPnlPaise(s, 8_500, null)).toBeNull();
  });

  it("adds today's trades at their prices to what was held overnight (Kite's positions mock, in paise)", () => {
    // GOLDGUINEA17DECFUT in kiteconnect-mocks positions.json: long 3 overnight (bought at ₹23057, close ₹23232),
    // bought 1 at ₹23388 and sold 4 at ₹23340 today; m2m ₹276, pnl ₹801. Long is < 0 here.
    const s = one([fill(-3, 2_305_700, YESTERDAY), fill(-1, 2_338_800), fill(4, 2_334_000)]);
    expect(brokerDayPnlPaise(s, 2_335_500, 2_323_200)).toBe(27_600);
    expect(s.realizedPaise + brokerUnrealizedPaise(s, 2_335_500)).toBe(80_100);
  });
});

/** Random fills over a few symbols across yesterday and today, and last prices and previous closes. */
const RUNS = { seed: 28, numRuns: 500 };
const names = ['CE1', 'PE1', 'CE2'];
const priceArb = fc.oneof(fc.integer({ min: 5, max: 5_000_000 }), fc.constantFrom(5, 10_005));
const sizeArb = fc.oneof(
  fc.integer({ min: 1, max: 10 }).map((lots) => lots * LOT),
  fc.integer({ min: 1, max: 1_000 }),
);
const fillArb = fc.record({
  tradingSymbol: fc.constantFrom(...names),
  quantity: fc.tuple(fc.boolean(), sizeArb).map(([isSell, size]) => (isSell ? size : -size)),
  pricePaise: priceArb,
  isToday: fc.boolean(),
});
const scenarioArb = fc.record({
  fills: fc
    .array(fillArb, { maxLength: 40 })
    // Yesterday's fills come first: the book is read oldest first.
    .map((list) =>
      [...list.filter((f) => !f.isToday), ...list.filter((f) => f.isToday)].map((f, i) => ({
        tradingSymbol: f.tradingSymbol,
        quantity: f.quantity,
        pricePaise: f.pricePaise,
        at: (f.isToday ? TODAY : YESTERDAY) + i,
      })),
    ),
  last: fc.tuple(...names.map(() => priceArb)),
  close: fc.tuple(...names.map(() => priceArb)),
});

describe('the broker way against the FIFO book, on any fills', () => {
  it('average-price realized + unrealized equals FIFO realized + unrealized to the paisa, symbol by symbol', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills, last }) => {
        const fifo = bookOf(fills);
        for (const [symbol, k] of brokerBookOf(fills, DAY)) {
          const ltp = last[names.indexOf(symbol)]!;
          const f = fifo.symbols.get(symbol)!;
          expect(k.netQuantity).toBe(f.netQuantity);
          expect(k.realizedPaise + brokerUnrealizedPaise(k, ltp)).toBe(
            f.realizedPaise + unrealizedPaise(f.openLots, ltp),
          );
        }
      }),
      RUNS,
    );
  });

  it('a position only ever added to has the same realized (none) and the same average either way', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills }) => {
        const sells = fills.filter((f) => f.quantity > 0);
        const fifo = bookOf(sells);
        for (const [symbol, k] of brokerBookOf(sells, DAY)) {
          expect(k.realizedPaise).toBe(0);
          const lots = fifo.symbols.get(symbol)!.openLots;
          const cost = lots.reduce((sum, l) => sum + l.quantity * l.pricePaise, 0);
          expect(k.costPaise).toBe(cost);
        }
      }),
      RUNS,
    );
  });

  it("day P&L = the whole P&L less what yesterday's fills made up to the previous close", () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills, last, close }) => {
        const book = brokerBookOf(fills, DAY);
        for (const [symbol, k] of book) {
          const i = names.indexOf(symbol);
          const mine = fills.filter((f) => f.tradingSymbol === symbol);
          const before = mine.filter((f) => f.at < DAY);
          // Yesterday's P&L at its close: its fills' cash less the overnight position bought back at the close.
          const yesterday = cashFlowPaise(before) - k.overnightQuantity * close[i]!;
          const whole = cashFlowPaise(mine) - k.netQuantity * last[i]!;
          expect(brokerDayPnlPaise(k, last[i]!, close[i]!)).toBe(whole - yesterday);
        }
      }),
      RUNS,
    );
  });
});
