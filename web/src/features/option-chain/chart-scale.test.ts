import { describe, expect, it } from 'vitest';
import {
  areaPath,
  extentOf,
  linePath,
  linearScale,
  niceStep,
  niceTicks,
  padExtent,
  plotBox,
  rupeeAxisLabel,
  tickCount,
  tickDigits,
  labelRows,
} from './chart-scale';

describe('linearScale', () => {
  it('maps the domain onto the range, and a y range given bottom first puts larger values higher', () => {
    const x = linearScale([9_500, 10_500], [50, 650]);
    expect(x(9_500)).toBe(50);
    expect(x(10_000)).toBe(350);
    expect(x(10_500)).toBe(650);
    const y = linearScale([0, 20], [260, 20]);
    expect(y(0)).toBe(260);
    expect(y(20)).toBe(20);
    expect(y(10)).toBe(140);
  });

  it('puts every value of a zero-width domain in the middle of the range', () => {
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });
});

describe('extents', () => {
  it('skips nulls and non-finite values; none gives null', () => {
    expect(extentOf([3, null, -1, undefined, Number.NaN, 7])).toEqual([-1, 7]);
    expect(extentOf([null, undefined])).toBeNull();
  });

  it('pads by a fraction of the span; a single value gets a band of its own', () => {
    expect(padExtent([10, 20], 0.1)).toEqual([9, 21]);
    expect(padExtent([0, 0])).toEqual([-1, 1]);
    expect(padExtent([50, 50], 0.1)).toEqual([45, 55]);
  });
});

describe('niceTicks', () => {
  it('uses steps of 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(1_000, 5)).toBe(200);
    expect(niceStep(37, 4)).toBe(10);
    expect(niceStep(0.3, 3)).toBe(0.1);
  });

  it('lists round values inside the interval without float noise', () => {
    expect(niceTicks(9_480, 10_520, 5)).toEqual([9_600, 9_800, 10_000, 10_200, 10_400]);
    expect(niceTicks(0.05, 0.62, 5)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
    expect(niceTicks(-12_345, 4_000, 4)).toEqual([-10_000, -5_000, 0]);
    expect(niceTicks(3, 3)).toEqual([3]);
    expect(niceTicks(5, 1)).toEqual([]);
  });

  it('gives an axis one number of decimals', () => {
    expect(tickDigits([17.5, 18, 18.5])).toBe(1);
    expect(tickDigits([0.05, 0.1])).toBe(2);
    expect(tickDigits([9_600, 9_800])).toBe(0);
  });

  it('fits as many ticks as the axis has room for', () => {
    expect(tickCount(600, 100)).toBe(6);
    expect(tickCount(90, 100)).toBe(2);
  });
});

describe('paths', () => {
  const x = linearScale([0, 10], [0, 100]);
  const y = linearScale([0, 10], [100, 0]);

  it('draws through the points with a y and steps over the gaps', () => {
    const d = linePath(
      [
        { x: 0, y: 0 },
        { x: 2, y: null },
        { x: 5, y: 5 },
        { x: 10, y: 2.5 },
      ],
      x,
      y,
    );
    expect(d).toBe('M0,100 L50,50 L100,75');
    expect(linePath([{ x: 1, y: null }], x, y)).toBe('');
  });

  it('closes an area down to the baseline', () => {
    expect(
      areaPath(
        [
          { x: 0, y: 4 },
          { x: 10, y: -2 },
        ],
        x,
        y,
        0,
      ),
    ).toBe('M0,60 L100,120 L100,100 L0,100 Z');
    expect(areaPath([], x, y, 0)).toBe('');
  });

  it('keeps a plot box at least a pixel wide', () => {
    expect(plotBox(640, 260, { top: 20, right: 16, bottom: 30, left: 48 })).toEqual({
      left: 48,
      right: 624,
      top: 20,
      bottom: 230,
    });
    expect(plotBox(10, 10, { top: 20, right: 16, bottom: 30, left: 48 }).right).toBe(49);
  });
});

describe('rupeeAxisLabel', () => {
  it('writes whole rupees with Indian grouping and a true minus', () => {
    expect(rupeeAxisLabel(125_000)).toBe('₹1,25,000');
    expect(rupeeAxisLabel(-12_500)).toBe('−₹12,500');
    expect(rupeeAxisLabel(0)).toBe('₹0');
    expect(rupeeAxisLabel(-0.2)).toBe('₹0');
  });
});

describe('labelRows', () => {
  it('stacks labels that would run into each other, and keeps apart ones on the first row', () => {
    expect(labelRows([100, 300], 76)).toEqual([0, 0]);
    expect(labelRows([100, 140], 76)).toEqual([0, 1]);
    expect(labelRows([100, 140, 200], 76)).toEqual([0, 1, 0]);
  });
});
