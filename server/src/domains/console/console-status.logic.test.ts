import { describe, expect, it } from 'vitest';
import { FEED_STALE_AFTER_MS, feedStateOf, marketNow, tokenStateOf } from './console-status.logic.js';

/*
 * The status strip (issue 32 item 6): the market open or shut with its next open (NSE holidays skipped), the feed
 * alive or not, each account's token.
 */

const NSE = { marketOpenTime: '09:15', marketCloseTime: '15:30', timezone: 'Asia/Kolkata', tradingDays: '1,2,3,4,5' };
const ist = (stamp: string) => Date.parse(`${stamp}+05:30`);

describe('the market on the status strip', () => {
  it('is open in session, saying when it closes', () => {
    expect(marketNow(NSE, [], ist('2026-11-27T10:00:00'))).toEqual({
      isOpen: true,
      closesAt: ist('2026-11-27T15:30:00'),
      nextOpenAt: null,
      closedReason: null,
    });
  });

  it('is shut on a Friday evening until Monday 09:15', () => {
    const shut = marketNow(NSE, [], ist('2026-11-27T16:00:00'));
    expect([shut.isOpen, shut.nextOpenAt]).toEqual([false, ist('2026-11-30T09:15:00')]);
  });

  it('is shut all day on an NSE holiday, naming it, and skips it for the next open', () => {
    const holidays = [{ date: '2026-11-24', description: 'Guru Nanak Jayanti' }];
    const day = marketNow(NSE, holidays, ist('2026-11-24T11:00:00'));
    expect(day.isOpen).toBe(false);
    expect(day.closedReason).toContain('Guru Nanak Jayanti');
    expect(day.nextOpenAt).toBe(ist('2026-11-25T09:15:00'));
    // The evening before, the next open skips the holiday too.
    expect(marketNow(NSE, holidays, ist('2026-11-23T18:00:00')).nextOpenAt).toBe(ist('2026-11-25T09:15:00'));
  });
});

describe('the feed on the status strip', () => {
  const now = ist('2026-11-27T10:00:00');
  it('is live with a tick within a minute, stale after it while the market is open', () => {
    expect(feedStateOf({ lastTickAt: now - 2_000, haltReason: null, isMarketOpen: true, now })).toBe('live');
    expect(feedStateOf({ lastTickAt: now - FEED_STALE_AFTER_MS - 1, haltReason: null, isMarketOpen: true, now })).toBe(
      'stale',
    );
    expect(feedStateOf({ lastTickAt: null, haltReason: null, isMarketOpen: true, now })).toBe('stale');
  });

  it('is idle while the market is shut, and stopped whenever it halted for good', () => {
    expect(feedStateOf({ lastTickAt: null, haltReason: null, isMarketOpen: false, now })).toBe('idle');
    expect(feedStateOf({ lastTickAt: now, haltReason: 'token refused', isMarketOpen: true, now })).toBe('stopped');
    expect(feedStateOf({ lastTickAt: null, haltReason: 'token refused', isMarketOpen: false, now })).toBe('stopped');
  });
});

describe('an account token on the status strip', () => {
  const now = ist('2026-11-27T10:00:00');
  it('is missing, refused, expired or ok', () => {
    expect(tokenStateOf({ hasToken: false, expiresAt: null, refusedAt: null }, now)).toBe('missing');
    expect(tokenStateOf({ hasToken: true, expiresAt: now + 1, refusedAt: now - 5 }, now)).toBe('refused');
    expect(tokenStateOf({ hasToken: true, expiresAt: now, refusedAt: null }, now)).toBe('expired');
    expect(tokenStateOf({ hasToken: true, expiresAt: now + 60_000, refusedAt: null }, now)).toBe('ok');
  });
});
