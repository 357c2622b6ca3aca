import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { createSettingsRepository } from '../../db/settings.repository.js';
import { createSharedState } from '../../db/shared-state.js';

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

/** A running RDX mapping on NIFTY 50 with lots 1, offset 100, 15m. */
async function runningMapping(overrides: Parameters<typeof buildMapping>[2] = {}) {
  const m = await buildMapping(t, owner, overrides);
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return m;
}

/** A running mapping on 1m candles, the engine started and following the sandbox's ticker. */
async function followedOnOneMinute() {
  const m = await runningMapping();
  await t.request({
    method: 'PUT',
    url: `/api/strategies/user-mappings/${m.id}/rdx-config`,
    token: owner.token,
    payload: { rdx_lot_count: 1, offset_value: 100, atm_value: 0, interval: '1m' },
  });
  await t.services.engine.start();
  await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 5000 });
  return m;
}

/** Lets a minute of ticks flow (the sandbox streams the steps the clock passed), then closes it. */
async function closeAMinuteOfTicks() {
  for (let s = 0; s < 70; s += 10) {
    t.clock.advance(10_000);
    t.sandbox.control.pump();
  }
  await vi.waitFor(() => expect(t.services.hub.lastPricePaise('kite', '256265')).not.toBeNull(), { timeout: 5000 });
  t.clock.advance(60_000);
  t.sandbox.control.pump();
}

const txs = async () => (await t.services.transactions.listFor(owner.id, { limit: 100, offset: 0 })).transactions;
const legs = (mappingId: number) => t.services.engineRepo.openLegsOf(mappingId);
const CANDLE_CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

describe('paper trading on candle closes', () => {
  it('enters by selling the CE and PE around the ATM, then holds within the threshold', async () => {
    const m = await runningMapping();
    expect(await t.services.engine.evaluate('256265', '15m', 2451240, CANDLE_CLOSE)).toBe(1);
    const entered = await txs();
    expect(entered.map((x) => [x.trading_symbol.slice(-7), x.quantity, x.is_dummy])).toEqual(
      expect.arrayContaining([
        ['24600CE', 65, 1], // one NIFTY lot (NSE, from the January 2026 expiries)
        ['24400PE', 65, 1],
      ]),
    );
    expect(entered.every((x) => x.price > 0)).toBe(true);
    expect(await legs(m.id)).toHaveLength(2);
    const config = await t.services.rdxConfigs.get(actor(), m.id);
    expect(config.atm_value).toBe(24500);
    // Same ATM on the next close: nothing to do.
    expect(await t.services.engine.evaluate('256265', '15m', 2452000, CANDLE_CLOSE + 900_000)).toBe(0);
    expect(await txs()).toHaveLength(2);
  });

  it('realigns when the ATM moves by the threshold: buys back both legs and sells around the new ATM', async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CANDLE_CLOSE);
    await t.services.engine.evaluate('256265', '15m', 2460000, CANDLE_CLOSE + 900_000);
    const all = await txs();
    expect(all).toHaveLength(6);
    expect(
      all
        .filter((x) => x.quantity < 0)
        .map((x) => x.trading_symbol.slice(-7))
        .sort(),
    ).toEqual(['24400PE', '24600CE']);
    const open = await legs(m.id);
    expect(open.map((l) => [l.optionType, l.strikePaise / 100]).sort()).toEqual([
      ['CE', 24700],
      ['PE', 24500],
    ]);
  });

  it('takes no action while paused, and none for a stopped mapping', async () => {
    const m = await runningMapping();
    await t.services.mappings.setRunningStatus(actor(), m.id, 2);
    expect(await t.services.engine.evaluate('256265', '15m', 2450000, CANDLE_CLOSE)).toBe(0);
    await t.services.mappings.setRunningStatus(actor(), m.id, 0);
    expect(await t.services.engine.evaluate('256265', '15m', 2450000, CANDLE_CLOSE)).toBe(0);
    expect(await txs()).toHaveLength(0);
  });

  it('trades on a candle close built by the hub from the sandbox ticker', async () => {
    const m = await followedOnOneMinute();
    // Live sync is stopped, yet its status says the stream the running strategy keeps open is connected.
    expect(await t.services.liveSync.status()).toMatchObject({ isRunning: false, connectedSources: ['kite'] });
    await closeAMinuteOfTicks();
    await vi.waitFor(
      async () => {
        t.services.hub.flush(t.clock.now());
        await t.services.engine.refresh();
        expect(await legs(m.id)).toHaveLength(2);
      },
      { timeout: 5000 },
    );
    await t.services.engine.stop();
  });
});

describe('the service stopped on another console', () => {
  it('no candle close trades once the stop has answered, though the leader has not followed it yet', async () => {
    const m = await followedOnOneMinute();
    const following = t.services.hub.subscriptionCount();
    // A standby's stop writes only the shared switch (engine.service.ts stop()); this leader is not told.
    await createSharedState(createSettingsRepository(t.database.db)).rdxWanted.set(false, t.clock.now());
    await closeAMinuteOfTicks();
    // The close finds the switch off: the engine stops following candles instead of trading.
    await vi.waitFor(
      () => {
        t.services.hub.flush(t.clock.now());
        expect(t.services.hub.subscriptionCount()).toBeLessThan(following);
      },
      { timeout: 5000 },
    );
    expect(await legs(m.id)).toHaveLength(0);
    expect(await txs()).toHaveLength(0);
  });
});

