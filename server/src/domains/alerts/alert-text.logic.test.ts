import type { Mapping } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  driftAlert,
  driftKey,
  istStamp,
  killSwitchAlert,
  portfolioLimitAlert,
  strategyStoppedAlert,
  tokenExpiringAlert,
} from './alert-text.logic.js';

const AT = Date.parse('2026-11-23T10:42:00+05:30');
const leg = {
  trading_symbol: 'NIFTY26N2424500CE',
  option_type: 'CE' as const,
  strike: 24500,
  expiry: '2026-11-24',
  quantity: 65,
};
const mapping = (overrides: Partial<Mapping> = {}): Mapping =>
  ({
    id: 11,
    user_id: 7,
    user_broker_id: 3,
    is_dummy: 0,
    running_status: 0,
    stop_reason: 'max_loss',
    stopped_at: new Date(AT).toISOString(),
    strategy_name: 'RDX',
    instrument_name: 'NIFTY 50',
    broker_username: 'ZR1001',
    open_legs: [leg],
    ...overrides,
  }) as Mapping;

describe('strategyStoppedAlert', () => {
  it('says which strategy stopped, when, why, and that its legs are being closed', () => {
    expect(strategyStoppedAlert(mapping(), 'max_loss', 0)).toEqual({
      kind: 'strategy_stopped',
      title: 'Strategy stopped: Max Loss reached',
      body: "RDX on NIFTY 50 (LIVE, ZR1001) stopped at Mon 23 Nov, 10:42 IST because the day's loss reached its Max Loss. Its open legs are being squared off.",
      mappingId: 11,
      userBrokerId: 3,
      dedupeKey: null,
    });
  });

  it('carries the figures of a limit stop far past its limit (issue 27)', () => {
    const note = '−₹34,442.50 against a limit of ₹6,000.00 — the market gapped past it';
    expect(strategyStoppedAlert(mapping(), 'max_loss', 0, true, note)?.body).toBe(
      `RDX on NIFTY 50 (LIVE, ZR1001) stopped at Mon 23 Nov, 10:42 IST because the day's loss reached its Max Loss: ${note}. Its open legs are being squared off.`,
    );
  });

  it('tells a strategy paused on a broker difference what to do (issue 27)', () => {
    const paused = strategyStoppedAlert(mapping({ running_status: 2 }), 'broker_drift', 0);
    expect(paused?.title).toBe('Strategy paused: broker positions differ');
    expect(paused?.body).toContain('because the broker no longer holds a leg the console counts for it');
    expect(paused?.body).toContain('make the console match the broker there');
  });

  it("names the owner for an admin, and leaves the owner's next step to the owner", () => {
    const forAdmin = strategyStoppedAlert(
      mapping({ user_username: 'trader2', open_legs: [] }),
      'token_expired',
      0,
      false,
    );
    expect(forAdmin?.title).toBe('Strategy stopped: broker token expired (trader2)');
    expect(forAdmin?.body).toMatch(/^trader2's RDX on NIFTY 50 \(LIVE, ZR1001\) stopped at /);
    expect(forAdmin?.body).not.toContain('Profile page');
  });

  it('tells a broker error apart, and a paused strategy with an expired token what to do', () => {
    expect(strategyStoppedAlert(mapping({ open_legs: [] }), 'broker_error', 0)?.kind).toBe('broker_error');
    const paused = strategyStoppedAlert(mapping({ running_status: 2, is_dummy: 1 }), 'token_expired', 0);
    expect(paused?.title).toBe('Strategy paused: broker token expired');
    expect(paused?.body).toMatch(
      /^RDX on NIFTY 50 \(DUMMY\) paused at .* Generate a new access token on the Profile page/,
    );
    expect(paused?.body).not.toContain('squared off');
  });

  it("stays silent for the trader's own stop, a start, and the kill switch (which alerts once for all)", () => {
    expect(strategyStoppedAlert(mapping(), 'manual', AT)).toBeNull();
    expect(strategyStoppedAlert(mapping(), 'started', AT)).toBeNull();
    expect(strategyStoppedAlert(mapping(), 'kill_switch', AT)).toBeNull();
  });
});

describe('killSwitchAlert', () => {
  const change = { engaged: true, by: 'admin', at: AT, stoppedStrategies: 12, closedLegs: 1 };
  it('tells traders who engaged it and admins what it closed', () => {
    expect(killSwitchAlert(change, false).body).toBe(
      'admin engaged the kill switch at Mon 23 Nov, 10:42 IST: every strategy was stopped and its legs squared off, and none can start until it is released.',
    );
    expect(killSwitchAlert(change, true).body).toMatch(/It stopped 12 strategies and closed 1 open leg\.$/);
    expect(killSwitchAlert({ ...change, engaged: false }, false)).toMatchObject({
      kind: 'kill_switch',
      title: 'Kill switch released',
    });
  });
});

describe('driftAlert', () => {
  const symbol = (s: string, c: number, b: number) => ({
    trading_symbol: s,
    exchange: 'NFO',
    console_quantity: c,
    broker_quantity: b,
    drift: c - b,
  });
  const account = {
    userBrokerId: 3,
    userId: 7,
    username: 'trader',
    brokerUsername: 'ZR1001',
    symbols: [symbol('NIFTY26N2424500CE', 65, 0)],
    since: AT,
  };

  it('names the symbols and quantities; admins read whose account it is', () => {
    const own = driftAlert(account, AT, true);
    expect(own.title).toBe('Broker positions differ: ZR1001');
    expect(own.body).toContain('NIFTY26N2424500CE: console 65, broker 0');
    expect(driftAlert(account, AT, false).title).toBe('Broker positions differ: ZR1001 (trader)');
  });

  it('keys the same drift alike in any order, and a changed quantity apart', () => {
    const two = { ...account, symbols: [symbol('A', 65, 0), symbol('B', 0, 65)] };
    const swapped = { ...account, symbols: [symbol('B', 0, 65), symbol('A', 65, 0)] };
    expect(driftKey(two)).toBe(driftKey(swapped));
    expect(driftKey(two)).not.toBe(driftKey({ ...account, symbols: [symbol('A', 130, 0), symbol('B', 0, 65)] }));
    expect(driftKey(two)).not.toBe(driftKey({ ...two, userBrokerId: 4 }));
    // The same difference back after it cleared is another one: told again.
    expect(driftKey(two)).not.toBe(driftKey({ ...two, since: AT + 60_000 }));
  });
});

describe('tokenExpiringAlert', () => {
  it('names the expiry and the open, and keys itself by the token', () => {
    const draft = tokenExpiringAlert({
      userId: 7,
      userBrokerId: 3,
      brokerUsername: 'ZR1001',
      tokenUpdatedAt: 123,
      expiresAt: Date.parse('2026-11-24T06:00:00+05:30'),
      nextOpen: Date.parse('2026-11-24T09:15:00+05:30'),
    });
    expect(draft.body).toContain('expires at Tue 24 Nov, 06:00 IST, before the market opens at Tue 24 Nov, 09:15 IST');
    expect(draft.dedupeKey).toBe('token:3:123');
    expect(istStamp(AT)).toBe('Mon 23 Nov, 10:42 IST');
  });
});

describe('a portfolio limit breach (issue 34 item 4)', () => {
  const breach = {
    breaches: [{ cap: 'max_net_delta', limit: 300_0000, text: 'net delta −412.5 beyond the cap of 300' }],
    at: AT,
  };
  it('says the figures and that entries are refused, or that the strategies are being squared off', () => {
    const refusing = portfolioLimitAlert({ ...breach, isReducing: false }, 5, true);
    expect(refusing).toMatchObject({
      kind: 'portfolio_limit',
      title: 'Portfolio limit: net delta −412.5 beyond the cap of 300',
    });
    expect(refusing.body).toBe(
      `At ${istStamp(AT)} your positions' net delta −412.5 beyond the cap of 300. No entry or realign will sell new ` +
        'legs while it lasts; your open legs are kept.',
    );
    const reducing = portfolioLimitAlert({ ...breach, isReducing: true }, 5, false);
    expect(reducing.body).toContain(
      "Reduce on breach is set: the trader's strategies are being stopped and their legs squared off.",
    );
    expect(reducing.dedupeKey).toBe(`portfolio-limit:5:max_net_delta:3000000:${AT}`);
  });
});
