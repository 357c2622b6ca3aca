import { RUNNING_STATUS } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startConnectProxy } from '../../../test/connect-proxy.js';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { EGRESS_RECHECK_MS } from '../engine/live-guards.js';

/*
 * Issue 31: each broker account's orders leave from its own egress (a proxy, or one of the server's addresses), and
 * the console checks that egress against the IPs the trader registered with Kite before money moves. The sandbox
 * enforces Kite's rule (SANDBOX_ENFORCE_IP): an order from any other address is refused. Accounts here leave from
 * loopback addresses of their own (127.0.0.2, 127.0.0.3: Linux routes all of 127/8 on lo).
 */

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ enforceIp: true });
});
afterEach(async () => {
  await t.close();
});

const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const sandboxRoot = () => new URL(t.sandbox.urls.kiteApi).origin;

/** The IPs Kite (the sandbox) has registered for its user `kiteUserId`, as the trader set them on Kite's console. */
async function registerAtBroker(kiteUserId: string, ips: string[]) {
  const res = await fetch(`${sandboxRoot()}/control/accounts/${kiteUserId}/ips`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ips }),
  });
  expect(res.status).toBe(200);
}

/** Every order the sandbox took, with the address it came from. */
async function sandboxOrders() {
  const res = await fetch(`${sandboxRoot()}/control/orders`);
  return ((await res.json()) as { orders: Array<{ user_id: string; source_ip: string }> }).orders;
}

async function saveAccount(owner: TestUser, body: Record<string, unknown>, id?: number) {
  return t.request({
    method: id === undefined ? 'POST' : 'PUT',
    url: id === undefined ? '/api/brokers/user-brokers' : `/api/brokers/user-brokers/${id}`,
    token: owner.token,
    payload: { broker_id: 1, ...body },
  });
}

/**
 * A live RDX strategy of `owner`'s running on account `userBrokerId`, which gets a fresh sandbox token first;
 * `offset` apart from other traders' so each sells its own strikes (the sandbox's books are thin far out).
 */
async function runningLive(owner: TestUser, userBrokerId: number, kiteUserId: string, offset = 100) {
  const token = t.sandbox.control.issueKiteAccessToken(kiteUserId);
  expect((await saveAccount(owner, { broker_token: token }, userBrokerId)).statusCode).toBe(200);
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: userBrokerId });
  await t.services.rdxConfigs.create({ userId: owner.id, role: owner.role }, m.id, {
    rdx_lot_count: 1,
    atm_value: 24500,
    offset_value: offset,
    interval: '15m',
  });
  const started = await t.request({
    method: 'PUT',
    url: `/api/strategies/user-mappings/${m.id}/toggle-status`,
    token: owner.token,
    payload: { running_status: 1 },
  });
  expect(started.statusCode, started.body).toBe(200);
  return m.id;
}

const mappingOf = (id: number) => t.services.mappings.get({ userId: 0, role: 'admin' }, id);

