import { describe, expect, it } from 'vitest';
import { createPriceFeed } from './price-feed.js';
import { seedHash } from './price-hash.js';
import { anchorPriceMinor, buildDayPath, SECONDS_PER_DAY } from './price-path.js';
import { ALL_WALKS } from './sandbox-market.js';

const NIFTY = ALL_WALKS.find((w) => w.key === 'NIFTY 50') ?? ALL_WALKS[0]!;
const BTC = ALL_WALKS.find((w) => w.key === 'BTCUSDT') ?? ALL_WALKS[0]!;
const DAY = 20_431; // 2025-12-09

describe('price paths', () => {
  it('are a pure function of seed, underlying and time', () => {
    const a = buildDayPath(seedHash(7), NIFTY, DAY);
    const b = buildDayPath(seedHash(7), NIFTY, DAY);
    const c = buildDayPath(seedHash(8), NIFTY, DAY);
    expect(a.prices).toEqual(b.prices);
    expect(a.prices).not.toEqual(c.prices);
    const feedA = createPriceFeed(seedHash('demo'), ALL_WALKS);
    const feedB = createPriceFeed(seedHash('demo'), ALL_WALKS);
    const second = DAY * SECONDS_PER_DAY + 37_123;
    expect(feedA.priceAt('NIFTY 50', second)).toBe(feedB.priceAt('NIFTY 50', second));
  });

  it('join days without a gap and stay on the tick near the base price', () => {
    const seed = seedHash(1);
    const today = buildDayPath(seed, NIFTY, DAY);
    const tomorrow = buildDayPath(seed, NIFTY, DAY + 1);
    expect(today.prices[0]).toBe(anchorPriceMinor(seed, NIFTY, DAY));
    expect(tomorrow.prices[0]).toBe(anchorPriceMinor(seed, NIFTY, DAY + 1));
    const jump = Math.abs((tomorrow.prices[0] as number) - (today.prices[SECONDS_PER_DAY - 1] as number));
    expect(jump).toBeLessThan(1_000); // one second's move, not an overnight gap
    expect(today.prices.every((p) => p % 5 === 0 && p > 1_800_000 && p < 3_000_000)).toBe(true);
  });

  it('move by realistic amounts: a NIFTY day ranges over tens to hundreds of rupees', () => {
    const feed = createPriceFeed(seedHash(3), ALL_WALKS);
    const day = feed.aggregate('NIFTY 50', DAY * SECONDS_PER_DAY, (DAY + 1) * SECONDS_PER_DAY);
    const range = ((day?.high ?? 0) - (day?.low ?? 0)) / 100;
    expect(range).toBeGreaterThan(30);
    expect(range).toBeLessThan(2_000);
  });
});

describe('aggregation', () => {
  it('equals a brute-force pass over per-second prices, across a day boundary and off minute edges', () => {
    const feed = createPriceFeed(seedHash(42), ALL_WALKS);
    const from = (DAY + 1) * SECONDS_PER_DAY - 3_617;
    const to = (DAY + 1) * SECONDS_PER_DAY + 1_234;
    let open = 0;
    let high = -Infinity;
    let low = Infinity;
    let close = 0;
    let volume = 0;
    let quote = 0;
    for (let s = from; s < to; s++) {
      const p = feed.priceAt('BTCUSDT', s);
      const v = feed.volumeAt('BTCUSDT', s);
      if (s === from) open = p;
      high = Math.max(high, p);
      low = Math.min(low, p);
      close = p;
      volume += v;
      quote += p * v;
    }
    expect(feed.aggregate('BTCUSDT', from, to)).toMatchObject({ open, high, low, close, volume, quoteVolume: quote });
    expect(feed.aggregate('BTCUSDT', from, from)).toBeNull();
    expect(BTC.meanVolumePerSecond).toBeGreaterThan(0);
  });
});
