import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breachText,
  deltaE4,
  effectiveCaps,
  isAdminCapBinding,
  portfolioCapRefusal,
  tighterCap,
  deltaText,
  entryRefusalNote,
  hasPortfolioCaps,
  newBreaches,
  portfolioBreaches,
  type PortfolioCaps,
} from './portfolio-limits.logic.js';

const NO_CAPS: PortfolioCaps = { maxNetDeltaHundredths: null, maxNetVegaPaise: null, maxMarginUsedPaise: null };
const CAPS: PortfolioCaps = {
  maxNetDeltaHundredths: 300_00, // 300 units
  maxNetVegaPaise: 1500_00, // ₹1,500 a vol point
  maxMarginUsedPaise: 2_00_000_00, // ₹2,00,000
};
const figures = (delta: number, vegaPaise = 0, marginUsedPaise: number | null = 0) => ({
  netDeltaE4: deltaE4(delta),
  netVegaPaise: vegaPaise,
  marginUsedPaise,
});

describe('which portfolio cap is breached', () => {
  it('names each cap the figures are strictly beyond, in the order delta, vega, margin', () => {
    expect(portfolioBreaches(figures(-412.5, -1786_54, 2_10_000_00), CAPS)).toEqual([
      { cap: 'max_net_delta', figure: -412_5000, limit: 300_0000 },
      { cap: 'max_net_vega', figure: -1786_54, limit: 1500_00 },
      { cap: 'max_margin_used', figure: 2_10_000_00, limit: 2_00_000_00 },
    ]);
  });

  it('is not breached at the cap itself, only past it', () => {
    expect(portfolioBreaches(figures(300, 1500_00, 2_00_000_00), CAPS)).toEqual([]);
    expect(portfolioBreaches(figures(-300.0001), CAPS).map((b) => b.cap)).toEqual(['max_net_delta']);
    expect(portfolioBreaches(figures(0, -1500_01), CAPS).map((b) => b.cap)).toEqual(['max_net_vega']);
  });

  it('compares delta and vega by absolute value: long and short the same size breach alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_0000, max: 10_000_0000 }), fc.integer({ min: -1e9, max: 1e9 }), (d, v) => {
        const long = portfolioBreaches({ netDeltaE4: d, netVegaPaise: v, marginUsedPaise: 0 }, CAPS);
        const short = portfolioBreaches({ netDeltaE4: -d, netVegaPaise: -v, marginUsedPaise: 0 }, CAPS);
        expect(short.map((b) => b.cap)).toEqual(long.map((b) => b.cap));
        expect(long.some((b) => b.cap === 'max_net_delta')).toBe(Math.abs(d) > 300_0000);
        expect(long.some((b) => b.cap === 'max_net_vega')).toBe(Math.abs(v) > 1500_00);
      }),
    );
  });

  it('never binds a null cap, and an unknown margin never breaches', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.option(fc.nat()), (d, v, m) => {
        expect(portfolioBreaches({ netDeltaE4: d, netVegaPaise: v, marginUsedPaise: m }, NO_CAPS)).toEqual([]);
      }),
    );
    expect(portfolioBreaches(figures(0, 0, null), CAPS)).toEqual([]);
    expect(hasPortfolioCaps(NO_CAPS)).toBe(false);
    expect(hasPortfolioCaps({ ...NO_CAPS, maxMarginUsedPaise: 1 })).toBe(true);
  });

  it('carries the figure signed and the cap in the same unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (d) => {
        for (const b of portfolioBreaches({ netDeltaE4: d, netVegaPaise: 0, marginUsedPaise: null }, CAPS)) {
          expect(b.figure).toBe(d);
          expect(Math.abs(b.figure)).toBeGreaterThan(b.limit);
        }
      }),
    );
  });
});

