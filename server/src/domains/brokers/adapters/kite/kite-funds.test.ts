import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../../../../test/provider-fixtures.js';
import type { KiteMarginSegment, KiteProfile } from '../../../../protocols/kite-rest-client.js';
import { portMargins, portProfile } from './kite-funds.js';

describe("Kite's funds and profile in the port's words", () => {
  it('reads the equity segment of GET /user/margins as cash, used and available margin in exact paise', () => {
    const { data } = readJsonFixture<{ data: KiteMarginSegment }>('kite', 'margins_equity.json');
    const checkedAt = Date.parse('2026-11-23T05:00:00Z');
    expect(portMargins(data, checkedAt)).toEqual({
      availableCashPaise: 24_543_160, // ₹2,45,431.60
      usedMarginPaise: 14_570_655, // ₹1,45,706.55
      availableMarginPaise: 9_972_505, // ₹99,725.05000000002: the float tail is not a paisa
      checkedAt,
    });
  });

  it('keeps an account that owes more than it holds negative, not clamped', () => {
    const owing: KiteMarginSegment = {
      enabled: true,
      net: -1234.56,
      available: { cash: 1000, live_balance: -1234.56 },
      utilised: { debits: 2234.56 },
    };
    expect(portMargins(owing, 0)).toMatchObject({ availableMarginPaise: -123_456, usedMarginPaise: 223_456 });
  });

  it("names the account by Kite's user ID and name, and the broker by the adapter's label", () => {
    const { data } = readJsonFixture<{ data: KiteProfile }>('kite', 'profile.json');
    expect(portProfile(data)).toEqual({ userId: 'AB1234', name: 'AxAx Bxx', broker: 'Kite' });
  });
});
