import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiryBreakevens, expiryExtremes, expiryPnlPaise, kinksOf, type PayoffLeg } from './expiry-payoff.logic.js';

/*
 * The expiry payoff by hand for the strategies traders build most, then its shape over random strategies:
 * zero at every breakeven, a breakeven at every zero, bends only at strikes, and extremes nothing beats.
 */

const EXPIRY = '2026-11-26';
const leg = (
  side: PayoffLeg['side'],
  optionType: PayoffLeg['optionType'],
  strikeRupees: number,
  premiumPaise: number,
  quantity = 75,
): PayoffLeg => ({
  side,
  optionType,
  strikePaise: strikeRupees * 100,
  pricePaise: premiumPaise,
  quantity,
  expiry: EXPIRY,
});

describe('breakevens and extremes by hand (one NIFTY lot, 75 units)', () => {
  it('short straddle 24,500 for ₹150 + ₹140: breakevens 24,500 ∓ 290, profit ₹21,750, loss unlimited', () => {
    const legs = [leg('SELL', 'CE', 24_500, 15_000), leg('SELL', 'PE', 24_500, 14_000)];
    expect(expiryBreakevens(legs)).toEqual([2_421_000, 2_479_000]);
    expect(expiryExtremes(legs)).toEqual({ maxProfitPaise: 2_175_000, maxLossPaise: null });
    expect(expiryPnlPaise(legs, 2_450_000)).toBe(2_175_000);
  });

  it('iron condor 24,100/24,300 PE and 24,700/24,900 CE for a ₹70 credit: 24,230 and 24,770, +₹5,250 / −₹9,750', () => {
    const legs = [
      leg('BUY', 'PE', 24_100, 2_500),
      leg('SELL', 'PE', 24_300, 6_000),
      leg('SELL', 'CE', 24_700, 5_500),
      leg('BUY', 'CE', 24_900, 2_000),
    ];
    expect(expiryBreakevens(legs)).toEqual([2_423_000, 2_477_000]);
    // The wings are ₹200 wide: the worst is 200 − 70 = ₹130 a unit.
    expect(expiryExtremes(legs)).toEqual({ maxProfitPaise: 525_000, maxLossPaise: -975_000 });
  });

  it('bull call spread 24,500/24,700 for a ₹90 debit: 24,590, +₹8,250 / −₹6,750', () => {
    const legs = [leg('BUY', 'CE', 24_500, 18_000), leg('SELL', 'CE', 24_700, 9_000)];
    expect(expiryBreakevens(legs)).toEqual([2_459_000]);
    expect(expiryExtremes(legs)).toEqual({ maxProfitPaise: 825_000, maxLossPaise: -675_000 });
  });

  it('long call 24,500 at ₹200: 24,700, profit unlimited, loss the premium', () => {
    const legs = [leg('BUY', 'CE', 24_500, 20_000)];
    expect(expiryBreakevens(legs)).toEqual([2_470_000]);
    expect(expiryExtremes(legs)).toEqual({ maxProfitPaise: null, maxLossPaise: -1_500_000 });
  });

  it('long put 24,500 at ₹200: bounded both ways, the profit stopping at an underlying of 0', () => {
    const legs = [leg('BUY', 'PE', 24_500, 20_000)];
    expect(expiryBreakevens(legs)).toEqual([2_430_000]);
    expect(expiryExtremes(legs)).toEqual({ maxProfitPaise: 75 * 2_430_000, maxLossPaise: -1_500_000 });
  });

  it('rounds a breakeven that falls between paise to the nearest one', () => {
    // Buy 75 × 24,500 CE at ₹100, sell 50 × 24,600 CE at ₹40.01: a ₹5,499.50 debit recovered at 75 units a paisa
    // from 24,500, so zero at 24,500 + 549,950 / 75 paise = ₹24,573.3266…
    const legs = [leg('BUY', 'CE', 24_500, 10_000), leg('SELL', 'CE', 24_600, 4_001, 50)];
    expect(expiryBreakevens(legs)).toEqual([2_457_333]);
    expect(expiryExtremes(legs)).toEqual({ maxProfitPaise: null, maxLossPaise: -549_950 });
  });

  it('gives a net sold call an unlimited loss even when puts are bought below', () => {
    const legs = [
      leg('SELL', 'CE', 24_500, 15_000, 150),
      leg('BUY', 'CE', 24_700, 8_000),
      leg('BUY', 'PE', 24_000, 3_000),
    ];
    expect(expiryExtremes(legs).maxLossPaise).toBeNull();
    expect(expiryExtremes(legs).maxProfitPaise).not.toBeNull();
  });

  it('gives the ends of a stretch flat at zero, and nothing for a payoff that is zero everywhere', () => {
    // The same call bought and sold at the same price: zero everywhere, so no price is where it turns.
    expect(expiryBreakevens([leg('BUY', 'CE', 24_500, 100), leg('SELL', 'CE', 24_500, 100)])).toEqual([]);
    // A put sold for nothing: zero from 24,500 up and a loss below, so 24,500 is where it leaves zero.
    expect(expiryBreakevens([leg('SELL', 'PE', 24_500, 0)])).toEqual([2_450_000]);
  });
});

