import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76 } from './black76.logic.js';
import type { PayoffLeg } from './expiry-payoff.logic.js';
import { payoffGrid, strategyPayoff, todayPnlPaise, type StrategyPayoff } from './payoff.logic.js';

/*
 * The whole payoff answer: the grid it is drawn on, today's curve from Black-76, and the refusals.
 */

const EXPIRY = '2026-11-26';
const straddle: PayoffLeg[] = [
  { side: 'SELL', optionType: 'CE', strikePaise: 2_450_000, quantity: 75, pricePaise: 15_000, expiry: EXPIRY },
  { side: 'SELL', optionType: 'PE', strikePaise: 2_450_000, quantity: 75, pricePaise: 14_000, expiry: EXPIRY },
];
const weekOut = { years: 4 / 252, rate: 0.065, vol: 0.14 };

const payoffOf = (...args: Parameters<typeof strategyPayoff>) => strategyPayoff(...args) as StrategyPayoff;

describe('strategyPayoff', () => {
  it('draws a short straddle with its breakevens and corner on the grid', () => {
    const result = payoffOf({ legs: straddle, today: weekOut, underlyingPaise: 2_461_234 });
    expect(result.breakevensPaise).toEqual([2_421_000, 2_479_000]);
    expect(result.maxProfitPaise).toBe(2_175_000);
    expect(result.maxLossPaise).toBeNull();
    const xs = result.atExpiry.map((p) => p.underlyingPaise);
    for (const x of [2_421_000, 2_450_000, 2_479_000, 2_461_234]) expect(xs).toContain(x);
    expect(result.atExpiry.find((p) => p.underlyingPaise === 2_421_000)!.pnlPaise).toBe(0);
    expect(result.today.map((p) => p.underlyingPaise)).toEqual(xs);
    // A week out the short straddle has not yet earned its premium: today is below expiry at the strike.
    const atStrike = (curve: StrategyPayoff['today']) => curve.find((p) => p.underlyingPaise === 2_450_000)!.pnlPaise;
    expect(atStrike(result.today)).toBeLessThan(atStrike(result.atExpiry));
  });

  it('refuses no legs, and legs of different expiries (a calendar has no single expiry payoff)', () => {
    expect(strategyPayoff({ legs: [], today: weekOut })).toMatchObject({ reason: 'no legs' });
    const calendar = [straddle[0]!, { ...straddle[1]!, expiry: '2026-12-03' }];
    expect(strategyPayoff({ legs: calendar, today: weekOut })).toEqual({
      reason: 'mixed expiries',
      detail: 'legs expire on 2026-11-26, 2026-12-03',
    });
  });
});

describe('payoffGrid', () => {
  it('runs 10% past the outermost marks in even steps, never below 0, with every mark on it', () => {
    const grid = payoffGrid(straddle, [2_421_000, 2_479_000], { steps: 4 });
    expect(grid[0]).toBe(Math.floor(2_421_000 * 0.9));
    expect(grid.at(-1)).toBe(Math.ceil(2_479_000 * 1.1));
    expect(grid).toEqual([...grid].sort((a, b) => a - b));
    for (const x of [2_421_000, 2_450_000, 2_479_000]) expect(grid).toContain(x);
    expect(payoffGrid(straddle, [0], { margin: 2 })[0]).toBe(0);
    expect(grid.every((x) => Number.isInteger(x))).toBe(true);
  });
});

describe('todayPnlPaise', () => {
  it('is each leg at its Black-76 value on the carried forward, less its premium, in paise', () => {
    const u = 2_455_000;
    const forward = u * Math.exp(weekOut.rate * weekOut.years);
    const value = (optionType: 'CE' | 'PE') =>
      black76({ optionType, forward, strike: 2_450_000, years: weekOut.years, rate: weekOut.rate, vol: 0.14 }).price;
    const expected = -75 * (value('CE') - 15_000) - 75 * (value('PE') - 14_000);
    expect(todayPnlPaise(straddle, u, weekOut)).toBe(Math.round(expected));
  });

  it("takes a leg's own vol over the strategy's", () => {
    const richCall = [{ ...straddle[0]!, vol: 0.3 }, straddle[1]!];
    expect(todayPnlPaise(richCall, 2_450_000, weekOut)).toBeLessThan(todayPnlPaise(straddle, 2_450_000, weekOut));
  });

  it('is the expiry curve exactly once no time is left', () => {
    const legArb = fc.record({
      side: fc.constantFrom<PayoffLeg['side']>('BUY', 'SELL'),
      optionType: fc.constantFrom<PayoffLeg['optionType']>('CE', 'PE'),
      strikePaise: fc.integer({ min: -10, max: 10 }).map((k) => 2_450_000 + k * 5_000),
      pricePaise: fc.integer({ min: 0, max: 60_000 }),
      quantity: fc.integer({ min: 1, max: 12 }).map((lots) => lots * 25),
      expiry: fc.constant(EXPIRY),
    });
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 6 }), (legs) => {
        const result = payoffOf({ legs, today: { years: 0, rate: 0.065, vol: 0.14 }, grid: { steps: 20 } });
        expect(result.today).toEqual(result.atExpiry);
      }),
    );
  });
});
