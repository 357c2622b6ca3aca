import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildRunningLiveMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 31 item 7: every live order keeps what made it (its rules' version and algo ID, the decision's inputs, its
 * author) and `GET /orders/{id}/trace` returns that chain with the fills the broker reported; live fills in
 * `/transactions` name their order.
 */

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

async function liveOrders(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/orders?limit=50', token: user.token });
  expect(res.statusCode).toBe(200);
  return (res.json().data.orders as Array<{ kind: string; id: number; side: string; filled_quantity: number }>).filter(
    (o) => o.kind === 'live',
  );
}

const traceOf = (user: TestUser, id: number) =>
  t.request({ method: 'GET', url: `/api/orders/${id}/trace`, token: user.token });

describe("a live order's trace", () => {
  it('names the rules, the inputs and the engine behind an entry, with its fills; the fills name their order', async () => {
    const { id: mappingId } = await buildRunningLiveMapping(t, owner, 'TC1001');
    const pushed: Array<number | undefined> = [];
    t.events.subscribe('fills.booked', ({ transactions }) => {
      pushed.push(...transactions.map((x) => x.order_id));
    });
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const sells = await liveOrders(owner);
    expect(sells).toHaveLength(2);
    // An open screen hears each fill with its order, as the list gives it.
    expect(new Set(pushed)).toEqual(new Set(sells.map((o) => o.id)));

    for (const order of sells) {
      const res = await traceOf(owner, order.id);
      expect(res.statusCode).toBe(200);
      const trace = res.json().data;
      expect(trace.order).toMatchObject({
        id: order.id,
        kind: 'live',
        side: 'SELL',
        user_strategy_mapping_id: mappingId,
      });
      expect(trace.strategy).toEqual({ type: 'RDX', version: 1, algo_id: 'RDX-1' });
      expect(trace.decision).toMatchObject({
        action: 'enter',
        reason: null,
        at: new Date(CLOSE).toISOString(),
        underlying_price: 24500,
        atm: 24500,
        config: { lotCount: 1, offset: 100, interval: '15m' },
      });
      expect(trace.decision.config_version).toMatch(/^[0-9a-f]{12}$/);
      expect(trace.author).toEqual({ kind: 'engine', username: null });
      const filled = (trace.fills as Array<{ quantity: number }>).reduce((sum, f) => sum + f.quantity, 0);
      expect(filled).toBe(order.filled_quantity);
      expect(filled).toBeGreaterThan(0);
    }

    const book = await t.request({ method: 'GET', url: '/api/transactions?limit=50', token: owner.token });
    const orderIds = new Set((book.json().data.transactions as Array<{ order_id?: number }>).map((x) => x.order_id));
    expect(orderIds).toEqual(new Set(sells.map((o) => o.id)));
  });

  it("records the trader as the author of an Exit's orders, with its reason", async () => {
    const { id: mappingId } = await buildRunningLiveMapping(t, owner, 'TC1002');
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${mappingId}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBe(200);
    const buys = (await liveOrders(owner)).filter((o) => o.side === 'BUY');
    expect(buys).toHaveLength(2);
    const trace = (await traceOf(owner, buys[0]!.id)).json().data;
    expect(trace.decision).toMatchObject({ action: 'squareOff', reason: 'exit', atm: null, underlying_price: null });
    expect(trace.author).toEqual({ kind: 'user', username: owner.username });
  });

  it("records the console as the author of a kill switch's square-off, not the trader", async () => {
    await buildRunningLiveMapping(t, owner, 'TC1004');
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const admin = await buildAdmin(t);
    const engaged = await t.request({
      method: 'POST',
      url: '/api/risk/kill-switch',
      token: admin.token,
      payload: { engaged: true },
    });
    expect(engaged.statusCode, engaged.body).toBe(200);
    const buys = (await liveOrders(owner)).filter((o) => o.side === 'BUY');
    expect(buys).toHaveLength(2);
    const trace = (await traceOf(owner, buys[0]!.id)).json().data;
    expect(trace.author).toEqual({ kind: 'console', username: null });
    expect(trace.decision).toMatchObject({ action: 'squareOff', reason: 'kill_switch' });
  });

  it("is its owner's and the admins': another trader gets 404, as for an order that does not exist", async () => {
    await buildRunningLiveMapping(t, owner, 'TC1003');
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const [order] = await liveOrders(owner);
    const stranger = await buildUser(t);
    expect((await traceOf(stranger, order!.id)).statusCode).toBe(404);
    expect((await traceOf(stranger, 999_999)).statusCode).toBe(404);
    expect((await traceOf(await buildAdmin(t), order!.id)).statusCode).toBe(200);
  });
});
