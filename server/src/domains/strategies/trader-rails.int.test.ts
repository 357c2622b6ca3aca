import { LIMITS, MSG } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/** Issue 8: what a trader double-clicks, mistypes or starts from the screen. */
let t: TestApp;
let owner: TestUser;
const actor = () => ({ userId: owner.id, role: 'user' as const });
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const mapping = async (id: number, token = owner.token) =>
  (await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token }))
    .json()
    .data.find((m: { id: number }) => m.id === id) as {
    status_detail: string;
    available_actions: string[];
    running_status: number;
    open_legs: { trading_symbol: string; quantity: number }[];
  };
const toggle = (id: number, running_status: number) =>
  t.request({
    method: 'PUT',
    url: `/api/strategies/user-mappings/${id}/toggle-status`,
    token: owner.token,
    payload: { running_status },
  });

describe('duplicates are impossible where they are wrong', () => {
  it('an identical mapping submitted twice at once creates one', async () => {
    const broker = await buildUserBroker(t, owner);
    const body = { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ce_count: 1, pe_count: 1 };
    const replies = await Promise.all(
      [1, 2].map(() =>
        t.request({ method: 'POST', url: '/api/strategies/user-mappings', token: owner.token, payload: body }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(replies[0]!.json().data.id).toBe(replies[1]!.json().data.id);
    expect(await t.services.mappings.listFor(owner.id)).toHaveLength(1);
    // A different mapping, or the same one again later, is a new row.
    t.clock.advance(11_000);
    await t.request({ method: 'POST', url: '/api/strategies/user-mappings', token: owner.token, payload: body });
    expect(await t.services.mappings.listFor(owner.id)).toHaveLength(2);
  });

  it('two Add User submits at once: one 201, one 409 with the username message, never 500', async () => {
    const admin = await buildAdmin(t);
    const payload = { username: 'twice', password: 'twice-Pa55word', role: 'user' };
    const replies = await Promise.all(
      [1, 2].map(() => t.request({ method: 'POST', url: '/api/users', token: admin.token, payload })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      error: MSG.usernameTaken,
      code: 'CONFLICT',
    });
  });

  it('the same broker account twice is refused with 409', async () => {
    const payload = { broker_id: 1, broker_username: 'AB1234' };
    const replies = await Promise.all(
      [1, 2].map(() => t.request({ method: 'POST', url: '/api/brokers/user-brokers', token: owner.token, payload })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().error).toBe(MSG.brokerAccountExists);
  });
});

describe('sane bounds with the on-screen field names', () => {
  it.each([
    ['/api/strategies/user-mappings', { ce_count: 5000 }, `CE Count must be at most ${LIMITS.maxLegCount}`],
    ['/api/strategies/user-mappings', { pe_count: -1 }, 'PE Count must be at least 0'],
  ])('mapping %s %o → 400 "%s"', async (url, over, message) => {
    const broker = await buildUserBroker(t, owner);
    const res = await t.request({
      method: 'POST',
      url,
      token: owner.token,
      payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.services.mappings.listFor(owner.id)).toHaveLength(0);
  });

  it.each([
    [{ rdx_lot_count: 100000 }, 'Lot Count must be at most 50'],
    [{ atm_value: 99_999_999_999_999 }, 'ATM Value must be at most 10,00,000'],
    [{ offset_value: 900 }, 'Offset Value puts a strike outside the option chain'],
  ])('RDX config %o → 400 "%s"', async (over, message) => {
    const m = await buildMapping(t, owner);
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/rdx-config`,
      token: owner.token,
      payload: { rdx_lot_count: 1, atm_value: 24500, offset_value: 100, interval: '15m', ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });
});

describe('Start from the screen, and why a strategy is or is not trading', () => {
  it('walks a paper strategy from "configure" to "waiting for the candle"', async () => {
    const m = await buildMapping(t, owner);
    expect(await mapping(m.id)).toMatchObject({
      status_detail: 'Stopped: configure RDX, then Start',
      available_actions: [],
      open_legs: [],
    });
    const refused = await toggle(m.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MSG.configureRdxFirst);

    await buildRdxConfig(t, owner, m.id);
    expect(await mapping(m.id)).toMatchObject({
      status_detail: 'Stopped: press Start to trade',
      available_actions: ['start'],
    });
    const started = await toggle(m.id, 1);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.strategy).toMatchObject({
      running_status: 1,
      status_detail: 'RDX service is stopped: no trading until an admin starts it',
    });

    await t.services.engine.start();
    // TEST_START is Monday 10:30 IST: the 15m candle forming now closes at 10:45.
    expect((await mapping(m.id)).status_detail).toBe('Waiting for the 15m candle closing at 10:45 IST to enter');
    expect((await mapping(m.id)).available_actions).toEqual(['pause', 'realign', 'exit']);
    await t.services.engine.stop();
  });

  it('refuses to start a LIVE strategy without a broker token, and an inactive one', async () => {
    const live = await buildMapping(t, owner, { is_dummy: 0 });
    await buildRdxConfig(t, owner, live.id);
    expect((await mapping(live.id)).status_detail).toBe(
      'Stopped: the broker account has no access token (Profile page)',
    );
    const res = await toggle(live.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MSG.noBrokerToken);

    const inactive = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, inactive.id);
    await t.services.mappings.update(actor(), inactive.id, { is_active: 0 });
    expect((await toggle(inactive.id, 1)).json().error).toBe(MSG.inactiveCannotStart);
  });

  it('lets users read the RDX service status for the home banner', async () => {
    const res = await t.request({ method: 'GET', url: '/api/rdx/status', token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ isRunning: false });
  });

  it('Realign at an unchanged ATM trades nothing and says so; after a lot change it sells only the difference', async () => {
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    await toggle(m.id, 1);
    const realign = () =>
      t.request({ method: 'POST', url: `/api/strategies/user-mappings/${m.id}/realign`, token: owner.token });
    expect((await realign()).statusCode).toBe(200);
    const entered = await mapping(m.id);
    expect(entered.open_legs).toHaveLength(2);
    const fills = async () => (await t.services.transactions.listFor(owner.id, { limit: 50, offset: 0 })).total;
    expect(await fills()).toBe(2);

    const again = await realign();
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/^Already centred on ATM [\d,]+: nothing to realign$/);
    expect(await fills()).toBe(2);

    await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/rdx-config`,
      token: owner.token,
      payload: { rdx_lot_count: 2, atm_value: 24500, offset_value: 100, interval: '15m' },
    });
    const resized = await realign();
    expect(resized.json().message).toBeUndefined();
    // Only the difference is traded (issue 28): one more lot sold a side, the legs already held stay.
    expect(await fills()).toBe(4);
    // Two NIFTY lots of 65 (NSE, from the January 2026 expiries) a side.
    const held = new Map<string, number>();
    for (const leg of (await mapping(m.id)).open_legs) {
      held.set(leg.trading_symbol, (held.get(leg.trading_symbol) ?? 0) + leg.quantity);
    }
    expect([...held.values()]).toEqual([2 * 65, 2 * 65]);
  });
});

describe('a strategy holding legs keeps them in view', () => {
  it('refuses to make it inactive or change its mode until it is exited; then both are allowed', async () => {
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.evaluate('256265', '15m', 2450000, Date.parse('2026-11-23T05:00:00Z'));
    expect((await mapping(m.id)).open_legs).toHaveLength(2);
    const update = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/strategies/user-mappings/${m.id}`, token: owner.token, payload });

    const inactive = await update({ is_active: 0 });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe(MSG.exitBeforeDeactivating);
    const live = await update({ is_dummy: 0 });
    expect(live.statusCode).toBe(409);
    expect(live.json().error).toBe(MSG.exitBeforeChangingPosition);
    expect((await mapping(m.id)).open_legs).toHaveLength(2);

    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBe(200);
    expect((await update({ is_active: 0 })).statusCode).toBe(200);
  });
});

describe('passwords', () => {
  it('a user changes their own password: other sessions end, this one stays', async () => {
    const other = await t.services.auth.login({ username: owner.username, password: owner.password }, '10.9.9.9');
    const change = (current_password: string, new_password: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: owner.token,
        payload: { current_password, new_password },
      });
    const wrong = await change('not-my-password', 'brand-new-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MSG.wrongCurrentPassword);

    const ok = await change(owner.password, 'brand-new-password');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.passwordChanged);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: owner.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: other.token })).statusCode).toBe(401);
    const relogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: owner.username, password: 'brand-new-password' },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('an admin resets a user password, which signs the user out everywhere', async () => {
    const admin = await buildAdmin(t);
    const res = await t.request({
      method: 'PUT',
      url: `/api/users/${owner.id}`,
      token: admin.token,
      payload: { password: 'reset-by-admin' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: owner.token })).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: owner.username, password: 'reset-by-admin' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('a strategy the engine cannot trade says why', () => {
  it('an instrument without an option chain: the row names the reason after the candle close', async () => {
    const admin = await buildAdmin(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/instruments',
      token: admin.token,
      payload: { name: 'NO OPTIONS', instrument_token: '777001', lot_size: 10, ticker: 'NOOPTIONS' },
    });
    const m = await buildMapping(t, owner, { instrument_id: created.json().data.id });
    await buildRdxConfig(t, owner, m.id);
    await toggle(m.id, 1);
    await t.services.engine.start();
    expect(await t.services.engine.evaluate('777001', '15m', 100_000, Date.parse('2026-11-23T05:00:00Z'))).toBe(0);
    expect((await mapping(m.id)).status_detail).toBe(
      'Cannot trade: no expiry after today in the option chain (next try at the 15m candle closing 10:45 IST)',
    );
    await t.services.engine.stop();
  });

  it('RDX on a crypto pair (no option chain on Kite) is refused at Configure, not left running forever', async () => {
    const btc = await t.database.db
      .selectFrom('instruments')
      .select('id')
      .where('instrumentToken', '=', 'BTCUSDT')
      .executeTakeFirstOrThrow();
    const m = await buildMapping(t, owner, { instrument_id: btc.id });
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/rdx-config`,
      token: owner.token,
      payload: { rdx_lot_count: 1, interval: '1m' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('RDX sells exchange-listed index options, and BTCUSDT has no option chain');
    // One configured before this rule (an older version) says so on its row while it runs.
    const now = t.clock.now();
    await t.database.db
      .insertInto('rdxConfigs')
      .values({
        mappingId: m.id,
        rdxLotCount: 1,
        atmValuePaise: 0,
        offsetValuePaise: 0,
        atmLastUpdated: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await t.database.db.updateTable('userStrategyMappings').set({ interval: '1m' }).where('id', '=', m.id).execute();
    await toggle(m.id, 1);
    await t.services.engine.start();
    expect((await mapping(m.id)).status_detail).toBe(
      'Cannot trade: RDX sells exchange-listed index options, and BTCUSDT has no option chain',
    );
    await t.services.engine.stop();
  });
});
