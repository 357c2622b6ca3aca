import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protectionBoundPaise } from './market-protection.logic.js';

/*
 * The LIMIT price a protected market order becomes (docs/SANDBOX.md "Protected MARKET becomes LIMIT"): the
 * last price moved by the band, on the ₹0.05 tick toward marketable.
 */

describe('market protection bound', () => {
  it('moves the last price by the band and rounds toward marketable', () => {
    expect(protectionBoundPaise('BUY', 10_000, 3)).toBe(10_300);
    expect(protectionBoundPaise('SELL', 10_000, 3)).toBe(9_700);
    // ₹12.34 × 1.03 = ₹12.7102 → ₹12.75 for a buy; × 0.97 = ₹11.9698 → ₹11.95 for a sale.
    expect(protectionBoundPaise('BUY', 1_234, 3)).toBe(1_275);
    expect(protectionBoundPaise('SELL', 1_234, 3)).toBe(1_195);
  });

  it('never goes below one tick', () => {
    expect(protectionBoundPaise('SELL', 5, 100)).toBe(5);
    expect(protectionBoundPaise('SELL', 10_000, 100)).toBe(5);
  });

  it('is on the tick, at least as far from the last price as the band, and less than a tick further', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 1, max: 100 }), (last, percent) => {
        const buy = protectionBoundPaise('BUY', last, percent);
        const sell = protectionBoundPaise('SELL', last, percent);
        expect(buy % 5).toBe(0);
        expect(sell % 5).toBe(0);
        expect(buy * 100).toBeGreaterThanOrEqual(last * (100 + percent));
        expect((buy - 5) * 100).toBeLessThan(last * (100 + percent));
        if (sell > 5) {
          expect(sell * 100).toBeLessThanOrEqual(last * (100 - percent));
          expect((sell + 5) * 100).toBeGreaterThan(last * (100 - percent));
        }
      }),
    );
  });
});
