import type { AlertsPage } from '@app/contract';
import { RUNNING_STATUS } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 27: the console's own handling of risk reaches the bell (and so the channels): a square-off the
 * broker did not fully take, each try of the chase and its end, and the RDX service switched off or on.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const actor = (u: TestUser) => ({ userId: u.id, role: u.role });

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

async function alertsOf(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/alerts?limit=50', token: user.token });
  expect(res.statusCode).toBe(200);
  // Newest first from the API: oldest first here, as they happened.
  return res.json<{ data: AlertsPage }>().data.alerts.reverse();
}
const titlesOf = async (user: TestUser) => (await alertsOf(user)).map((a) => a.title);

async function liveMapping(
  user: TestUser,
  brokerUsername: string,
  window: { start_time?: string; end_time?: string } = {},
) {
  const broker = await buildUserBroker(t, user, { broker_username: brokerUsername });
  const token = t.sandbox.control.issueKiteAccessToken(brokerUsername);
  await t.services.brokers.update(actor(user), broker.id, { broker_token: token });
  const m = await buildMapping(t, user, { is_dummy: 0, user_broker_id: broker.id, ...window });
  await buildRdxConfig(t, user, m.id);
  await t.services.mappings.setRunningStatus(actor(user), m.id, RUNNING_STATUS.RUNNING);
  return m.id;
}

