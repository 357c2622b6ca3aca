import { describe, expect, it } from 'vitest';
import { createInstrumentPricing, istDayStart } from './instrument-pricing.js';
import { createUniverseSource, type OptionInstrument } from './instrument-universe.js';
import { createPriceFeed } from './price-feed.js';
import { seedHash } from './price-hash.js';
import { ALL_WALKS } from './sandbox-market.js';

const NOW = Date.UTC(2025, 11, 9, 4, 30);
const feed = createPriceFeed(seedHash('pricing'), ALL_WALKS);
const pricing = createInstrumentPricing(feed, 1);
const universe = createUniverseSource(feed).at(NOW);
const options = universe.instruments.filter((i): i is OptionInstrument => i.kind === 'option');
const atm = (root: string, expiry: string, type: 'CE' | 'PE') => {
  const spot = feed.priceAt(options.find((o) => o.contract.root.root === root)?.walkKey ?? '', NOW / 1000);
  const chain = options.filter(
    (o) => o.contract.root.root === root && o.contract.expiry === expiry && o.contract.type === type,
  );
  return chain.reduce((best, o) =>
    Math.abs(o.contract.strikePaise - spot) < Math.abs(best.contract.strikePaise - spot) ? o : best,
  );
};

describe('instrument pricing', () => {
  it('aggregates option premiums exactly as the per-second prices', () => {
    const option = atm('NIFTY', '2025-12-16', 'CE');
    const from = NOW / 1000 - 300;
    const prices = Array.from({ length: 300 }, (_, k) => pricing.ltpPaise(option, from + k));
    expect(pricing.aggregate(option, from, from + 300)).toMatchObject({
      open: prices[0],
      high: Math.max(...prices),
      low: Math.min(...prices),
      close: prices.at(-1),
    });
  });

  it('prices calls up and puts down with spot, in 0.05 steps, never below 0.05', () => {
    const call = atm('BANKNIFTY', '2025-12-30', 'CE');
    const put = atm('BANKNIFTY', '2025-12-30', 'PE');
    const second = NOW / 1000;
    const c = pricing.ltpPaise(call, second);
    const p = pricing.ltpPaise(put, second);
    expect(c % 5).toBe(0);
    expect(p % 5).toBe(0);
    expect(c).toBeGreaterThan(5);
    const deepOtm = options.filter(
      (o) => o.contract.root.root === 'NIFTY' && o.contract.expiry === '2025-12-09' && o.contract.type === 'CE',
    );
    const highest = deepOtm.reduce((a, b) => (a.contract.strikePaise > b.contract.strikePaise ? a : b));
    expect(pricing.ltpPaise(highest, second)).toBe(5);
  });

  it('freezes an option at expiry at its intrinsic value', () => {
    const option = atm('NIFTY', '2025-12-09', 'PE');
    const expiry = option.contract.expiryMs / 1000;
    expect(pricing.ltpPaise(option, expiry + 3_600)).toBe(pricing.ltpPaise(option, expiry));
    const spot = feed.priceAt('NIFTY 50', expiry);
    expect(pricing.ltpPaise(option, expiry)).toBe(
      Math.max(5, Math.round((option.contract.strikePaise - spot) / 5) * 5),
    );
    expect(pricing.aggregate(option, expiry + 10, expiry + 100)).toBeNull();
  });

  it('reports day figures whose range contains the open and the last price', () => {
    for (const instrument of [universe.byToken.get(256265), atm('SANDBOX', '2025-12-12', 'CE')]) {
      if (!instrument) throw new Error('missing instrument');
      const day = pricing.dayStats(instrument, NOW / 1000);
      const last = pricing.ltpPaise(instrument, NOW / 1000);
      expect(day.highPaise).toBeGreaterThanOrEqual(Math.max(day.openPaise, last));
      expect(day.lowPaise).toBeLessThanOrEqual(Math.min(day.openPaise, last));
      expect(day.closePaise).toBe(pricing.ltpPaise(instrument, istDayStart(NOW / 1000) - 1));
    }
  });
});
