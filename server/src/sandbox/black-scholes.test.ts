import { describe, expect, it } from 'vitest';
import { blackScholesPrice, normalCdf, optionPremiumMinor, roundPremium } from './black-scholes.js';

describe('normalCdf', () => {
  it('matches known values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 12);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 12);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(-40)).toBe(0);
  });
});

describe('Black–Scholes', () => {
  const base = { spot: 24_000, strike: 24_000, years: 7 / 365, volatility: 0.14 };

  it('agrees with a textbook value (S=100, K=100, T=1, σ=20 %, r=5 %: call 10.4506, put 5.5735)', () => {
    const input = { spot: 100, strike: 100, years: 1, volatility: 0.2, rate: 0.05 };
    expect(blackScholesPrice({ ...input, type: 'CE' })).toBeCloseTo(10.4506, 4);
    expect(blackScholesPrice({ ...input, type: 'PE' })).toBeCloseTo(5.5735, 4);
  });

  it('satisfies put-call parity C − P = S − K·e^(−rT)', () => {
    for (const strike of [22_000, 23_950, 24_000, 24_500, 26_000]) {
      for (const rate of [0, 0.065]) {
        const input = { ...base, strike, rate };
        const call = blackScholesPrice({ ...input, type: 'CE' });
        const put = blackScholesPrice({ ...input, type: 'PE' });
        expect(call - put).toBeCloseTo(base.spot - strike * Math.exp(-rate * base.years), 8);
      }
    }
  });

  it('is monotonic in strike: calls fall and puts rise as the strike goes up', () => {
    const strikes = Array.from({ length: 41 }, (_, i) => 23_000 + i * 50);
    const calls = strikes.map((strike) => blackScholesPrice({ ...base, strike, type: 'CE' }));
    const puts = strikes.map((strike) => blackScholesPrice({ ...base, strike, type: 'PE' }));
    calls.slice(1).forEach((c, i) => expect(c).toBeLessThan(calls[i] as number));
    puts.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(puts[i] as number));
  });

  it('is worth its intrinsic value at expiry', () => {
    expect(blackScholesPrice({ ...base, strike: 23_900, years: 0, type: 'CE' })).toBe(100);
    expect(blackScholesPrice({ ...base, strike: 23_900, years: 0, type: 'PE' })).toBe(0);
  });
});

describe('premium rounding', () => {
  it('rounds to the 0.05 tick and never goes below one tick', () => {
    expect(roundPremium(12_342, 5)).toBe(12_340);
    expect(roundPremium(12_343, 5)).toBe(12_345);
    expect(roundPremium(0.3, 5)).toBe(5);
    expect(roundPremium(0, 5)).toBe(5);
  });

  it('prices in paise on the tick, deep out of the money at the floor', () => {
    const atm = optionPremiumMinor({
      spot: 2_400_000,
      strike: 2_400_000,
      years: 7 / 365,
      volatility: 0.14,
      type: 'CE',
      tickMinor: 5,
    });
    expect(atm % 5).toBe(0);
    expect(atm / 100).toBeGreaterThan(150);
    expect(atm / 100).toBeLessThan(250);
    const far = optionPremiumMinor({
      spot: 2_400_000,
      strike: 3_000_000,
      years: 1 / 365,
      volatility: 0.14,
      type: 'CE',
      tickMinor: 5,
    });
    expect(far).toBe(5);
  });
});