describe('the words of a breach', () => {
  it('says the figure and the cap, as a trader reads them', () => {
    const [delta, vega, margin] = portfolioBreaches(figures(-412.5, -1786_54, 2_10_000_00), CAPS);
    expect(breachText(delta!)).toBe('net delta −412.5 beyond the cap of 300');
    expect(breachText(vega!)).toBe('net vega −₹1,786.54 beyond the cap of ₹1,500.00');
    expect(breachText(margin!)).toBe('margin used ₹2,10,000.00 beyond the cap of ₹2,00,000.00');
    expect(entryRefusalNote([delta!])).toBe(
      'net delta −412.5 beyond the cap of 300 (portfolio limits); nothing was sent',
    );
  });

  it('writes deltas to four decimals at most, with Indian grouping and a real minus sign', () => {
    expect(deltaText(deltaE4(-4.815))).toBe('−4.815');
    expect(deltaText(deltaE4(12345.6789))).toBe('12,345.6789');
    expect(deltaText(0)).toBe('0');
    expect(deltaText(deltaE4(0.0001))).toBe('0.0001');
  });
});

describe('telling a breach once', () => {
  const [delta] = portfolioBreaches(figures(400), CAPS);
  it('is fresh the first time, not on the next tick, and fresh again after it cleared', () => {
    const first = newBreaches(new Set(), [delta!]);
    expect(first.fresh).toEqual([delta]);
    const again = newBreaches(first.told, [delta!]);
    expect(again.fresh).toEqual([]);
    const cleared = newBreaches(again.told, []);
    expect(newBreaches(cleared.told, [delta!]).fresh).toEqual([delta]);
  });

  it('is fresh when the cap it is beyond was set anew', () => {
    const first = newBreaches(new Set(), [delta!]);
    const tighter = portfolioBreaches(figures(400), { ...CAPS, maxNetDeltaHundredths: 350_00 });
    expect(newBreaches(first.told, tighter).fresh).toEqual(tighter);
  });
});

describe("an admin's caps on the portfolio limits", () => {
  const ADMIN = {
    adminMaxNetDeltaHundredths: 300_00,
    adminMaxNetVegaPaise: null,
    adminMaxMarginUsedPaise: 1_00_000_00,
  };

  it('holds the user to the tighter of their cap and the admin’s, either alone binding', () => {
    expect([tighterCap(null, null), tighterCap(5, null), tighterCap(null, 7), tighterCap(9, 7)]).toEqual([
      null,
      5,
      7,
      7,
    ]);
    expect(effectiveCaps({ ...CAPS, maxNetDeltaHundredths: null, ...ADMIN })).toMatchObject({
      maxNetDeltaHundredths: 300_00,
      maxNetVegaPaise: 1500_00,
      maxMarginUsedPaise: 1_00_000_00,
    });
  });

  it("says the admin's cap binds only where it is at or below the user's", () => {
    const caps = { ...CAPS, ...ADMIN, maxNetDeltaHundredths: 250_00 };
    expect(isAdminCapBinding('max_net_delta', caps)).toBe(false);
    expect(isAdminCapBinding('max_net_vega', caps)).toBe(false);
    expect(isAdminCapBinding('max_margin_used', caps)).toBe(true);
    expect(isAdminCapBinding('max_net_delta', { ...caps, maxNetDeltaHundredths: null })).toBe(true);
  });

  it("refuses a user's cap above the admin's or removed, naming the cap in its unit; at or below it, or left out, is fine", () => {
    expect(portfolioCapRefusal('max_net_delta', 300_50, 300_51)).toBe(
      'An admin set your max net delta at 300.5: you can lower it, not raise it',
    );
    expect(portfolioCapRefusal('max_margin_used', 2_00_000_00, null)).toBe(
      'An admin set your max margin used at ₹2,00,000.00: you can lower it, not remove it',
    );
    expect(portfolioCapRefusal('max_net_vega', 1500_00, 1500_00)).toBeNull();
    expect(portfolioCapRefusal('max_net_vega', 1500_00, undefined)).toBeNull();
    expect(portfolioCapRefusal('max_net_vega', null, null)).toBeNull();
  });
});
