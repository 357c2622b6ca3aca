import { describe, expect, it } from 'vitest';
import { comboLabel, gridCombinations, gridSize } from './sweep-grid.logic.js';

describe('a sweep grid', () => {
  it('makes every combination once, the last field varying fastest', () => {
    const grid = { offset_value: [0, 100, 200], interval: ['5m', '15m'] };
    expect(gridSize(grid)).toBe(6);
    const combos = gridCombinations(grid);
    expect(combos).toHaveLength(6);
    expect(combos.slice(0, 3)).toEqual([
      { offset_value: 0, interval: '5m' },
      { offset_value: 0, interval: '15m' },
      { offset_value: 100, interval: '5m' },
    ]);
    expect(new Set(combos.map(comboLabel)).size).toBe(6);
    expect(comboLabel(combos[5]!)).toBe('offset_value=200, interval=15m');
  });

  it('counts a grid without building it, so a huge one is refused cheaply', () => {
    expect(gridSize({ a: Array.from({ length: 30 }), b: Array.from({ length: 30 }) })).toBe(900);
    expect(gridSize({})).toBe(1);
  });
});
