import { toPaise } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageEntryPaise,
  bookOf,
  cashFlowPaise,
  divideRoundHalfAway,
  unrealizedPaise,
  type Book,
  type LedgerFill,
} from './ledger.logic.js';

const rupees = (r: number) => toPaise(r);
const ist = (local: string) => Date.parse(`${local}+05:30`);
const CE = 'NIFTY26MAY24600CE';
const PE = 'NIFTY26MAY24400PE';
const LOT = 65;

/** SELL is a positive quantity, BUY a negative one (SPEC's transactions sign). */
const sell = (tradingSymbol: string, quantity: number, price: number, at = 0): LedgerFill => ({
  tradingSymbol,
  quantity,
  pricePaise: rupees(price),
  at,
});
const buy = (tradingSymbol: string, quantity: number, price: number, at = 0) =>
  sell(tradingSymbol, -quantity, price, at);

const symbol = (book: Book, name: string) => book.symbols.get(name)!;

describe('worked examples', () => {
  // LOT is one NIFTY lot of these May 2026 contracts (65 from the January 2026 expiries, NSE/FAOP/70616).
  it('a short strangle: two open short lots, nothing realized, marked at the last prices', () => {
    const fills = [sell(CE, LOT, 100), sell(PE, LOT, 90)];
    const book = bookOf(fills);
    expect(book.realizedPaise).toBe(0);
    expect(symbol(book, CE)).toEqual({
      tradingSymbol: CE,
      netQuantity: LOT,
      openLots: [{ quantity: LOT, pricePaise: 10_000, at: 0 }],
      realizedPaise: 0,
      realizedSincePaise: 0,
      lastPricePaise: 10_000,
    });
    // Sold 65 + 65 for ₹6,500 + ₹5,850 of premium.
    expect(cashFlowPaise(fills)).toBe(rupees(12_350));
    // CE fell 100 → 80: +₹20 × 65 = ₹1,300. PE rose 90 → 95: −₹5 × 65 = −₹325.
    expect(unrealizedPaise(symbol(book, CE).openLots, rupees(80))).toBe(rupees(1_300));
    expect(unrealizedPaise(symbol(book, PE).openLots, rupees(95))).toBe(rupees(-325));
  });

  it('a partial exit closes the oldest lot first, then part of the next', () => {
    const book = bookOf([sell(CE, LOT, 100, 1), sell(CE, LOT, 110, 2), buy(CE, 100, 90, 3)]);
    const ce = symbol(book, CE);
    // 65 of the ₹100 lot: 65 × ₹10 = ₹650; 35 of the ₹110 lot: 35 × ₹20 = ₹700.
    expect(ce.realizedPaise).toBe(rupees(1_350));
    expect(ce.openLots).toEqual([{ quantity: 30, pricePaise: rupees(110), at: 2 }]);
    expect(ce.netQuantity).toBe(30);
    expect(ce.lastPricePaise).toBe(rupees(90));
    expect(averageEntryPaise(ce.openLots)).toBe(rupees(110));
  });

  it('a fill larger than the position closes it and opens the remainder the other way', () => {
    const reversed = bookOf([sell(CE, LOT, 100, 1), buy(CE, 2 * LOT, 120, 2)]);
    // Bought back 65 at ₹20 over the sale: −₹1,300; then long 65 at ₹120.
    expect(symbol(reversed, CE).realizedPaise).toBe(rupees(-1_300));
    expect(symbol(reversed, CE).openLots).toEqual([{ quantity: -LOT, pricePaise: rupees(120), at: 2 }]);
    // A long lot gains when the price rises: 65 × (₹125 − ₹120).
    expect(unrealizedPaise(symbol(reversed, CE).openLots, rupees(125))).toBe(rupees(325));

    const flat = bookOf([sell(CE, LOT, 100, 1), buy(CE, 2 * LOT, 120, 2), sell(CE, LOT, 130, 3)]);
    // The long 65 sold ₹10 higher: +₹650, so −₹650 in all, and flat.
    expect(symbol(flat, CE).realizedPaise).toBe(rupees(-650));
    expect(symbol(flat, CE).netQuantity).toBe(0);
    expect(symbol(flat, CE).openLots).toEqual([]);
  });

  it('realized "today" counts only closing fills at or after IST midnight', () => {
    const midnight = ist('2026-05-05T00:00:00');
    const fills = [
      sell(CE, LOT, 100, ist('2026-05-04T10:00:00')),
      buy(CE, 25, 90, ist('2026-05-04T14:00:00')), // day 1: 25 × ₹10 = ₹250
      buy(CE, 25, 70, midnight), // exactly midnight is day 2: 25 × ₹30 = ₹750
      buy(CE, 15, 60, ist('2026-05-05T11:00:00')), // day 2: the last 15 × ₹40 = ₹600
    ];
    const book = bookOf(fills, { since: midnight });
    expect(book.realizedPaise).toBe(rupees(1_600));
    expect(book.realizedSincePaise).toBe(rupees(1_350));
    expect(symbol(book, CE).realizedSincePaise).toBe(rupees(1_350));
    // A day-2 opening fill realizes nothing, whatever day it is.
    const opened = bookOf([...fills, sell(PE, LOT, 50, ist('2026-05-05T12:00:00'))], { since: midnight });
    expect(opened.realizedSincePaise).toBe(rupees(1_350));
  });

  it('keeps symbols apart and the last price by input order', () => {
    const book = bookOf([sell(CE, LOT, 100, 5), sell(PE, LOT, 90, 1), buy(PE, LOT, 95, 2), sell(CE, LOT, 101, 3)]);
    expect(symbol(book, CE).lastPricePaise).toBe(rupees(101));
    expect(symbol(book, CE).netQuantity).toBe(2 * LOT);
    expect(symbol(book, PE).netQuantity).toBe(0);
    expect(symbol(book, PE).realizedPaise).toBe(rupees(-325));
    expect(book.realizedPaise).toBe(rupees(-325));
  });

  it('skips fills of quantity 0 and books nothing from no fills', () => {
    expect(bookOf([]).symbols.size).toBe(0);
    expect(bookOf([sell(CE, 0, 100)]).symbols.size).toBe(0);
  });
});

