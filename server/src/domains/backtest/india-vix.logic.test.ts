import { describe, expect, it } from 'vitest';
import { VIX_STALE_MS, volatilityAt } from './india-vix.logic.js';

const MIN = 60_000;
const readings = [
  { closedAt: 10 * MIN, percent: 14 },
  { closedAt: 11 * MIN, percent: 15.5 },
  { closedAt: 12 * MIN, percent: 16 },
];

describe('volatilityAt', () => {
  it('is the last reading closed at or before the instant, as a fraction', () => {
    expect(volatilityAt(readings, 10 * MIN)).toBe(0.14);
    expect(volatilityAt(readings, 11 * MIN + 59_999)).toBe(0.155);
    expect(volatilityAt(readings, 60 * MIN)).toBe(0.16);
  });

  it('never reads a candle still open at the instant (no look-ahead)', () => {
    expect(volatilityAt(readings, 10 * MIN - 1)).toBeNull();
    expect(volatilityAt(readings, 12 * MIN - 1)).toBe(0.155);
  });

  it('has none when the last reading is older than a long weekend, or there are none, or it is not a reading', () => {
    expect(volatilityAt(readings, 12 * MIN + VIX_STALE_MS)).toBe(0.16);
    expect(volatilityAt(readings, 12 * MIN + VIX_STALE_MS + 1)).toBeNull();
    expect(volatilityAt([], 12 * MIN)).toBeNull();
    expect(volatilityAt([{ closedAt: 0, percent: 0 }], MIN)).toBeNull();
  });
});
