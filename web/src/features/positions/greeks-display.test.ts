import { describe, expect, it } from 'vitest';
import { formatDelta, formatTheta, leftOutNote, shiftGreeks, ZERO_GREEKS } from './greeks-display';

describe('greeks on the positions screen', () => {
  it('signs delta to two decimals and theta as rupees', () => {
    expect(formatDelta(-24.6712)).toBe('−24.67');
    expect(formatDelta(1234.5)).toBe('+1,234.50');
    expect(formatDelta(0.001)).toBe('0.00');
    expect(formatTheta(150.25)).toBe('+₹150.25');
    expect(formatTheta(-0.5)).toBe('−₹0.50');
  });

  it('says how many legs the sums leave out, and nothing when none', () => {
    expect(leftOutNote({ legs_left_out: 0 })).toBeNull();
    expect(leftOutNote({ legs_left_out: 1 })).toBe('1 leg without greeks left out');
    expect(leftOutNote({ legs_left_out: 3 })).toBe('3 legs without greeks left out');
  });

  it("moves totals by a strategy's new greeks less its old ones, theta and vega to the paisa", () => {
    const base = { delta: -10.1234, gamma: -0.01, theta: 100.1, vega: -200.2, legs_left_out: 1 };
    const old = { delta: -4.1, gamma: -0.004, theta: 40.05, vega: -80.1, legs_left_out: 1 };
    const now = { delta: -5.2, gamma: -0.005, theta: 41.15, vega: -79.9, legs_left_out: 0 };
    expect(shiftGreeks(base, now, old)).toEqual({
      delta: -11.2234,
      gamma: -0.011,
      theta: 101.2,
      vega: -200,
      legs_left_out: 0,
    });
    expect(shiftGreeks(ZERO_GREEKS, now, undefined)).toEqual(now);
  });
});