describe('averageEntryPaise', () => {
  it('weights by quantity and rounds half away from zero', () => {
    expect(averageEntryPaise([])).toBe(0);
    const lot = (quantity: number, pricePaise: number) => ({ quantity, pricePaise, at: 0 });
    expect(averageEntryPaise([lot(1, 100), lot(2, 101)])).toBe(101); // 100.67
    expect(averageEntryPaise([lot(2, 100), lot(1, 101)])).toBe(100); // 100.33
    expect(averageEntryPaise([lot(-LOT, 100), lot(-LOT, 101)])).toBe(101); // 100.5
    expect(divideRoundHalfAway(-201, 2)).toBe(-101);
    expect(divideRoundHalfAway(-200, 3)).toBe(-67);
    expect(divideRoundHalfAway(7, 7)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties over random fill sequences.

const SYMBOLS = [CE, PE, 'BANKNIFTY26MAY52000CE', 'FINNIFTY26MAY23000PE'];
const RUNS = { seed: 42, numRuns: 500 };

const sizeArb = fc.oneof(
  // NIFTY's lots before and from the January 2026 expiries: books hold both across the revision.
  fc.integer({ min: 1, max: 10 }).map((lots) => lots * 75),
  fc.integer({ min: 1, max: 10 }).map((lots) => lots * LOT),
  fc.integer({ min: 1, max: 1_000 }),
);
const quantityArb = fc.tuple(fc.boolean(), sizeArb).map(([isSell, size]) => (isSell ? size : -size));
const priceArb = fc.oneof(fc.integer({ min: 5, max: 5_000_000 }), fc.constantFrom(5, 10_000, 10_005, 5_000_000));

/** 1–4 symbols, up to 40 fills in time order, and a last price for every symbol. */
const scenarioArb = fc
  .integer({ min: 1, max: SYMBOLS.length })
  .chain((count) => {
    const names = SYMBOLS.slice(0, count);
    const fillArb = fc.record({
      tradingSymbol: fc.constantFrom(...names),
      quantity: quantityArb,
      pricePaise: priceArb,
      gapMs: fc.integer({ min: 0, max: 3_600_000 }),
    });
    return fc.record({
      fills: fc.array(fillArb, { maxLength: 40 }),
      last: fc.tuple(...names.map(() => priceArb)).map((prices) => new Map(names.map((n, i) => [n, prices[i]!]))),
    });
  })
  .map(({ fills, last }) => {
    let at = ist('2026-05-04T09:15:00');
    const timed = fills.map(({ gapMs, ...f }): LedgerFill => ({ ...f, at: (at += gapMs) }));
    return { fills: timed, last };
  });

const sumBy = <T>(items: Iterable<T>, f: (item: T) => number) => {
  let sum = 0;
  for (const item of items) sum += f(item);
  return sum;
};

describe('properties', () => {
  it('realized + unrealized = cash flow − Σ net × last, to the paisa', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills, last }) => {
        const book = bookOf(fills);
        const symbols = [...book.symbols.values()];
        const unrealized = sumBy(symbols, (s) => unrealizedPaise(s.openLots, last.get(s.tradingSymbol)!));
        const marked = sumBy(symbols, (s) => s.netQuantity * last.get(s.tradingSymbol)!);
        expect(book.realizedPaise + unrealized).toBe(cashFlowPaise(fills) - marked);
        expect(Number.isSafeInteger(book.realizedPaise)).toBe(true);
      }),
      RUNS,
    );
  });

  it('net quantity is the sum of the fills and of the open lots, which all share its sign', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills }) => {
        const book = bookOf(fills);
        for (const s of book.symbols.values()) {
          const own = fills.filter((f) => f.tradingSymbol === s.tradingSymbol);
          expect(s.netQuantity).toBe(sumBy(own, (f) => f.quantity));
          expect(s.netQuantity).toBe(sumBy(s.openLots, (l) => l.quantity));
          for (const lot of s.openLots) expect(Math.sign(lot.quantity)).toBe(Math.sign(s.netQuantity));
          expect(s.lastPricePaise).toBe(own[own.length - 1]!.pricePaise);
        }
        expect(book.realizedPaise).toBe(sumBy(book.symbols.values(), (s) => s.realizedPaise));
      }),
      RUNS,
    );
  });

  it('open lots are the latest fills, oldest first, at their own prices', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills }) => {
        for (const s of bookOf(fills).symbols.values()) {
          const ats = s.openLots.map((l) => l.at);
          expect(ats).toEqual([...ats].sort((a, b) => a - b));
          for (const lot of s.openLots.slice(1)) {
            expect(fills).toContainEqual({ tradingSymbol: s.tradingSymbol, ...lot });
          }
        }
      }),
      RUNS,
    );
  });

  it('since = −∞ (the default) keeps all realized, +∞ none, and any since splits at that instant', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 40 }), ({ fills }, cut) => {
        const book = bookOf(fills);
        expect(bookOf(fills, { since: -Infinity }).realizedSincePaise).toBe(book.realizedPaise);
        expect(book.realizedSincePaise).toBe(book.realizedPaise);
        expect(bookOf(fills, { since: Infinity }).realizedSincePaise).toBe(0);
        // FIFO is causal: what fills before `since` realized is the realized of those fills alone.
        const since = fills[cut]?.at ?? Infinity;
        const before = bookOf(fills.filter((f) => f.at < since));
        expect(before.realizedPaise + bookOf(fills, { since }).realizedSincePaise).toBe(book.realizedPaise);
      }),
      RUNS,
    );
  });

  it('realizes nothing when every fill has the same sign; each fill stays a lot', () => {
    fc.assert(
      fc.property(scenarioArb, fc.boolean(), ({ fills }, isSell) => {
        const sameSign = fills.map((f) => ({ ...f, quantity: Math.abs(f.quantity) * (isSell ? 1 : -1) }));
        const book = bookOf(sameSign);
        expect(book.realizedPaise).toBe(0);
        expect(sumBy(book.symbols.values(), (s) => s.openLots.length)).toBe(sameSign.length);
      }),
      RUNS,
    );
  });

  it('closing every open lot at its own entry price realizes nothing more, and then realized = cash flow', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills }) => {
        const book = bookOf(fills);
        const end = (fills[fills.length - 1]?.at ?? 0) + 1;
        const closes = [...book.symbols.values()].flatMap((s) =>
          s.openLots.map((l) => ({
            tradingSymbol: s.tradingSymbol,
            quantity: -l.quantity,
            pricePaise: l.pricePaise,
            at: end,
          })),
        );
        const all = [...fills, ...closes];
        const closed = bookOf(all);
        expect(closed.realizedPaise).toBe(book.realizedPaise);
        for (const s of closed.symbols.values()) expect(s.netQuantity).toBe(0);
        expect(closed.realizedPaise).toBe(cashFlowPaise(all));
      }),
      RUNS,
    );
  });

  it('splitting a fill into two at the same price changes neither realized nor net', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), fc.nat(), ({ fills }, which, part) => {
        fc.pre(fills.length > 0);
        const i = which % fills.length;
        const f = fills[i]!;
        fc.pre(Math.abs(f.quantity) > 1);
        const first = Math.sign(f.quantity) * (1 + (part % (Math.abs(f.quantity) - 1)));
        const split = [...fills.slice(0, i), { ...f, quantity: first }, { ...f, quantity: f.quantity - first }];
        split.push(...fills.slice(i + 1));
        const a = bookOf(fills);
        const b = bookOf(split);
        expect(b.realizedPaise).toBe(a.realizedPaise);
        for (const s of a.symbols.values()) expect(b.symbols.get(s.tradingSymbol)!.netQuantity).toBe(s.netQuantity);
      }),
      RUNS,
    );
  });

  it('books each symbol as if alone, and the average entry lies within the lot prices', () => {
    fc.assert(
      fc.property(scenarioArb, ({ fills }) => {
        const book = bookOf(fills);
        for (const s of book.symbols.values()) {
          const alone = bookOf(fills.filter((f) => f.tradingSymbol === s.tradingSymbol));
          expect(alone.realizedPaise).toBe(s.realizedPaise);
          if (s.openLots.length === 0) continue;
          const prices = s.openLots.map((l) => l.pricePaise);
          const average = averageEntryPaise(s.openLots);
          expect(average).toBeGreaterThanOrEqual(Math.min(...prices));
          expect(average).toBeLessThanOrEqual(Math.max(...prices));
          // At the average entry the book is nearly even: within half a paisa per unit.
          expect(Math.abs(unrealizedPaise(s.openLots, average))).toBeLessThanOrEqual(Math.abs(s.netQuantity) / 2);
        }
      }),
      RUNS,
    );
  });
});
