import type { ConsoleStatus } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildUser, buildUserBroker } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/console/exchange', () => {
  it('tells anyone, signed in or not, that this console trades on its sandbox exchange, and nothing more', async () => {
    const res = await t.request({ method: 'GET', url: '/api/console/exchange' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { exchange: 'sandbox' } });
  });
});

describe('GET /api/console/status', () => {
  it("answers the status strip for the caller: market, feed, the caller's own accounts' tokens, the kill switch", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const admin = await buildAdmin(t);
    const bare = await buildUserBroker(t, owner);
    const traded = await buildUserBroker(t, owner, {
      broker_username: 'ST1234',
      broker_token: t.sandbox.control.issueKiteAccessToken('ST1234'),
    });
    await buildUserBroker(t, stranger);
    // A live strategy on the traded account, a paper one on the bare: only the first needs its token.
    await buildMapping(t, owner, { user_broker_id: traded.id, is_dummy: 0 });
    await buildMapping(t, owner, { user_broker_id: bare.id, is_dummy: 1 });
    // A Paper account has no token: the strip has nothing to say of it.
    await t.services.brokers.create(
      { userId: owner.id, role: owner.role },
      { broker_id: 3, broker_username: 'PAPER1', virtual_capital: 500000 },
    );

    const read = async (who: { token: string }) => {
      const res = await t.request({ method: 'GET', url: '/api/console/status', token: who.token });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: ConsoleStatus }>().data;
    };
    // Monday 10:30 IST: NSE is open until 15:30; no tick has come on this console yet.
    const open = await read(owner);
    expect(open.exchange).toBe('sandbox');
    expect(open.market).toMatchObject({ instrument: 'NIFTY 50', is_open: true, next_open_at: null });
    expect(open.market.closes_at).toBe('2026-11-23T10:00:00.000Z');
    expect(open.feed).toMatchObject({ state: 'stale', last_tick_at: null });
    expect(open.accounts.map((a) => [a.user_broker_id, a.token_state, a.live_strategies])).toEqual([
      [bare.id, 'missing', 0],
      [traded.id, 'ok', 1],
    ]);
    expect(open.kill_switch.engaged).toBe(false);
    // A stranger sees only their own account.
    expect((await read(stranger)).accounts.map((a) => a.token_state)).toEqual(['missing']);

    await t.request({ method: 'POST', url: '/api/risk/kill-switch', token: admin.token, payload: { engaged: true } });
    // 19:00 IST: shut until Wednesday 09:15, Tuesday 24 November being an NSE holiday (Guru Nanak Jayanti, seeded);
    // a quiet feed is idle then.
    t.clock.set(Date.parse('2026-11-23T13:30:00Z'));
    const evening = await read(owner);
    expect(evening.market).toMatchObject({ is_open: false, closes_at: null, next_open_at: '2026-11-25T03:45:00.000Z' });
    expect(evening.market.closed_reason).toBeNull();
    expect(evening.feed.state).toBe('idle');
    expect(evening.kill_switch.engaged).toBe(true);
    // After 06:00 IST the next morning Kite's token has ended.
    t.clock.set(Date.parse('2026-11-24T01:00:00Z'));
    expect((await read(owner)).accounts.find((a) => a.user_broker_id === traded.id)?.token_state).toBe('expired');
    await t.request({ method: 'POST', url: '/api/risk/kill-switch', token: admin.token, payload: { engaged: false } });
  });

  it('is for signed-in users only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/console/status' })).statusCode).toBe(401);
  });
});