/** Random strategies of up to six legs on ₹50 strikes around 24,500. */
const legsArb = fc.array(
  fc.record({
    side: fc.constantFrom<PayoffLeg['side']>('BUY', 'SELL'),
    optionType: fc.constantFrom<PayoffLeg['optionType']>('CE', 'PE'),
    strikePaise: fc.integer({ min: -10, max: 10 }).map((k) => 2_450_000 + k * 5_000),
    pricePaise: fc.integer({ min: 0, max: 60_000 }),
    quantity: fc.integer({ min: 1, max: 12 }).map((lots) => lots * 25),
    expiry: fc.constant(EXPIRY),
  }),
  { minLength: 1, maxLength: 6 },
);
const priceArb = fc.integer({ min: 0, max: 5_000_000 });

describe('the expiry payoff of any strategy', () => {
  it('is zero at each breakeven to within a paisa of the underlying', () => {
    fc.assert(
      fc.property(legsArb, (legs) => {
        for (const b of expiryBreakevens(legs)) {
          const [below, at, above] = [Math.max(b - 1, 0), b, b + 1].map((u) => expiryPnlPaise(legs, u)) as [
            number,
            number,
            number,
          ];
          // The P&L changes sign (or is zero) within a paisa either side…
          expect(Math.min(below, at, above) <= 0 && Math.max(below, at, above) >= 0).toBe(true);
          // …and is no more than half a paisa's move away from zero.
          expect(Math.abs(at)).toBeLessThanOrEqual(0.5 * Math.max(Math.abs(above - at), Math.abs(at - below)));
        }
      }),
    );
  });

  it('has a breakeven wherever it changes sign', () => {
    fc.assert(
      fc.property(legsArb, fc.array(priceArb, { minLength: 2, maxLength: 30 }), (legs, prices) => {
        const sorted = [...new Set(prices)].sort((a, b) => a - b);
        const breakevens = expiryBreakevens(legs);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          if (expiryPnlPaise(legs, a) * expiryPnlPaise(legs, b) < 0) {
            expect(breakevens.some((x) => x >= a && x <= b)).toBe(true);
          }
        }
      }),
    );
  });

  it('is piecewise linear, bending only at strikes', () => {
    fc.assert(
      fc.property(legsArb, fc.integer({ min: 1, max: 5_000_000 }), (legs, u) => {
        const bend = expiryPnlPaise(legs, u + 1) - 2 * expiryPnlPaise(legs, u) + expiryPnlPaise(legs, u - 1);
        if (bend !== 0) expect(legs.map((l) => l.strikePaise)).toContain(u);
        // And linear between strikes at any distance: the midpoint of two prices with no strike between them.
        const v = u + 2 * 997;
        if (!legs.some((l) => l.strikePaise > u && l.strikePaise < v)) {
          const mid = expiryPnlPaise(legs, u + 997);
          expect(2 * mid).toBe(expiryPnlPaise(legs, u) + expiryPnlPaise(legs, v));
        }
      }),
    );
  });

  it('never beats its max profit or max loss, reaches both, and is unbounded exactly when one is null', () => {
    fc.assert(
      fc.property(legsArb, fc.array(priceArb, { maxLength: 40 }), (legs, prices) => {
        const { maxProfitPaise, maxLossPaise } = expiryExtremes(legs);
        const atKinks = kinksOf(legs).map((k) => expiryPnlPaise(legs, k));
        for (const u of prices) {
          const pnl = expiryPnlPaise(legs, u);
          if (maxProfitPaise !== null) expect(pnl).toBeLessThanOrEqual(maxProfitPaise);
          if (maxLossPaise !== null) expect(pnl).toBeGreaterThanOrEqual(maxLossPaise);
        }
        if (maxProfitPaise !== null) expect(atKinks).toContain(maxProfitPaise);
        if (maxLossPaise !== null) expect(atKinks).toContain(maxLossPaise);
        // Far above every strike an unbounded side has left every kink behind.
        const far = expiryPnlPaise(legs, 1e10);
        if (maxProfitPaise === null) expect(far).toBeGreaterThan(Math.max(...atKinks));
        if (maxLossPaise === null) expect(far).toBeLessThan(Math.min(...atKinks));
      }),
    );
  });
});