describe('a square-off the broker did not fully take', () => {
  it('is told to the owner and the admins at each try with what is still open, and again once it completed', async () => {
    const id = await liveMapping(owner, 'SQ1234');
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const legs = (await t.services.engineRepo.openLegsOf(id)).map((l) => `${l.tradingSymbol} ${l.quantity}`);
    expect(legs).toHaveLength(2);

    // The broker refuses the Exit's first buy and the chase's first try.
    t.sandbox.control.rejectNextOrders(2, 'RMS: blocked for the test');
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBeGreaterThanOrEqual(400);
    await vi.waitFor(async () => expect(await titlesOf(owner)).toContain('Square-off incomplete: RDX on NIFTY 50'));
    const first = (await alertsOf(owner)).find((a) => a.kind === 'square_off_failed');
    expect(first?.user_strategy_mapping_id).toBe(id);
    expect(first?.body).toContain('RMS: blocked for the test');
    expect(first?.body).toContain(`${legs.join(', ')} are still open at the broker`);
    expect(first?.body).toContain('The console keeps trying (try 1 of 5).');

    t.clock.advance(16_000);
    await t.services.engine.follow(); // the chase's first try: refused again
    await vi.waitFor(async () =>
      expect((await alertsOf(owner)).filter((a) => a.kind === 'square_off_failed')).toHaveLength(2),
    );
    expect((await alertsOf(owner)).at(-1)?.body).toContain('(try 2 of 5)');

    t.clock.advance(31_000);
    await t.services.engine.follow(); // flat
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]);
    await vi.waitFor(async () => expect(await titlesOf(owner)).toContain('Square-off completed: RDX on NIFTY 50'));
    const done = (await alertsOf(owner)).at(-1);
    expect(done).toMatchObject({ kind: 'square_off_completed', user_strategy_mapping_id: id });

    // The admins read the same story, naming the owner.
    const theirs = (await alertsOf(admin)).filter((a) => a.kind.startsWith('square_off'));
    expect(theirs.map((a) => a.title)).toEqual([
      `Square-off incomplete: RDX on NIFTY 50 (${owner.username})`,
      `Square-off incomplete: RDX on NIFTY 50 (${owner.username})`,
      `Square-off completed: RDX on NIFTY 50 (${owner.username})`,
    ]);
    // Another trader hears nothing of it.
    expect(await alertsOf(await buildUser(t))).toEqual([]);
    await t.services.engine.stop();
  });

  it('says when the console gave up, and what the trader can do', async () => {
    const id = await liveMapping(owner, 'SQ5678');
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    t.sandbox.control.rejectNextOrders(20, 'RMS: blocked for good');
    await t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/exit`, token: owner.token });
    for (let backOff = 1; backOff <= 5; backOff++) {
      t.clock.advance(backOff * 15_000 + 1000);
      await t.services.engine.follow();
    }
    await vi.waitFor(async () => expect(await titlesOf(owner)).toContain('Square-off gave up: RDX on NIFTY 50'));
    const last = (await alertsOf(owner)).at(-1);
    expect(last?.body).toContain('The console stopped trying after 5 tries: press Exit on the strategy to try again');
    expect((await alertsOf(owner)).filter((a) => a.kind === 'square_off_failed')).toHaveLength(5);
    t.sandbox.control.clearFaults();
    await t.services.engine.stop();
  });
});

describe("a window's square-off that did not complete", () => {
  it('is told, tried again at the next candle close, and told complete once flat', async () => {
    // Trades 09:15–10:30 IST: the 10:15 close enters, the 10:30 close squares off.
    const id = await liveMapping(owner, 'WE1234', { start_time: '09:15', end_time: '10:30' });
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE - 900_000);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);

    // The first buy-back is taken at the broker but its reply is lost: the legs stay open in the console.
    t.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await vi.waitFor(async () => expect(await titlesOf(owner)).toEqual(['Square-off incomplete: RDX on NIFTY 50']));
    expect((await alertsOf(owner))[0]?.body).toContain('The console tries again at the next candle close.');

    // The next close settles the lost order with the broker and buys back the rest.
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]);
    await vi.waitFor(async () =>
      expect(await titlesOf(owner)).toEqual([
        'Square-off incomplete: RDX on NIFTY 50',
        'Square-off completed: RDX on NIFTY 50',
      ]),
    );
  });
});

describe('the RDX service switched by an admin', () => {
  it("tells each owner of a running strategy that it is held, with counts, and the admins the desk's", async () => {
    await t.services.engine.start();
    // Nothing ran yet: only the admins hear of the start.
    await vi.waitFor(async () => expect(await titlesOf(admin)).toEqual(['RDX service started']));
    const holding = await liveMapping(owner, 'SV1234');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    expect(await t.services.engineRepo.openLegsOf(holding)).toHaveLength(2);
    const flat = await buildMapping(t, owner, { is_dummy: 1 });
    await buildRdxConfig(t, owner, flat.id);
    await t.services.mappings.setRunningStatus(actor(owner), flat.id, RUNNING_STATUS.RUNNING);
    const idle = await buildUser(t); // nothing running: not told

    const stop = await t.request({ method: 'POST', url: '/api/rdx/stop', token: admin.token });
    expect(stop.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await titlesOf(owner)).toEqual(['RDX service stopped: strategies held']));
    const [held] = await alertsOf(owner);
    expect(held?.body).toMatch(
      new RegExp(
        `^${admin.username} stopped the RDX service at .* IST\\. Your 2 running strategies \\(1 of them holding open legs\\) are held and take no trades until it is started again`,
      ),
    );
    await vi.waitFor(async () =>
      expect(await titlesOf(admin)).toEqual(['RDX service started', 'RDX service stopped: strategies held']),
    );
    expect((await alertsOf(admin)).at(-1)?.body).toContain(
      '2 running strategies of 1 user (1 of them holding open legs)',
    );
    expect(await alertsOf(idle)).toEqual([]);

    // Stopping a stopped service changes nothing: nobody is told again.
    await t.request({ method: 'POST', url: '/api/rdx/stop', token: admin.token });
    // Started again: the held strategies trade from their next close, and their owner hears so.
    await t.request({ method: 'POST', url: '/api/rdx/start', token: admin.token });
    await vi.waitFor(async () =>
      expect(await titlesOf(owner)).toEqual(['RDX service stopped: strategies held', 'RDX service started']),
    );
    expect((await alertsOf(owner)).at(-1)?.body).toContain(
      'Your 2 running strategies trade again from their next candle close.',
    );
    await t.services.engine.stop();
  });
});
