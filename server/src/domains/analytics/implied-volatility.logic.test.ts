import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76 } from './black76.logic.js';
import { impliedVolatility, MAX_IMPLIED_VOL, noArbitrageBounds } from './implied-volatility.logic.js';

/*
 * Implied vol solved back from Black-76 prices, and no answer where no volatility gives the price.
 */

/** A NIFTY weekly a week out, at the money. */
const nifty = { optionType: 'CE' as const, forward: 24_620, strike: 24_600, years: 5 / 252, rate: 0.065 };

describe('impliedVolatility', () => {
  it("recovers Haug's and Hull's volatilities from their published prices", () => {
    // Haug's Black-76 example (F = K = 19, T = 0.75, r = 10%): 1.7011 at σ = 28%, to the price's four decimals.
    const haug = impliedVolatility({
      optionType: 'CE',
      price: 1.7011,
      forward: 19,
      strike: 19,
      years: 0.75,
      rate: 0.1,
    });
    expect(haug).toBeCloseTo(0.28, 4);
    // Hull's futures put (F = K = 20, T = 4/12, r = 9%): 1.1166 at σ = 25%.
    const hull = impliedVolatility({
      optionType: 'PE',
      price: 1.1166,
      forward: 20,
      strike: 20,
      years: 4 / 12,
      rate: 0.09,
    });
    expect(hull).toBeCloseTo(0.25, 4);
  });

  it('has no answer for a price at or below the discounted intrinsic value', () => {
    const itm = { ...nifty, strike: 24_000 };
    const { lower } = noArbitrageBounds(itm);
    expect(lower).toBeCloseTo(620 * Math.exp(-0.065 * (5 / 252)), 9);
    expect(impliedVolatility({ ...itm, price: lower - 1 })).toBeNull();
    expect(impliedVolatility({ ...itm, price: lower })).toBeNull();
    expect(impliedVolatility({ ...nifty, optionType: 'PE', strike: 24_000, price: 0 })).toBeNull();
    expect(impliedVolatility({ ...nifty, price: -5 })).toBeNull();
  });

  it('has no answer at or above the upper bound (the discounted forward for a call, strike for a put)', () => {
    const { upper } = noArbitrageBounds(nifty);
    expect(impliedVolatility({ ...nifty, price: upper })).toBeNull();
    expect(impliedVolatility({ ...nifty, price: upper + 1 })).toBeNull();
    const put = { ...nifty, optionType: 'PE' as const };
    expect(impliedVolatility({ ...put, price: noArbitrageBounds(put).upper + 0.01 })).toBeNull();
    // Inside the bounds but needing more than 1000%.
    const wild = black76({ ...nifty, vol: MAX_IMPLIED_VOL * 1.5 }).price;
    expect(impliedVolatility({ ...nifty, price: wild })).toBeNull();
  });

  it('has no answer once expired or for a price that is not a number', () => {
    expect(impliedVolatility({ ...nifty, years: 0, price: 50 })).toBeNull();
    expect(impliedVolatility({ ...nifty, years: -0.01, price: 50 })).toBeNull();
    expect(impliedVolatility({ ...nifty, price: Number.NaN })).toBeNull();
    expect(impliedVolatility({ ...nifty, forward: 0, price: 50 })).toBeNull();
  });

  it('solves back the volatility that priced the option, to 1e-6, calls and puts, in and out of the money', () => {
    const arb = fc
      .record({
        optionType: fc.constantFrom<'CE' | 'PE'>('CE', 'PE'),
        forward: fc.double({ min: 10, max: 60_000, noNaN: true }),
        years: fc.double({ min: 1 / 94_500, max: 3, noNaN: true }),
        rate: fc.double({ min: 0, max: 0.15, noNaN: true }),
        vol: fc.double({ min: 0.02, max: 3, noNaN: true }),
        // Within three standard deviations: further out the price barely moves with σ, and its float noise
        // alone would be more than 1e-6 of vol.
        deviations: fc.double({ min: -3, max: 3, noNaN: true }),
      })
      .map(({ deviations, ...r }) => ({ ...r, strike: r.forward * Math.exp(deviations * r.vol * Math.sqrt(r.years)) }));
    fc.assert(
      fc.property(arb, ({ vol, ...option }) => {
        const price = black76({ ...option, vol }).price;
        expect(impliedVolatility({ ...option, price })).toBeCloseTo(vol, 6);
      }),
    );
  });
});
