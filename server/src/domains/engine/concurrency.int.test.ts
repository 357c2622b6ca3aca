import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * One writer per strategy on one process (issue 10): realign, exit, pause, resume and candle closes fired
 * at the same mappings at once. Whatever order they land in, the fills net per symbol equal the open legs,
 * no leg is closed twice, and the live strategy's legs equal the broker's positions.
 */
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

const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

async function running(isDummy: 0 | 1, userBrokerId?: number) {
  const m = await buildMapping(t, owner, {
    is_dummy: isDummy,
    ...(userBrokerId ? { user_broker_id: userBrokerId } : {}),
  });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return m.id;
}

const post = (url: string) => t.request({ method: 'POST', url, token: owner.token });

describe('concurrent actions on the same strategies', () => {
  it('leave fills, legs and broker positions agreeing', async () => {
    const paper = [await running(1), await running(1)];
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    const brokerToken = t.sandbox.control.issueKiteAccessToken('CC1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
    const live = await running(0, broker.id);
    const ids = [...paper, live];

    for (let round = 0; round < 3; round++) {
      // A new lot count makes the first realign of the round trade; every other one must find nothing to do.
      for (const id of ids) {
        await t.request({
          method: 'PUT',
          url: `/api/strategies/user-mappings/${id}/rdx-config`,
          token: owner.token,
          payload: { rdx_lot_count: 1 + (round % 2), atm_value: 24500, offset_value: 100, interval: '15m' },
        });
      }
      const price = 2_450_000 + round * 20_000;
      await Promise.all([
        ...ids.flatMap((id) => [
          post(`/api/strategies/user-mappings/${id}/realign`),
          post(`/api/strategies/user-mappings/${id}/realign`),
          post(`/api/rdx/pause/${id}`),
          post(`/api/rdx/resume/${id}`),
        ]),
        t.services.engine.evaluate('256265', '15m', price, CLOSE + round * 900_000),
        t.services.engine.evaluate('256265', '15m', price, CLOSE + round * 900_000),
      ]);
    }
    await Promise.all(
      ids.flatMap((id) => [
        post(`/api/strategies/user-mappings/${id}/exit`),
        post(`/api/strategies/user-mappings/${id}/exit`),
      ]),
    );
    // Exit once more where a pause or resume raced an exit and left a strategy running with legs.
    for (const id of ids) await post(`/api/strategies/user-mappings/${id}/exit`);

    const db = t.database.db;
    const txs = await db.selectFrom('transactions').selectAll().execute();
    const legs = await db.selectFrom('strategyLegs').selectAll().execute();
    expect(txs.length).toBeGreaterThan(ids.length * 2);
    for (const id of ids) {
      const net = new Map<string, number>();
      for (const x of txs.filter((y) => y.mappingId === id))
        net.set(x.tradingSymbol, (net.get(x.tradingSymbol) ?? 0) + x.quantity);
      const open = new Map<string, number>();
      for (const l of legs.filter((y) => y.mappingId === id && y.status === 'open'))
        open.set(l.tradingSymbol, (open.get(l.tradingSymbol) ?? 0) + l.quantity);
      expect([...net].filter(([, q]) => q !== 0).sort()).toEqual([...open].sort());
    }
    // Every live order booked once: its fills (one per broker trade) add up to what it filled, never more. A
    // paper close booked twice would show above, as fills that no longer net to the open legs.
    const filled = await db.selectFrom('brokerOrders').selectAll().where('status', '=', 'filled').execute();
    expect(filled.length).toBeGreaterThan(0);
    for (const o of filled) {
      const units = txs.filter((x) => x.orderId === o.id).reduce((sum, x) => sum + Math.abs(x.quantity), 0);
      expect(units).toBe(o.quantity);
    }

    const positions = (await (
      await fetch(`${t.sandbox.urls.kiteApi}/portfolio/positions`, {
        headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
      })
    ).json()) as { data: { net: Array<{ tradingsymbol: string; quantity: number }> } };
    const brokerNet = positions.data.net.filter((p) => p.quantity !== 0).map((p) => [p.tradingsymbol, -p.quantity]);
    const liveLegs = legs
      .filter((l) => l.mappingId === live && l.status === 'open')
      .map((l) => [l.tradingSymbol, l.quantity]);
    expect(brokerNet.sort()).toEqual(liveLegs.sort());
  });
});