describe("an account's egress, checked when it is saved", () => {
  it('refuses an egress that would leave from an unregistered IP with 409 and its words, and saves nothing', async () => {
    const owner = await buildUser(t);
    const refused = await saveAccount(owner, {
      broker_username: 'EG1001',
      egress_bind_address: '127.0.0.3',
      registered_ips: ['127.0.0.2'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('orders for EG1001 would leave from 127.0.0.3; Kite has 127.0.0.2 registered');
    const list = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
    expect(list.json().data).toEqual([]);

    const saved = await saveAccount(owner, {
      broker_username: 'EG1001',
      egress_bind_address: '127.0.0.2',
      registered_ips: ['127.0.0.2', '203.0.113.7'],
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({
      egress_kind: 'bind',
      egress_shown: '127.0.0.2',
      registered_ips: ['127.0.0.2', '203.0.113.7'],
      egress_public_ip: '127.0.0.2',
      egress_problem: null,
    });
    expect(saved.json().data.egress_checked_at).not.toBeNull();

    // A change to an unregistered address is refused; the account keeps its egress.
    const id = saved.json().data.id as number;
    const moved = await saveAccount(owner, { egress_bind_address: '127.0.0.3' }, id);
    expect(moved.statusCode).toBe(409);
    const after = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
    expect(after.json().data[0]).toMatchObject({ egress_shown: '127.0.0.2', egress_problem: null });
    const alerts = await t.request({ method: 'GET', url: '/api/alerts', token: owner.token });
    // The 409 told the trader at that moment: no alert as well, but the trail keeps both refusals.
    expect(alerts.json().data.alerts).toEqual([]);
    const trail = await t.request({ method: 'GET', url: '/api/audit/mine', token: owner.token });
    const actions = (trail.json().data.entries as Array<{ action: string }>).map((e) => e.action);
    expect(actions.filter((a) => a === 'broker_account.egress_refused')).toHaveLength(2);
  });

  it("keeps a proxy's password sealed: the reply shows only its scheme, host and port", async () => {
    const owner = await buildUser(t);
    const proxy = await startConnectProxy('127.0.0.2');
    try {
      const withSecret = proxy.url.replace('http://', 'http://ann:s3cret@');
      const saved = await saveAccount(owner, {
        broker_username: 'EG1002',
        egress_proxy_url: withSecret,
        registered_ips: ['127.0.0.2'],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.body).not.toContain('s3cret');
      expect(saved.json().data).toMatchObject({
        egress_kind: 'proxy',
        egress_shown: proxy.url,
        egress_public_ip: '127.0.0.2',
      });
      const row = await t.database.db
        .selectFrom('userBrokers')
        .select('egressProxyUrlSealed')
        .executeTakeFirstOrThrow();
      expect(row.egressProxyUrlSealed).not.toContain('s3cret');
    } finally {
      await proxy.close();
    }
  });

  it("refuses another trader's account on the same address unless both declare the same family", async () => {
    const [ann, bob, cat] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const on2 = { egress_bind_address: '127.0.0.2', registered_ips: ['127.0.0.2'] };
    expect((await saveAccount(ann, { broker_username: 'FA1001', family_group: 'Sharma', ...on2 })).statusCode).toBe(
      201,
    );
    expect((await saveAccount(bob, { broker_username: 'FA1002', family_group: 'Sharma', ...on2 })).statusCode).toBe(
      201,
    );
    const stranger = await saveAccount(cat, { broker_username: 'FA1003', ...on2 });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().error).toMatch(/only one family may share an IP/);
    expect(stranger.body).not.toMatch(/FA1001|FA1002/);
    // On an address of her own she is welcome.
    const own = await saveAccount(cat, {
      broker_username: 'FA1003',
      egress_bind_address: '127.0.0.3',
      registered_ips: ['127.0.0.3'],
    });
    expect(own.statusCode).toBe(201);
  });
});

describe('orders under the 2026 static-IP rule, the sandbox enforcing it', () => {
  it('sends every order of three traders of two families from their own registered address', async () => {
    const [ann, bob, cat] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    // Ann and Bob are one family sharing 127.0.0.2; Cat leaves from 127.0.0.3.
    const sharma = { egress_bind_address: '127.0.0.2', registered_ips: ['127.0.0.2'], family_group: 'Sharma' };
    const accounts = [
      { owner: ann, kiteUserId: 'IP1001', body: sharma, from: '127.0.0.2' },
      { owner: bob, kiteUserId: 'IP1002', body: sharma, from: '127.0.0.2' },
      {
        owner: cat,
        kiteUserId: 'IP1003',
        body: { egress_bind_address: '127.0.0.3', registered_ips: ['127.0.0.3'] },
        from: '127.0.0.3',
      },
    ];
    const strategies: number[] = [];
    for (const a of accounts) {
      const saved = await saveAccount(a.owner, { broker_username: a.kiteUserId, ...a.body });
      expect(saved.statusCode, saved.body).toBe(201);
      await registerAtBroker(a.kiteUserId, [a.from]);
      strategies.push(await runningLive(a.owner, saved.json().data.id, a.kiteUserId, 100 + 50 * strategies.length));
    }
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const orders = await sandboxOrders();
    for (const [i, a] of accounts.entries()) {
      expect((await mappingOf(strategies[i]!)).open_legs).toHaveLength(2);
      expect(orders.filter((o) => o.user_id === a.kiteUserId).map((o) => o.source_ip)).toEqual([a.from, a.from]);
    }
  });

  it('pauses only the account whose egress changed under it, with the reason, and refuses its Resume until fixed', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const proxy = await startConnectProxy('127.0.0.2');
    try {
      const annAccount = await saveAccount(ann, {
        broker_username: 'CH1001',
        egress_proxy_url: proxy.url,
        registered_ips: ['127.0.0.2'],
      });
      expect(annAccount.statusCode, annAccount.body).toBe(201);
      const bobAccount = await saveAccount(bob, {
        broker_username: 'CH1002',
        egress_bind_address: '127.0.0.3',
        registered_ips: ['127.0.0.3'],
      });
      await registerAtBroker('CH1001', ['127.0.0.2']);
      await registerAtBroker('CH1002', ['127.0.0.3']);
      const annStrategy = await runningLive(ann, annAccount.json().data.id, 'CH1001');
      const bobStrategy = await runningLive(bob, bobAccount.json().data.id, 'CH1002');
      await t.services.engine.start();

      // The proxy's exit address changes; the next check after a few minutes finds it.
      proxy.exitFrom('127.0.0.4');
      t.clock.advance(EGRESS_RECHECK_MS);
      await t.services.engine.follow();

      expect(await mappingOf(annStrategy)).toMatchObject({
        running_status: RUNNING_STATUS.PAUSED,
        stop_reason: 'egress_mismatch',
      });
      expect((await mappingOf(bobStrategy)).running_status).toBe(RUNNING_STATUS.RUNNING);
      const list = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: ann.token });
      expect(list.json().data[0].egress_problem).toBe(
        'orders for CH1001 would leave from 127.0.0.4; Kite has 127.0.0.2 registered',
      );

      const resume = () => t.request({ method: 'POST', url: `/api/rdx/resume/${annStrategy}`, token: ann.token });
      const refused = await resume();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('orders for CH1001 would leave from 127.0.0.4; Kite has 127.0.0.2 registered');
      proxy.exitFrom('127.0.0.2');
      expect((await resume()).statusCode).toBe(200);
      expect((await mappingOf(annStrategy)).running_status).toBe(RUNNING_STATUS.RUNNING);
      // The owner hears of it (the pause was not their doing).
      const alerts = await t.request({ method: 'GET', url: '/api/alerts', token: ann.token });
      expect(JSON.stringify(alerts.json().data.alerts)).toContain('would leave from 127.0.0.4');
    } finally {
      await proxy.close();
    }
  });

  it("checks a new session's egress before its first order, and sends nothing from an unregistered IP", async () => {
    const ann = await buildUser(t);
    const proxy = await startConnectProxy('127.0.0.2');
    try {
      const saved = await saveAccount(ann, {
        broker_username: 'CH3001',
        egress_proxy_url: proxy.url,
        registered_ips: ['127.0.0.2'],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      await registerAtBroker('CH3001', ['127.0.0.2']);
      const strategy = await runningLive(ann, saved.json().data.id, 'CH3001');
      // Later the proxy leaves from elsewhere, and the trader pastes the next day's token by hand: a new session
      // nobody has checked (no recheck is due yet).
      proxy.exitFrom('127.0.0.4');
      t.clock.advance(1000);
      const token = t.sandbox.control.issueKiteAccessToken('CH3001');
      expect((await saveAccount(ann, { broker_token: token }, saved.json().data.id)).statusCode).toBe(200);

      // A Realign by hand is refused with the words, nothing sent; so is the candle close, which pauses it.
      const realign = await t.request({
        method: 'POST',
        url: `/api/strategies/user-mappings/${strategy}/realign`,
        token: ann.token,
      });
      expect(realign.statusCode).toBe(409);
      expect(realign.json().error).toBe('orders for CH3001 would leave from 127.0.0.4; Kite has 127.0.0.2 registered');
      expect(await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000)).toBe(0);
      expect(await mappingOf(strategy)).toMatchObject({
        running_status: RUNNING_STATUS.PAUSED,
        stop_reason: 'egress_mismatch',
      });
      expect((await sandboxOrders()).filter((o) => o.user_id === 'CH3001')).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('keeps a running strategy trading when a recheck cannot learn the IP (the proxy silent a moment)', async () => {
    const ann = await buildUser(t);
    const proxy = await startConnectProxy('127.0.0.2');
    const saved = await saveAccount(ann, {
      broker_username: 'CH2001',
      egress_proxy_url: proxy.url,
      registered_ips: ['127.0.0.2'],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await registerAtBroker('CH2001', ['127.0.0.2']);
    const strategy = await runningLive(ann, saved.json().data.id, 'CH2001');
    await t.services.engine.start();
    await proxy.close();
    t.clock.advance(EGRESS_RECHECK_MS);
    await t.services.engine.follow();
    expect((await mappingOf(strategy)).running_status).toBe(RUNNING_STATUS.RUNNING);
    const list = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: ann.token });
    expect(list.json().data[0]).toMatchObject({ egress_problem: null, egress_public_ip: '127.0.0.2' });
  });
});
