import type { Mapping, UnsettledOrder } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMapping,
  buildPendingOrder,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, TEST_START, type TestApp } from '../../../test/test-app.js';
import { NOT_FILLED_BY_HAND } from './hand-settlement.js';

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
const openLegs = (mappingId: number) => t.services.engineRepo.openLegsOf(mappingId);

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
  const id = await buildPendingOrder(t, owner, m.id, { sentAt, userBrokerId: broker.id });
  await t.services.engineRepo.markPlaced(id, brokerOrderId, sentAt);
  return m;
}

async function call(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const { token } = await t.services.auth.login({ username: owner.username, password: owner.password }, '10.0.0.9');
  return t.request({ method, url: `/api${url}`, token, ...(body === undefined ? {} : { payload: body }) });
}

async function rowOf(mappingId: number) {
  return (await call('GET', '/strategies/user-mappings'))
    .json<{ data: Mapping[] }>()
    .data.find((x) => x.id === mappingId);
}

const unsettled = async (mappingId: number) =>
  (await call('GET', `/strategies/user-mappings/${mappingId}/unsettled-orders`)).json<{ data: UnsettledOrder[] }>()
    .data;
const fillsOf = (mappingId: number) =>
  t.database.db.selectFrom('transactions').selectAll().where('mappingId', '=', mappingId).execute();

describe("a live order the broker's day order book no longer holds", () => {
  it('keeps its strategy from trading, pending, with the row telling the trader to check the account', async () => {
    const m = await liveWithUnsettledOrder(TEST_START - DAY, '261122000000042'); // Sunday's: today is Monday
    const traded = await t.services.engine.evaluate(NIFTY, '15m', 2450000, TEST_START);

    expect(traded).toBe(0);
    expect(t.sandbox.control.orders()).toEqual([]);
    const orders = await t.database.db.selectFrom('brokerOrders').select(['status']).execute();
    expect(orders.map((o) => o.status)).toEqual(['pending']);
    const row = await rowOf(m.id);
    expect(row?.status_detail).toContain(
      "SELL 65 NIFTY26D0124600CE (sent on 22 Nov and no longer in the broker's order book, so whether it filled " +
        "is unknown: check the Kite account, then settle it on the strategy's row)",
    );
    expect(row?.orders_to_settle).toBe(1);
    expect(await unsettled(m.id)).toMatchObject([
      { side: 'SELL', quantity: 65, trading_symbol: 'NIFTY26D0124600CE', intent: 'open', is_past_order_book: true },
    ]);
  });

  it('is settled by the trader as filled: booked at the price given, when it was sent, and the strategy trades on', async () => {
    const sentAt = TEST_START - DAY;
    const m = await liveWithUnsettledOrder(sentAt, '261122000000042');
    const [order] = await unsettled(m.id);
    const settled = await call('POST', `/strategies/user-mappings/${m.id}/unsettled-orders/${order?.id}/settle`, {
      filled: true,
      price: 123.45,
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json<{ data: { strategy: Mapping } }>().data.strategy.orders_to_settle).toBe(0);
    expect(await openLegs(m.id)).toMatchObject([
      { tradingSymbol: 'NIFTY26D0124600CE', quantity: 65, entryPricePaise: 12345 },
    ]);
    expect(await fillsOf(m.id)).toMatchObject([{ quantity: 65, pricePaise: 12345, transactionDate: sentAt }]);
    expect(await unsettled(m.id)).toEqual([]);
    // Settled a second time (another tab): nothing pending by that id any more.
    const again = await call('POST', `/strategies/user-mappings/${m.id}/unsettled-orders/${order?.id}/settle`, {
      filled: false,
    });
    expect(again.statusCode).toBe(404);
    // No longer waiting: the next close completes the strangle with its PE.
    await t.services.engine.evaluate(NIFTY, '15m', 2450000, TEST_START);
    expect(t.sandbox.control.orders().map((o) => o.tradingsymbol.slice(-2))).toEqual(['PE']);
  });

  it('is settled by the trader as partly filled: the leg holds what filled', async () => {
    const m = await liveWithUnsettledOrder(TEST_START - DAY, '261122000000042');
    const [order] = await unsettled(m.id);
    const url = `/strategies/user-mappings/${m.id}/unsettled-orders/${order?.id}/settle`;
    expect((await call('POST', url, { filled: true, price: 80.05, quantity: 30 })).statusCode).toBe(200);
    expect(await openLegs(m.id)).toMatchObject([{ quantity: 30, entryPricePaise: 8005 }]);
    expect(await fillsOf(m.id)).toMatchObject([{ quantity: 30, pricePaise: 8005 }]);
  });

  it('is settled by the trader as not filled: failed with that reason, and the strategy enters afresh', async () => {
    const m = await liveWithUnsettledOrder(TEST_START - DAY, '261122000000042');
    const [order] = await unsettled(m.id);
    const url = `/strategies/user-mappings/${m.id}/unsettled-orders/${order?.id}/settle`;
    expect((await call('POST', url, { filled: true })).statusCode).toBe(400); // a fill needs its price
    // Never more than the order's own quantity.
    const tooMany = await call('POST', url, { filled: true, price: 100, quantity: 66 });
    expect([tooMany.statusCode, tooMany.json<{ error: string }>().error]).toEqual([
      400,
      "Filled quantity must be at most the order's 65",
    ]);
    const changed: number[] = [];
    t.events.subscribe('mapping.changed', ({ mappingId }) => {
      changed.push(mappingId);
      return Promise.resolve();
    });
    expect((await call('POST', url, { filled: false })).statusCode).toBe(200);
    expect(changed).toEqual([m.id]); // the trader's other tabs re-read the row (strategy_changed)
    const rows = await t.database.db.selectFrom('brokerOrders').select(['status', 'error']).execute();
    expect(rows).toEqual([{ status: 'failed', error: NOT_FILLED_BY_HAND }]);
    expect(await openLegs(m.id)).toEqual([]);
    await t.services.engine.evaluate(NIFTY, '15m', 2450000, TEST_START);
    expect(t.sandbox.control.orders()).toHaveLength(2);
  });

  it('of the same day is an order the broker cannot be asked about, not one gone from its book', async () => {
    const m = await liveWithUnsettledOrder(TEST_START - 60_000, '261123000000042');
    expect(await t.services.engine.evaluate(NIFTY, '15m', 2450000, TEST_START)).toBe(0);
    const detail = (await rowOf(m.id))?.status_detail ?? '';
    expect(detail).toContain('the broker could not be asked about earlier orders');
    expect(detail).not.toContain('order book');
    expect((await rowOf(m.id))?.orders_to_settle).toBe(0);
    // The broker is the one to settle it: the trader cannot, while its day lasts.
    const [order] = await unsettled(m.id);
    expect(order?.is_past_order_book).toBe(false);
    const settle = await call('POST', `/strategies/user-mappings/${m.id}/unsettled-orders/${order?.id}/settle`, {
      filled: false,
    });
    expect(settle.statusCode).toBe(409);
  });
});
