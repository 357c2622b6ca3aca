import { describe, expect, it } from 'vitest';
import { PAPER_SLICE, paperSliceFor, slicesByOwner } from './paper-slices.js';

const plan = (id: number, userId: number) => ({ id, mapping: { userId } });
const ids = (slices: Array<Array<{ id: number }>>) => slices.map((s) => s.map((p) => p.id));

describe('slicesByOwner', () => {
  it('cuts a close into slices of about the size, never splitting an owner', () => {
    const plans = [plan(1, 10), plan(2, 20), plan(3, 10), plan(4, 30), plan(5, 20), plan(6, 40)];
    expect(ids(slicesByOwner(plans, 2))).toEqual([
      [1, 3],
      [2, 5],
      [4, 6],
    ]);
  });

  it('keeps an owner with more strategies than a slice in one slice', () => {
    const plans = [plan(1, 7), plan(2, 7), plan(3, 7), plan(4, 8)];
    expect(ids(slicesByOwner(plans, 2))).toEqual([[1, 2, 3], [4]]);
  });

  it('writes a small close as one slice, and nothing for no plans', () => {
    expect(ids(slicesByOwner([plan(1, 1), plan(2, 2)]))).toEqual([[1, 2]]);
    expect(slicesByOwner([])).toEqual([]);
  });

  it('splits 10,000 strategies of 100 owners into four slices, each plan in exactly one', () => {
    const plans = Array.from({ length: 10_000 }, (_, i) => plan(i, i % 100));
    const slices = slicesByOwner(plans);
    expect(slices.map((s) => s.length)).toEqual([PAPER_SLICE, PAPER_SLICE, PAPER_SLICE, PAPER_SLICE]);
    expect(new Set(slices.flat().map((p) => p.id)).size).toBe(10_000);
    // Each owner's 100 strategies in one slice: 25 owners per slice, 100 in all.
    const ownersPerSlice = slices.map((s) => new Set(s.map((p) => p.mapping.userId)).size);
    expect(ownersPerSlice).toEqual([25, 25, 25, 25]);
  });
});

describe('paperSliceFor', () => {
  it('writes a SQLite close as one transaction and slices PostgreSQL, unless told a size', () => {
    const plans = Array.from({ length: 10_000 }, (_, i) => plan(i, i % 100));
    expect(slicesByOwner(plans, paperSliceFor('sqlite'))).toHaveLength(1);
    expect(slicesByOwner(plans, paperSliceFor('postgres'))).toHaveLength(4);
    expect(paperSliceFor('sqlite', 3)).toBe(3);
  });
});
