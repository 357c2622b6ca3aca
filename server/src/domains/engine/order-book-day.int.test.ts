import type { Mapping } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, TEST_START, type TestApp } from '../../../test/test-app.js';

/*
 * Kite's order book holds the day's orders only, and so does the sandbox: an order the console sent on an
 * earlier day and never saw settle (a crash between the broker's reply and its fill, a console down
 * overnight) can no longer be asked about. The strategy must not trade on a guess, and its row says why.
 */

let t: TestApp;
let owner: TestUser;
const NIFTY = '256265';
const DAY = 24 * 3600_000;
const actor = () => ({ userId: owner.id, role: 'user' as const });

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  await t.services.engine.start(); // the RDX service on: the row's detail is then the strategy's own
});
afterEach(async () => {
  await t.close();
});

/** A running live strategy whose sell, sent at `sentAt`, got the broker's order id and was never seen settled. */
async function liveWithUnsettledOrder(sentAt: number, brokerOrderId: string) {
  const broker = await buildUserBroker(t, owner, { broker_username: 'OB1234' });
  const fresh = t.sandbox.control.issueKiteAccessToken('OB1234');
  await t.services.brokers.update(actor(), broker.id, { broker_token: fresh });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  const repo = t.services.engineRepo;
  const id = await repo.insertPending(
    {
      mappingId: m.id,
      userId: owner.id,
      userBrokerId: broker.id,
      legId: null,
      tag: 'rdxlastday',
      side: 'SELL',
      quantity: 65,
      intent: 'open',
      tradingSymbol: 'NIFTY26D0124600CE',
      exchange: 'NFO',
      optionType: 'CE',
      strikePaise: 2460000,
      expiry: '2026-12-01',
      createdAt: sentAt,
      updatedAt: sentAt,
    },
    0,
  );
  await repo.markPlaced(id, brokerOrderId, sentAt);
  return m;
}

async function rowOf(mappingId: number) {
  const { token } = await t.services.auth.login({ username: owner.username, password: owner.password }, '10.0.0.9');
  const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token });
  return res.json<{ data: Mapping[] }>().data.find((x) => x.id === mappingId);
}

describe("a live order the broker's day order book no longer holds", () => {
  it('keeps its strategy from trading, pending, with the row telling the trader to check the account', async () => {
    const m = await liveWithUnsettledOrder(TEST_START - DAY, '261122000000042'); // Sunday's: today is Monday
    const traded = await t.services.engine.evaluate(NIFTY, '15m', 2450000, TEST_START);

    expect(traded).toBe(0);
    expect(t.sandbox.control.orders()).toEqual([]);
    const orders = await t.database.db.selectFrom('brokerOrders').select(['status']).execute();
    expect(orders.map((o) => o.status)).toEqual(['pending']);
    expect((await rowOf(m.id))?.status_detail).toContain(
      "SELL 65 NIFTY26D0124600CE (sent on 22 Nov and no longer in the broker's order book, so whether it filled " +
        'is unknown: check the Kite account)',
    );
  });

  it('of the same day is an order the broker cannot be asked about, not one gone from its book', async () => {
    const m = await liveWithUnsettledOrder(TEST_START - 60_000, '261123000000042');
    expect(await t.services.engine.evaluate(NIFTY, '15m', 2450000, TEST_START)).toBe(0);
    const detail = (await rowOf(m.id))?.status_detail ?? '';
    expect(detail).toContain('the broker could not be asked about earlier orders');
    expect(detail).not.toContain('order book');
  });
});
