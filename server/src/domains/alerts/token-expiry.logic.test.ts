import { describe, expect, it } from 'vitest';
import { nextKiteTokenExpiry } from '../../protocols/kite-rest.js';
import type { Hours } from '../instruments/market-hours.logic.js';
import { expiringTokens, type LiveTokenRow } from './token-expiry.logic.js';

const NIFTY: Hours = {
  marketOpenTime: '09:15',
  marketCloseTime: '15:30',
  timezone: 'Asia/Kolkata',
  tradingDays: '1,2,3,4,5',
};
const SANDBOX_24X7: Hours = {
  ...NIFTY,
  marketOpenTime: '00:00',
  marketCloseTime: '23:59',
  tradingDays: '0,1,2,3,4,5,6',
};
/** IST wall time on a day, as epoch ms. */
const ist = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+05:30`);

/** A token generated Monday 23 Nov 2026 08:30 IST: Kite kills it at 06:00 IST on Tuesday. */
const ISSUED = ist('2026-11-23', '08:30');
const row = (overrides: Partial<LiveTokenRow> = {}): LiveTokenRow => ({
  userId: 7,
  userBrokerId: 3,
  brokerUsername: 'ZR1001',
  hasToken: true,
  tokenUpdatedAt: ISSUED,
  tokenExpiresAt: nextKiteTokenExpiry,
  hours: NIFTY,
  ...overrides,
});

describe('expiringTokens', () => {
  it("names a token after the day's close that dies at 06:00, before the next open at 09:15", () => {
    expect(expiringTokens([row()], [], ist('2026-11-23', '15:45'))).toEqual([
      {
        userId: 7,
        userBrokerId: 3,
        brokerUsername: 'ZR1001',
        tokenUpdatedAt: ISSUED,
        expiresAt: ist('2026-11-24', '06:00'),
        nextOpen: ist('2026-11-24', '09:15'),
      },
    ]);
  });

  it('stays quiet while the market is open, and before the open for a token that lives through the session', () => {
    expect(expiringTokens([row()], [], ist('2026-11-23', '11:00'))).toEqual([]);
    // Generated at 08:30, asked at 08:45: the open at 09:15 is before Tuesday's 06:00.
    expect(expiringTokens([row()], [], ist('2026-11-23', '08:45'))).toEqual([]);
  });

  it('stays quiet once the token has died (the engine pauses the strategy) and without a token', () => {
    expect(expiringTokens([row()], [], ist('2026-11-24', '07:00'))).toEqual([]);
    expect(expiringTokens([row({ hasToken: false })], [], ist('2026-11-23', '16:00'))).toEqual([]);
    expect(expiringTokens([row({ tokenUpdatedAt: null })], [], ist('2026-11-23', '16:00'))).toEqual([]);
  });

  it('looks past the weekend: a Friday token dies on Saturday, long before Monday', () => {
    const friday = ist('2026-11-20', '09:00');
    const found = expiringTokens([row({ tokenUpdatedAt: friday })], [], ist('2026-11-20', '18:00'));
    expect(found[0]?.expiresAt).toBe(ist('2026-11-21', '06:00'));
    expect(found[0]?.nextOpen).toBe(ist('2026-11-23', '09:15'));
  });

  it('never fires for a market that never closes, and names an account once with its earliest open', () => {
    expect(expiringTokens([row({ hours: SANDBOX_24X7 })], [], ist('2026-11-23', '16:00'))).toEqual([]);
    const late = { ...NIFTY, marketOpenTime: '10:00', marketCloseTime: '16:00' };
    const found = expiringTokens([row({ hours: late }), row()], [], ist('2026-11-23', '16:30'));
    expect(found).toHaveLength(1);
    expect(found[0]?.nextOpen).toBe(ist('2026-11-24', '09:15'));
  });

  it("goes by the account's broker's rule: a token that lives a week is not named tonight", () => {
    const aWeek = (generatedAt: number) => generatedAt + 7 * 24 * 3_600_000;
    expect(expiringTokens([row({ tokenExpiresAt: aWeek })], [], ist('2026-11-23', '15:45'))).toEqual([]);
  });
});
