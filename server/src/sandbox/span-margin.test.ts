import { describe, expect, it } from 'vitest';
import { buildOptionChain } from './option-chain.js';
import { OPTION_ROOTS } from './sandbox-market.js';
import { portfolioMargin, priceScanRange, type MarginMarket } from './span-margin.js';

const NIFTY = OPTION_ROOTS.find((r) => r.root === 'NIFTY');
if (!NIFTY) throw new Error('no NIFTY root');
/** Tuesday 9 Dec 2025, 10:00 IST; the chain around 24,000. */
const NOW = Date.UTC(2025, 11, 9, 4, 30);
const chain = buildOptionChain(NIFTY, NOW, 2_400_000);
const option = (strike: number, type: 'CE' | 'PE', expiry = '2025-12-16') => {
  const found = chain.find((c) => c.strikePaise === strike * 100 && c.type === type && c.expiry === expiry);
  if (!found) throw new Error(`no ${strike} ${type}`);
  return found;
};
const market: MarginMarket = {
  nowMs: NOW,
  spotPaise: () => 2_400_000,
  volatility: () => 0.14,
  expiresToday: (c) => c.expiry === '2025-12-09',
};
const LOT = 65;

describe('SPAN-style margin of index options', () => {
  it("scans NSE's 9.3% floor for NIFTY (6σ√2 of a 14% volatility is less)", () => {
    expect(priceScanRange(0.14)).toBe(0.093);
    expect(priceScanRange(0.4)).toBeCloseTo((6 * Math.SQRT2 * 0.4) / Math.sqrt(252), 10);
  });

  it('blocks about a lakh and a half for a short NIFTY lot at the money, exposure 2% of its notional', () => {
    const { spanPaise, exposurePaise } = portfolioMargin([{ contract: option(24_000, 'CE'), quantity: -LOT }], market);
    expect(spanPaise / 100).toBeGreaterThan(80_000);
    expect(spanPaise / 100).toBeLessThan(2_00_000);
    expect(exposurePaise).toBe(0.02 * 2_400_000 * LOT);
  });

  it('needs no SPAN for a long option, less for a hedged short, and 2% more exposure on expiry day', () => {
    expect(portfolioMargin([{ contract: option(24_000, 'CE'), quantity: LOT }], market)).toEqual({
      spanPaise: 0,
      exposurePaise: 0,
    });
    const naked = portfolioMargin([{ contract: option(24_000, 'CE'), quantity: -LOT }], market);
    const spread = portfolioMargin(
      [
        { contract: option(24_000, 'CE'), quantity: -LOT },
        { contract: option(24_500, 'CE'), quantity: LOT },
      ],
      market,
    );
    expect(spread.spanPaise).toBeLessThan(naked.spanPaise / 2);
    // A strangle's two legs cannot both lose: less than two naked legs.
    const strangle = portfolioMargin(
      [
        { contract: option(24_500, 'CE'), quantity: -LOT },
        { contract: option(23_500, 'PE'), quantity: -LOT },
      ],
      market,
    );
    const legs = ['CE', 'PE'].map(
      (type, i) =>
        portfolioMargin([{ contract: option(i ? 23_500 : 24_500, type as 'CE' | 'PE'), quantity: -LOT }], market)
          .spanPaise,
    );
    expect(strangle.spanPaise).toBeLessThan((legs[0] ?? 0) + (legs[1] ?? 0));
    const today = portfolioMargin([{ contract: option(24_000, 'CE', '2025-12-09'), quantity: -LOT }], market);
    expect(today.exposurePaise).toBe(0.04 * 2_400_000 * LOT);
  });
});
