import { describe, expect, it } from 'vitest';
import {
  AUTO_PROTECTION_PERCENT,
  effectivePercent,
  MARKET_PROTECTION_REQUIRED,
  parseMarketProtection,
  protectionBoundPaise,
  protectionTags,
} from './market-protection.js';

describe('market protection', () => {
  it('reads −1 and percentages in (0, 100]; 0 or nothing means none; others are refused', () => {
    expect(parseMarketProtection(null)).toEqual({ ok: true, value: null });
    expect(parseMarketProtection('0')).toEqual({ ok: true, value: null });
    expect(parseMarketProtection('-1')).toEqual({ ok: true, value: -1 });
    expect(parseMarketProtection('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseMarketProtection('100')).toEqual({ ok: true, value: 100 });
    expect(parseMarketProtection('True')).toEqual({
      ok: false,
      message: 'Invalid request (failed to decode market_protection, got: True (expected decimal))',
    });
    expect(parseMarketProtection('101')).toMatchObject({ ok: false, message: expect.stringMatching(/-1 .* 100/) });
    expect(parseMarketProtection('-2')).toMatchObject({ ok: false });
    expect(MARKET_PROTECTION_REQUIRED).toMatch(/^Market orders without market protection are not allowed via API/);
  });

  it('bounds BUY above and SELL below the last price, on the tick, rounded toward marketable', () => {
    expect(protectionBoundPaise('BUY', 10_000, 3)).toBe(10_300);
    expect(protectionBoundPaise('SELL', 10_000, 3)).toBe(9_700);
    // 123.45 × 1.03 = 127.1535 → 127.20 (up); × 0.97 = 119.7465 → 119.70 (down).
    expect(protectionBoundPaise('BUY', 12_345, 3)).toBe(12_720);
    expect(protectionBoundPaise('SELL', 12_345, 3)).toBe(11_970);
    // A cheap option still reaches at least one tick away, and never goes below one tick.
    expect(protectionBoundPaise('BUY', 5, 3)).toBe(10);
    expect(protectionBoundPaise('SELL', 5, 3)).toBe(5);
  });

  it('uses the automatic percentage for −1 and tags the order like Kite', () => {
    expect(effectivePercent(-1)).toBe(AUTO_PROTECTION_PERCENT);
    expect(effectivePercent(7)).toBe(7);
    expect(protectionTags(2)).toEqual(['mktp', 'mktp:2.00']);
  });
});
