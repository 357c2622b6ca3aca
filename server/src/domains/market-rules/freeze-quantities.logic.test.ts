import { describe, expect, it } from 'vitest';
import { FREEZE_SCHEDULES, freezeQuantitiesOn, orderSlices } from './freeze-quantities.logic.js';

describe('freeze quantities by date', () => {
  it('gives the schedule in force on a day, and the earliest known before it', () => {
    expect(freezeQuantitiesOn('2026-11-27')).toMatchObject({ NIFTY: 1800, BANKNIFTY: 600 });
    expect(freezeQuantitiesOn('2025-01-02')).toBe(FREEZE_SCHEDULES[0]!.quantities);
    for (const s of FREEZE_SCHEDULES) expect(s.source).not.toBe('');
  });

  it('keeps an order within the freeze quantity whole', () => {
    expect(orderSlices('NIFTY', '2026-11-27', 65, 1_755)).toEqual([1_755]);
    expect(orderSlices('NIFTY', '2026-11-27', 65, 1_800)).toEqual([1_800]);
  });

  it('slices above it at the most whole lots within it, the last slice the rest, as Kite’s autoslice does', () => {
    expect(orderSlices('NIFTY', '2026-11-27', 65, 50 * 65)).toEqual([1_755, 1_495]);
    expect(orderSlices('BANKNIFTY', '2026-11-27', 30, 50 * 30)).toEqual([600, 600, 300]);
    // The sum is always the order.
    for (let lots = 1; lots <= 100; lots++) {
      const slices = orderSlices('BANKNIFTY', '2026-11-27', 35, lots * 35);
      expect(slices.reduce((a, b) => a + b, 0)).toBe(lots * 35);
      expect(Math.max(...slices)).toBeLessThanOrEqual(600);
    }
  });

  it('leaves an order of a root with no known freeze quantity whole', () => {
    expect(orderSlices('BTCUSDT', '2026-11-27', 1, 10_000)).toEqual([10_000]);
    expect(orderSlices(null, '2026-11-27', 65, 10_000)).toEqual([10_000]);
  });
});
