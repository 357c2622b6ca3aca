import { describe, expect, it } from 'vitest';
import { manualClock, steppableClock } from './clock.js';

describe('steppableClock', () => {
  it('runs with its base and keeps every skip', () => {
    const base = manualClock(1_000);
    const clock = steppableClock(base);
    expect(clock.now()).toBe(1_000);
    clock.advance(60_000);
    base.advance(5);
    expect(clock.now()).toBe(61_005);
  });

  it('never goes back', () => {
    const clock = steppableClock(manualClock(0));
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0.5)).toThrow(RangeError);
    expect(clock.now()).toBe(0);
  });
});
