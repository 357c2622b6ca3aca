import { describe, expect, it } from 'vitest';
import { startStepLoop } from './step-loop.js';

describe('startStepLoop', () => {
  it('hands every passed second to the listener once, capping a long jump', () => {
    let now = 1_000_000;
    const seen: number[] = [];
    const loop = startStepLoop(
      () => now,
      (s) => seen.push(s),
      { intervalMs: 60_000, maxCatchUp: 3 },
    );
    loop.pump();
    expect(seen).toEqual([]);
    now += 2_500;
    loop.pump();
    expect(seen).toEqual([1001, 1002]);
    now += 10_000;
    loop.pump();
    expect(seen.slice(2)).toEqual([1010, 1011, 1012]);
    now -= 5_000;
    loop.pump();
    expect(seen.at(-1)).toBe(1007);
    loop.stop();
  });
});