describe('a candle close missed by a leadership handover', () => {
  const FIFTEEN_MIN = 15 * 60_000;
  /** The service on since long ago; the previous leader acted on the close before `missed` and then died. */
  async function handoverAfter(lateMs: number, serviceOnAt = t.clock.now() - 3 * FIFTEEN_MIN) {
    const m = await runningMapping();
    await createSharedState(createSettingsRepository(t.database.db)).rdxWanted.set(true, serviceOnAt);
    const missed = t.clock.now() - lateMs;
    await t.services.engineRepo.claimCandle('256265', '15m', missed - FIFTEEN_MIN);
    // The new leader's worker starts (engine.module.ts: start is follow()).
    await t.services.engine.follow();
    return { m, missed };
  }
  afterEach(async () => {
    await t.services.engine.stop();
  });

  it('is acted on by the new leader when it is seconds old, once', async () => {
    const { m, missed } = await handoverAfter(2_000);
    expect(await legs(m.id)).toHaveLength(2);
    expect(await t.services.engineRepo.lastClaimedClose('256265', '15m')).toBe(missed);
    // The hub's own close of that candle, were it to come, finds the claim taken.
    expect(await t.services.engineRepo.claimCandle('256265', '15m', missed)).toBe(false);
  });

  it('is left when too old, or when the service was switched on after it', async () => {
    const tooOld = await handoverAfter(40_000);
    expect(await legs(tooOld.m.id)).toHaveLength(0);
    await t.services.engine.stop();
    const switchedOnLate = await handoverAfter(2_000, t.clock.now() - 1_000);
    expect(await legs(switchedOnLate.m.id)).toHaveLength(0);
  });
});

describe('manual actions through the API', () => {
  it('Realign enters at the last price at once; Exit buys back every leg and stops', async () => {
    const m = await runningMapping();
    const realigned = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/realign`,
      token: owner.token,
    });
    expect(realigned.statusCode, realigned.body).toBe(200);
    expect(realigned.json().data.strategy.running_status).toBe(1);
    expect(await legs(m.id)).toHaveLength(2);
    const exited = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/exit`,
      token: owner.token,
    });
    expect(exited.statusCode, exited.body).toBe(200);
    expect(exited.json().data.strategy.running_status).toBe(0);
    expect(await legs(m.id)).toHaveLength(0);
    const all = await txs();
    expect(all.filter((x) => x.quantity < 0)).toHaveLength(2);
    expect(all.filter((x) => x.quantity > 0)).toHaveLength(2);
  });

  it('refuses Realign for a stopped strategy and Exit while the market is closed', async () => {
    const m = await runningMapping();
    await t.services.engine.realign(actor(), m.id);
    t.clock.set(Date.parse('2026-11-21T06:00:00Z')); // Saturday
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBe(409);
    expect(exit.json().error).toBe('Market is closed; exit when it opens');
    expect((await t.services.mappings.get(actor(), m.id)).running_status).toBe(1);
    const stopped = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, stopped.id);
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${stopped.id}/realign`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('live trading through the sandbox broker', () => {
  async function liveMapping() {
    const broker = await buildUserBroker(t, owner, { broker_username: 'LV1234' });
    await t.services.brokers.update(actor(), broker.id, {
      broker_token: t.sandbox.control.issueKiteAccessToken('LV1234'),
    });
    return runningMapping({ is_dummy: 0, user_broker_id: broker.id });
  }

  it('sends tagged market orders and books the broker’s fill prices', async () => {
    const m = await liveMapping();
    await t.services.engine.realign(actor(), m.id);
    const all = await txs();
    expect(all).toHaveLength(2);
    expect(all.every((x) => x.is_dummy === 0 && x.price > 0)).toBe(true);
    const orders = await t.database.db.selectFrom('brokerOrders').selectAll().execute();
    expect(orders.map((o) => o.status)).toEqual(['filled', 'filled']);
    expect(new Set(orders.map((o) => o.tag)).size).toBe(2);
    expect(orders.map((o) => o.fillPricePaise).sort()).toEqual(all.map((x) => toPaise(x.price)).sort());
  });

  it('settles an order whose reply was lost by its tag on restart, without a second order', async () => {
    await liveMapping();
    await t.services.engine.start();
    // A candle close's entry: the broker takes the first sell, its reply is lost, and the console goes down before
    // its next decision would ask (a Realign or an Exit asks at once, realign-lost-reply.int.test.ts).
    t.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await t.services.engine.evaluate('256265', '15m', 2450000, Date.parse('2026-11-23T05:00:00Z'));
    await t.services.engine.stop();
    const pending = await t.database.db
      .selectFrom('brokerOrders')
      .selectAll()
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    await t.services.engine.start();
    const orders = await t.database.db.selectFrom('brokerOrders').selectAll().execute();
    expect(orders.filter((o) => o.status === 'filled')).toHaveLength(1);
    expect(await txs()).toHaveLength(1);
    await t.services.engine.stop();
  });
});
