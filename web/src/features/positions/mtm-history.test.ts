import { describe, expect, it, vi } from 'vitest';
import { createMtmHistory, evenlySpaced, joinedCurve } from './mtm-history';

describe('mtm history', () => {
  it('keeps one point a second, the latest reading of that second', () => {
    const h = createMtmHistory();
    h.record(1, 10, 1_000);
    h.record(1, 12, 1_900);
    h.record(1, 15, 2_000);
    expect(h.points(1)).toEqual([
      { time: 1, value: 12 },
      { time: 2, value: 15 },
    ]);
  });

  it('keeps only the ends of a flat run, and ignores a reading older than the last', () => {
    const h = createMtmHistory();
    for (const [t, v] of [
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 7],
    ] as const)
      h.record(9, v, t * 1000);
    h.record(9, 100, 3_000);
    expect(h.points(9)).toEqual([
      { time: 1, value: 5 },
      { time: 4, value: 5 },
      { time: 5, value: 7 },
    ]);
  });

  it('tells subscribers, and forgets everything on clear', () => {
    const h = createMtmHistory();
    const listener = vi.fn();
    const unsubscribe = h.subscribe(listener);
    h.record(1, 1, 1000);
    h.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(h.points(1)).toEqual([]);
    unsubscribe();
    h.record(1, 1, 1000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('evenlySpaced', () => {
  it('fills the seconds between readings with the last reading', () => {
    const points = [
      { time: 10, value: 1 },
      { time: 13, value: 4 },
      { time: 14, value: 2 },
    ];
    expect(evenlySpaced(points)).toEqual([
      { time: 10, value: 1 },
      { time: 11, value: 1 },
      { time: 12, value: 1 },
      { time: 13, value: 4 },
      { time: 14, value: 2 },
    ]);
  });

  it('takes a coarser step for a long curve, always ending on the last reading', () => {
    const points = [
      { time: 0, value: 1 },
      { time: 5, value: 2 },
      { time: 9, value: 3 },
    ];
    expect(evenlySpaced(points, 4)).toEqual([
      { time: 0, value: 1 },
      { time: 3, value: 1 },
      { time: 6, value: 2 },
      { time: 9, value: 3 },
    ]);
    expect(evenlySpaced([])).toEqual([]);
  });
});

describe('joinedCurve', () => {
  it("draws the server's marks of the day, then only what this screen saw after the last of them", () => {
    const curve = joinedCurve(
      [
        { time: 100, mtm: 1 },
        { time: 160, mtm: 2 },
      ],
      [
        { time: 150, value: 9 },
        { time: 170, value: 3 },
      ],
    );
    expect(curve).toEqual([
      { time: 100, value: 1 },
      { time: 160, value: 2 },
      { time: 170, value: 3 },
    ]);
  });
});
