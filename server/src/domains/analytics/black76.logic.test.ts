import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  black76,
  emptyGreeks,
  forwardFromSpot,
  normalCdf,
  normalPdf,
  TRADING_DAYS_PER_YEAR,
  type Black76Input,
} from './black76.logic.js';

/*
 * Black-76 against published worked examples, then its identities over random inputs: put–call parity, and each
 * greek as the finite difference of the price it belongs to.
 */

const priceOf = (input: Black76Input) => black76(input).price;

describe('normalCdf', () => {
  it('matches the standard normal table to 1e-15', () => {
    // Reference values: scipy.stats.norm.cdf (double precision), the same as Abramowitz–Stegun table 26.1 to its digits.
    const table: [number, number][] = [
      [-3, 0.0013498980316300933],
      [-1.96, 0.024997895148220435],
      [-1, 0.15865525393145707],
      [0, 0.5],
      [0.5, 0.6914624612740131],
      [1, 0.8413447460685429],
      [1.96, 0.9750021048517795],
      [3, 0.9986501019683699],
    ];
    for (const [x, expected] of table) expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-15);
  });

  it('is symmetric, monotone, and the integral of normalPdf', () => {
    fc.assert(
      fc.property(fc.double({ min: -9, max: 9, noNaN: true }), (x) => {
        expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 14);
        expect(normalCdf(x + 1e-3)).toBeGreaterThanOrEqual(normalCdf(x));
        const h = 1e-4;
        expect((normalCdf(x + h) - normalCdf(x - h)) / (2 * h)).toBeCloseTo(normalPdf(x), 8);
      }),
    );
  });
});

describe('black76 against published values', () => {
  it("prices Hull's crude-oil futures put: F = K = 20, r = 9%, σ = 25%, T = 4 months → 1.12", () => {
    // J. C. Hull, Options, Futures, and Other Derivatives, the chapter on futures options (Black's model),
    // worked example: d1 = 0.07216, d2 = -0.07216, put = e^{-0.09×4/12}(20×0.5288 − 20×0.4712) = 1.12.
    const input: Black76Input = { optionType: 'PE', forward: 20, strike: 20, years: 4 / 12, rate: 0.09, vol: 0.25 };
    expect(priceOf(input)).toBeCloseTo(1.12, 2);
    expect(priceOf(input)).toBeCloseTo(1.1166414565589438, 12); // the unrounded value (scipy, same formula)
  });

  it("prices Haug's Black-76 example: F = K = 19, T = 0.75, r = 10%, σ = 28% → call = put = 1.7011", () => {
    // E. G. Haug, The Complete Guide to Option Pricing Formulas (2nd ed.), "Options on Forwards/Futures: the
    // Black-76 model" worked example.
    const base = { forward: 19, strike: 19, years: 0.75, rate: 0.1, vol: 0.28 };
    expect(priceOf({ ...base, optionType: 'CE' })).toBeCloseTo(1.7011, 4);
    expect(priceOf({ ...base, optionType: 'PE' })).toBeCloseTo(1.7011, 4);
  });

  it("gives Haug's futures-option deltas: F = 105, K = 100, T = 0.5, r = 10%, σ = 36% → 0.5946 and -0.3566", () => {
    // Haug (2nd ed.), chapter 2 (Black–Scholes–Merton greeks), the delta example with cost of carry b = 0,
    // i.e. an option on a future (Black-76).
    const base = { forward: 105, strike: 100, years: 0.5, rate: 0.1, vol: 0.36 };
    expect(black76({ ...base, optionType: 'CE' }).delta).toBeCloseTo(0.5946, 4);
    expect(black76({ ...base, optionType: 'PE' }).delta).toBeCloseTo(-0.3566, 4);
  });
});

