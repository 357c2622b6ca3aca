import type { ConsoleStatus } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { stripItems } from './status-strip';

/*
 * Issue 32 item 6: the strip says, without a guess, whether this is the sandbox, whether the market is open,
 * whether prices come, whether each token works and whether the kill switch holds, and links to the fix.
 */

const NOW = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

const base: ConsoleStatus = {
  exchange: 'sandbox',
  market: {
    instrument: 'NIFTY 50',
    is_open: true,
    closes_at: '2026-11-23T10:00:00.000Z',
    next_open_at: null,
    closed_reason: null,
  },
  feed: { state: 'live', last_tick_at: '2026-11-23T04:59:58.000Z', age_seconds: 2, reason: null },
  accounts: [
    {
      user_broker_id: 7,
      broker_name: 'Zerodha',
      broker_username: 'AB1234',
      token_state: 'ok',
      token_expires_at: '2026-11-24T00:30:00.000Z',
      live_strategies: 1,
    },
  ],
  kill_switch: { engaged: false, engaged_at: null },
  checked_at: '2026-11-23T05:00:00.000Z',
};

const labels = (s: ConsoleStatus, role: 'admin' | 'user' = 'user') => stripItems(s, role, NOW).map((i) => i.label);
const item = (s: ConsoleStatus, key: string, role: 'admin' | 'user' = 'user') =>
  stripItems(s, role, NOW).find((i) => i.key === key);

describe('the status strip', () => {
  it('reads a calm morning in order: exchange, market with its close, feed, token, kill switch', () => {
    expect(labels(base)).toEqual([
      'SANDBOX',
      'Market open, closes 15:30 IST',
      'Feed live',
      'AB1234 token valid',
      'Kill switch off',
    ]);
    expect(stripItems(base, 'user', NOW).every((i) => i.tone === 'ok' || i.key === 'exchange')).toBe(true);
    expect(labels({ ...base, exchange: 'kite' })[0]).toBe('LIVE');
  });

  it('names the next open with its day when it is not today, and why the market is shut', () => {
    const holiday: ConsoleStatus = {
      ...base,
      market: {
        instrument: 'NIFTY 50',
        is_open: false,
        closes_at: null,
        next_open_at: '2026-11-25T03:45:00.000Z',
        closed_reason: 'market closed today (Guru Nanak Jayanti, an NSE holiday)',
      },
      feed: { state: 'idle', last_tick_at: null, age_seconds: null, reason: null },
    };
    const market = item(holiday, 'market');
    expect(market?.label).toBe('Market closed, opens 25 Nov 2026, 09:15 IST');
    expect(market?.detail).toContain('Guru Nanak Jayanti');
    expect(market?.tone).toBe('info');
    expect(item(holiday, 'feed')?.label).toBe('Feed idle');
    // An admin keeps the holiday calendar; a trader cannot change it.
    expect(item(holiday, 'market', 'admin')?.href).toBe('/admin?tab=holidays');
    expect(market?.href).toBeNull();
  });

  it('says a quiet feed in an open market is stale with its age, and a stopped one why, linking an admin to the fix', () => {
    const stale = item(
      { ...base, feed: { state: 'stale', last_tick_at: null, age_seconds: 240, reason: null } },
      'feed',
    );
    expect([stale?.label, stale?.tone]).toEqual(['Feed stale, last tick 4 min ago', 'warn']);
    const stopped: ConsoleStatus = {
      ...base,
      feed: { state: 'stopped', last_tick_at: null, age_seconds: null, reason: 'Kite refused the token' },
    };
    expect(item(stopped, 'feed')?.tone).toBe('bad');
    expect(item(stopped, 'feed')?.detail).toContain('Kite refused the token');
    expect(item(stopped, 'feed')?.detail).toContain('Your admin');
    expect(item(stopped, 'feed', 'admin')?.href).toBe('/admin?tab=brokers');
  });

  it('sends a trader whose token is missing, expired or refused to the Profile page, and says the switch holds', () => {
    for (const [state, label] of [
      ['missing', 'AB1234 no token'],
      ['expired', 'AB1234 token expired'],
      ['refused', 'AB1234 token refused'],
    ] as const) {
      const s = { ...base, accounts: [{ ...base.accounts[0]!, token_state: state }] };
      const account = item(s, 'account-7');
      expect(account?.label).toBe(label);
      expect(account?.href).toBe('/home?view=profile');
      expect(account?.tone).not.toBe('ok');
    }
    expect(item(base, 'account-7')?.detail).toContain('until 24 Nov 2026, 06:00 IST');
    // An account only paper strategies use needs no token: said calmly, with when one is needed.
    const paperOnly = { ...base, accounts: [{ ...base.accounts[0]!, token_state: 'missing', live_strategies: 0 }] };
    expect(item(paperOnly as ConsoleStatus, 'account-7')?.tone).toBe('info');
    expect(item(paperOnly as ConsoleStatus, 'account-7')?.detail).toContain('only live strategies need one');
    const held = { ...base, kill_switch: { engaged: true, engaged_at: '2026-11-23T04:00:00.000Z' } };
    expect([item(held, 'kill')?.label, item(held, 'kill')?.tone]).toEqual(['Kill switch ON', 'bad']);
    expect(item(held, 'kill', 'admin')?.href).toBe('/admin?tab=rdx');
  });
});
