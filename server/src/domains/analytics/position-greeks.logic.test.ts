import { describe, expect, it } from 'vitest';
import { black76 } from './black76.logic.js';
import { TRADING_MINUTES_PER_YEAR } from './expiry-time.logic.js';
import { legDeltaVega, legGreeks, sumGreeks, unitGreeks, type QuotedOption } from './position-greeks.logic.js';

// Monday 23 Nov 2026, 10:30 IST: 300 minutes of today's session and Tuesday's 375 to the 24 Nov close.
const NOW = Date.parse('2026-11-23T05:00:00Z');
const YEARS = 675 / TRADING_MINUTES_PER_YEAR;
const RATE = 0.0525; // the repo rate in force (risk-free-rates.ts)
const SPOT = 2_326_890;
const FORWARD = SPOT * Math.exp(RATE * YEARS);
const market = { spotPaise: SPOT, now: NOW, holidays: new Set<string>() };

/** An option of the 24 Nov expiry quoted at what Black-76 gives it at `vol`, to the paisa. */
function quoted(optionType: 'CE' | 'PE', strikePaise: number, vol: number): QuotedOption {
  const price = black76({ optionType, forward: FORWARD, strike: strikePaise, years: YEARS, rate: RATE, vol }).price;
  return { optionType, strikePaise, expiry: '2026-11-24', ltpPaise: Math.round(price) };
}

describe("a held option's greeks", () => {
  it('solves the IV from the last price on S·e^{rT} and gives Black-76 greeks at it', () => {
    const option = quoted('CE', 2_335_000, 0.12);
    const unit = unitGreeks(option, market);
    expect(unit).not.toBeNull();
    if (!unit) return;
    expect(unit.vol).toBeCloseTo(0.12, 4);
    const model = black76({
      optionType: 'CE',
      forward: FORWARD,
      strike: 2_335_000,
      years: YEARS,
      rate: RATE,
      vol: unit.vol,
    });
    expect(Math.round(model.price)).toBe(option.ltpPaise);
    expect(unit.delta).toBeCloseTo(model.delta, 12);
    expect(unit.theta).toBeCloseTo(model.theta, 9);

    // One lot of 65 sold (SPEC's sign: +65): the long's greeks negated and × 65, money in whole paise.
    const leg = legGreeks(unit, 65);
    expect(leg.iv).toBeCloseTo(12, 2);
    expect(leg.delta).toBeCloseTo(-65 * model.delta, 4);
    expect(leg.gamma).toBeCloseTo(-65 * model.gamma * 100, 8);
    expect(leg.thetaPaise).toBe(Math.round(-65 * model.theta));
    expect(leg.vegaPaise).toBe(Math.round(-65 * model.vega));
    // By hand: ATM-ish (F ≈ 23,277.7, K = 23,350), σ√T = 0.12·√(675/94,500) ≈ 0.01014, d1 ≈ −0.3063,
    // N(d1) ≈ 0.3797, D ≈ 0.99963: delta ≈ 0.3796 a unit, −24.67 for the 65 sold.
    expect(leg.delta).toBeCloseTo(-24.67, 0);
  });

  it('gives a short call negative delta, and any short option positive theta and negative vega', () => {
    const call = legGreeks(unitGreeks(quoted('CE', 2_340_000, 0.12), market)!, 65);
    const put = legGreeks(unitGreeks(quoted('PE', 2_310_000, 0.13), market)!, 65);
    expect(call.delta).toBeLessThan(0);
    expect(put.delta).toBeGreaterThan(0);
    for (const short of [call, put]) {
      expect(short.thetaPaise).toBeGreaterThan(0);
      expect(short.vegaPaise).toBeLessThan(0);
      expect(short.gamma).toBeLessThan(0);
    }
    // Bought (SPEC's sign −65): the mirror image.
    const long = legGreeks(unitGreeks(quoted('CE', 2_340_000, 0.12), market)!, -65);
    expect([long.delta, long.thetaPaise, long.vegaPaise]).toEqual([-call.delta, -call.thetaPaise, -call.vegaPaise]);
  });

  it("gives the portfolio limits a leg's delta in ten-thousandths and vega in paise exactly as legGreeks rounds them", () => {
    for (const [type, strike, vol] of [
      ['CE', 2_340_000, 0.12],
      ['PE', 2_310_000, 0.13],
      ['PE', 2_340_000, 0.15],
    ] as const) {
      const unit = unitGreeks(quoted(type, strike, vol), market)!;
      for (const quantity of [65, -65, 130, 1]) {
        const leg = legGreeks(unit, quantity);
        expect(legDeltaVega(unit, quantity)).toEqual({
          deltaE4: Math.round(leg.delta * 10_000),
          vegaPaise: leg.vegaPaise,
        });
      }
    }
  });

  it('has no IV expired, without a usable price or spot, or priced outside the no-arbitrage bounds', () => {
    const option = quoted('CE', 2_335_000, 0.12);
    expect(unitGreeks(option, { ...market, now: Date.parse('2026-11-24T10:00:00Z') })).toBeNull(); // after the close
    expect(unitGreeks({ ...option, ltpPaise: 0 }, market)).toBeNull();
    expect(unitGreeks(option, { ...market, spotPaise: 0 })).toBeNull();
    // A deep in-the-money put at less than its intrinsic value, and a call worth more than the forward.
    expect(
      unitGreeks({ optionType: 'PE', strikePaise: 2_500_000, expiry: '2026-11-24', ltpPaise: 100_000 }, market),
    ).toBeNull();
    expect(unitGreeks({ ...option, ltpPaise: 3_000_000 }, market)).toBeNull();
  });

  it('counts only trading minutes: a holiday on the expiry eve makes the time shorter and the IV higher', () => {
    const option = quoted('CE', 2_335_000, 0.12);
    const withHoliday = unitGreeks(option, { ...market, holidays: new Set(['2026-11-23']) });
    // Today's 300 minutes no longer count: the same price over 375 minutes needs σ × √(675/375).
    expect(withHoliday?.vol).toBeCloseTo(0.12 * Math.sqrt(675 / 375), 2);
  });
});

describe("a strategy's greeks", () => {
  it('are the sums of its legs that have greeks, counting those left out', () => {
    const call = legGreeks(unitGreeks(quoted('CE', 2_340_000, 0.12), market)!, 65);
    const put = legGreeks(unitGreeks(quoted('PE', 2_310_000, 0.13), market)!, 65);
    const totals = sumGreeks([call, null, put]);
    expect(totals.delta).toBeCloseTo(call.delta + put.delta, 10);
    expect(totals.gamma).toBeCloseTo(call.gamma + put.gamma, 10);
    expect(totals.thetaPaise).toBe(call.thetaPaise + put.thetaPaise);
    expect(totals.vegaPaise).toBe(call.vegaPaise + put.vegaPaise);
    expect(totals.legsLeftOut).toBe(1);
    // A short strangle about the money: the deltas nearly cancel, theta is earned, vega is short.
    expect(Math.abs(totals.delta)).toBeLessThan(Math.abs(call.delta));
    expect(totals.thetaPaise).toBeGreaterThan(0);
    expect(totals.vegaPaise).toBeLessThan(0);
    expect(sumGreeks([])).toEqual({ delta: 0, gamma: 0, thetaPaise: 0, vegaPaise: 0, legsLeftOut: 0 });
  });
});
