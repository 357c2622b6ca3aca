import type { ChainStrike } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { payoffDomains } from './payoff-chart-data';
import { smileDomains, smileSeries } from './smile';

const option = (iv: number | null) => ({
  ltp: iv === null ? null : 10,
  iv,
  delta: null,
  gamma: null,
  theta: null,
  vega: null,
});
const strikes: ChainStrike[] = [
  { strike: 9_900, ce: option(null), pe: option(21) },
  { strike: 10_000, ce: option(19), pe: option(19.5) },
  { strike: 10_100, ce: option(18), pe: option(null) },
];

describe('the IV smile', () => {
  it('plots IV against strike for each side, nulls as gaps', () => {
    expect(smileSeries(strikes)).toEqual({
      ce: [
        { x: 9_900, y: null },
        { x: 10_000, y: 19 },
        { x: 10_100, y: 18 },
      ],
      pe: [
        { x: 9_900, y: 21 },
        { x: 10_000, y: 19.5 },
        { x: 10_100, y: null },
      ],
    });
  });

  it('spans the strikes and the underlying across, the IVs padded up and down', () => {
    const d = smileDomains(strikes, 10_130);
    expect(d?.x).toEqual([9_900, 10_130]);
    expect(d?.y[0]).toBeCloseTo(17.64);
    expect(d?.y[1]).toBeCloseTo(21.36);
  });

  it('has nothing to draw when no option has an IV', () => {
    expect(smileDomains([{ strike: 10_000, ce: option(null), pe: option(null) }], 10_000)).toBeNull();
  });
});

describe('the payoff axes', () => {
  it('keep zero inside so the zero line and breakevens show', () => {
    const d = payoffDomains({
      at_expiry: [
        { underlying: 9_000, pnl: 100 },
        { underlying: 11_000, pnl: 500 },
      ],
      today: [
        { underlying: 9_000, pnl: 150 },
        { underlying: 11_000, pnl: 400 },
      ],
      underlying_price: 10_000,
      breakevens: [],
    });
    expect(d?.x).toEqual([9_000, 11_000]);
    expect(d?.y).toEqual([-40, 540]);
  });

  it('is nothing without points', () => {
    expect(payoffDomains({ at_expiry: [], today: [], underlying_price: 10_000, breakevens: [] })).toBeNull();
  });
});
