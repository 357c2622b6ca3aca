import { describe, expect, it } from 'vitest';
import { fillQuote } from './fill-quote.logic.js';

/*
 * A backtest's fill models as the quote paper execution walks (issue 30 item 5): the model's price both ways,
 * or for `protected_worst` the protection bound, each moved by the slippage against the trader.
 */

const best = (q: ReturnType<typeof fillQuote>) => [q?.bids[0]?.pricePaise, q?.asks[0]?.pricePaise];

describe('backtest fill quotes', () => {
  it('prices close and next_open at the option price both ways, moved by the slippage', () => {
    expect(best(fillQuote('close', { pricePaise: 10_000, protectionPercent: 3, slippageTicks: 0 }))).toEqual([
      10_000, 10_000,
    ]);
    expect(best(fillQuote('next_open', { pricePaise: 10_000, protectionPercent: 3, slippageTicks: 2 }))).toEqual([
      9_990, 10_010,
    ]);
  });

  it('prices protected_worst at the protection bound, a sale below the price and a buy above it', () => {
    expect(best(fillQuote('protected_worst', { pricePaise: 10_000, protectionPercent: 3, slippageTicks: 0 }))).toEqual([
      9_700, 10_300,
    ]);
    expect(best(fillQuote('protected_worst', { pricePaise: 1_234, protectionPercent: 3, slippageTicks: 1 }))).toEqual([
      1_190, 1_280,
    ]);
  });

  it('prices protected_worst at the price itself without protection', () => {
    expect(
      best(fillQuote('protected_worst', { pricePaise: 10_000, protectionPercent: null, slippageTicks: 0 })),
    ).toEqual([10_000, 10_000]);
  });

  it('answers null for a missing price, and for paper without recorded depth', () => {
    expect(fillQuote('close', { pricePaise: null, protectionPercent: 3, slippageTicks: 0 })).toBeNull();
    expect(fillQuote('paper', { pricePaise: null, depth: null, protectionPercent: 3, slippageTicks: 0 })).toBeNull();
  });
});