describe('black76 edges', () => {
  it('is worth its intrinsic value at expiry, with a step delta and no gamma, vega or theta', () => {
    const call = black76({ optionType: 'CE', forward: 24_600, strike: 24_500, years: 0, rate: 0.065, vol: 0.14 });
    expect(call).toEqual({ price: 100, delta: 1, gamma: 0, theta: 0, vega: 0 });
    const put = black76({ optionType: 'PE', forward: 24_600, strike: 24_500, years: -1, rate: 0.065, vol: 0.14 });
    expect(put).toEqual({ price: 0, delta: 0, gamma: 0, theta: 0, vega: 0 });
  });

  it('with no volatility left, is the discounted intrinsic value growing at the rate', () => {
    const call = black76({ optionType: 'CE', forward: 110, strike: 100, years: 0.5, rate: 0.1, vol: 0 });
    expect(call.price).toBeCloseTo(10 * Math.exp(-0.05), 12);
    expect(call.theta).toBeCloseTo((0.1 * call.price) / TRADING_DAYS_PER_YEAR, 12);
    expect(black76({ optionType: 'PE', forward: 100, strike: 100, years: 0.5, rate: 0, vol: 0 }).delta).toBe(-0.5);
  });

  it('writes into the object it is given, so a chain can reuse one per leg', () => {
    const into = emptyGreeks();
    const out = black76({ optionType: 'CE', forward: 100, strike: 100, years: 0.1, rate: 0, vol: 0.2 }, into);
    expect(out).toBe(into);
    expect(into.price).toBeGreaterThan(0);
  });

  it('carries a spot to its forward at the rate (no dividends)', () => {
    expect(forwardFromSpot(100, 0.1, 0.5)).toBeCloseTo(100 * Math.exp(0.05), 12);
    expect(forwardFromSpot(100, 0.1, -1)).toBe(100);
  });
});

/** Inputs where a desk would use the model: within six standard deviations of the money, a minute to three years. */
const inputArb = fc
  .record({
    optionType: fc.constantFrom<'CE' | 'PE'>('CE', 'PE'),
    forward: fc.double({ min: 10, max: 60_000, noNaN: true }),
    years: fc.double({ min: 1 / 94_500, max: 3, noNaN: true }),
    rate: fc.double({ min: 0, max: 0.15, noNaN: true }),
    vol: fc.double({ min: 0.03, max: 2, noNaN: true }),
    deviations: fc.double({ min: -6, max: 6, noNaN: true }),
  })
  .map(({ deviations, ...rest }) => ({
    ...rest,
    strike: rest.forward * Math.exp(deviations * rest.vol * Math.sqrt(rest.years)),
  }));

describe('black76 identities', () => {
  it('keeps put–call parity: C − P = e^{−rT}(F − K)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const call = priceOf({ ...input, optionType: 'CE' });
        const put = priceOf({ ...input, optionType: 'PE' });
        const parity = Math.exp(-input.rate * input.years) * (input.forward - input.strike);
        expect(Math.abs(call - put - parity)).toBeLessThanOrEqual(1e-12 * Math.max(input.forward, input.strike));
      }),
    );
  });

  it('gives each greek as the finite difference of the price', () => {
    // Central differences need room to move: at least a session to expiry and within four deviations.
    const arb = inputArb.filter(
      (i) =>
        i.years >= 1 / TRADING_DAYS_PER_YEAR &&
        Math.abs(Math.log(i.strike / i.forward)) <= 4 * i.vol * Math.sqrt(i.years),
    );
    fc.assert(
      fc.property(arb, (input) => {
        const g = black76(input);
        const at = (change: Partial<Black76Input>) => priceOf({ ...input, ...change });
        const { forward: f, vol, years } = input;
        // A step that is small next to one standard deviation of F, however short the expiry.
        const dF = f * 1e-3 * vol * Math.sqrt(years);
        const delta = (at({ forward: f + dF }) - at({ forward: f - dF })) / (2 * dF);
        const gamma = (at({ forward: f + dF }) - 2 * g.price + at({ forward: f - dF })) / (dF * dF);
        const vega = (at({ vol: vol + 1e-5 }) - at({ vol: vol - 1e-5 })) / 2e-5 / 100;
        const dT = years * 1e-5;
        const theta = -(at({ years: years + dT }) - at({ years: years - dT })) / (2 * dT) / TRADING_DAYS_PER_YEAR;
        // Errors relative to each greek's natural scale (a whole delta, the price's own size).
        expect(Math.abs(g.delta - delta)).toBeLessThan(1e-6);
        expect(Math.abs(g.gamma - gamma) * f * f).toBeLessThan(1e-3 * Math.max(g.gamma * f * f, 1e-3) + 1e-7 * f);
        expect(Math.abs(g.vega - vega)).toBeLessThan(1e-6 * f);
        expect(Math.abs(g.theta - theta)).toBeLessThan(1e-6 * Math.max(Math.abs(g.theta), 1e-6 * f) + 1e-9 * f);
      }),
    );
  });

  it('has the signs of the textbook: call delta in (0, 1), put delta in (−1, 0), gamma and vega ≥ 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const g = black76(input);
        if (input.optionType === 'CE') expect(g.delta >= 0 && g.delta <= 1).toBe(true);
        else expect(g.delta >= -1 && g.delta <= 0).toBe(true);
        expect(g.gamma).toBeGreaterThanOrEqual(0);
        expect(g.vega).toBeGreaterThanOrEqual(0);
        expect(g.price).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
