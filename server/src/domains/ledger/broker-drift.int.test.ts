import type { AlertsPage, Mapping, MatchBrokerReply, ReconcileReply, Transaction } from '@app/contract';
import { RUNNING_STATUS } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 27: the trader closed a leg in Kite by hand. The console must not keep RUNNING on a leg the broker no
 * longer holds: reconciliation pauses the strategy with the difference on its row and alerts, and "Match the
 * broker" books that leg as bought back at the trader's price, nothing sent, so fills, legs and the broker's
 * position agree again and the strategy can be resumed.
 */

let t: TestApp;
let owner: TestUser;
let brokerToken: string;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
/** NIFTY's lot (NSE, from the January 2026 expiries): RDX sells one lot a leg here. */
const NIFTY_LOT = 65;
const actor = (u: TestUser) => ({ userId: u.id, role: u.role });

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function liveHolding(lots = 1) {
  const broker = await buildUserBroker(t, owner, { broker_username: 'DR1234' });
  brokerToken = t.sandbox.control.issueKiteAccessToken('DR1234');
  await t.services.brokers.update(actor(owner), broker.id, { broker_token: brokerToken });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await buildRdxConfig(t, owner, m.id);
  if (lots !== 1) {
    await t.services.rdxConfigs.update(actor(owner), m.id, {
      rdx_lot_count: lots,
      atm_value: 24500,
      offset_value: 100,
      interval: '15m',
    });
  }
  await t.services.mappings.setRunningStatus(actor(owner), m.id, RUNNING_STATUS.RUNNING);
  await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
  const legs = await t.services.engineRepo.openLegsOf(m.id);
  expect(legs).toHaveLength(2);
  return { id: m.id, call: legs.find((l) => l.optionType === 'CE')!, put: legs.find((l) => l.optionType === 'PE')! };
}

/** A buy placed in Kite's own app, not through the console. */
async function buyInKite(tradingsymbol: string, quantity: number) {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/orders/regular`, {
    method: 'POST',
    headers: {
      'X-Kite-Version': '3',
      Authorization: `token sandbox_api_key:${brokerToken}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      exchange: 'NFO',
      tradingsymbol,
      transaction_type: 'BUY',
      quantity: String(quantity),
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: '-1',
    }).toString(),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function get<T>(url: string, user: TestUser = owner) {
  const res = await t.request({ method: 'GET', url, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}
const strategy = async (id: number) => (await get<Mapping[]>('/api/strategies/user-mappings')).find((m) => m.id === id);
const matchBroker = (id: number, body: object, user: TestUser = owner) =>
  t.request({ method: 'POST', url: `/api/positions/${id}/match-broker`, token: user.token, payload: body });

describe('a leg the trader closed in Kite by hand', () => {
  it('pauses the strategy with the difference on its row and alerts; Match the broker books it and they agree', async () => {
    const { id, call, put } = await liveHolding();
    await buyInKite(call.tradingSymbol, NIFTY_LOT);

    const drifted = await get<ReconcileReply>('/api/positions/reconcile');
    const symbol = drifted.accounts[0]?.symbols.find((s) => s.trading_symbol === call.tradingSymbol);
    expect(symbol).toMatchObject({ console_quantity: NIFTY_LOT, broker_quantity: 0, drift: NIFTY_LOT });
    // The banner can offer the strategy holding it.
    expect(symbol?.holders).toEqual([
      { user_strategy_mapping_id: id, strategy_name: 'RDX', instrument_name: 'NIFTY 50', quantity: NIFTY_LOT },
    ]);

    // Paused, not trading on a leg the broker no longer holds; the row names the difference and what to do.
    await vi.waitFor(async () => expect((await strategy(id))?.running_status).toBe(RUNNING_STATUS.PAUSED));
    const paused = await strategy(id);
    expect(paused?.stop_reason).toBe('broker_drift');
    expect(paused?.status_detail).toContain(
      `the broker no longer holds what the console counts (${call.tradingSymbol}: console short ${NIFTY_LOT}, broker flat)`,
    );
    const alerts = async () => (await get<AlertsPage>('/api/alerts?limit=20')).alerts.map((a) => a.title);
    await vi.waitFor(async () => expect(await alerts()).toContain('Strategy paused: broker positions differ'));
    expect(await alerts()).toContain('Broker positions differ: DR1234');
    // A candle close takes no decision for it meanwhile.
    await t.services.engine.evaluate('256265', '15m', 2600000, CLOSE + 900_000);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);

    // Nothing to match where the broker holds what the console counts; nobody else's strategy.
    const held = await matchBroker(id, { trading_symbol: put.tradingSymbol, price: 10 });
    expect(held.statusCode).toBe(409);
    expect(held.json<{ error: string }>().error).toBe(
      `The broker holds the ${NIFTY_LOT} ${put.tradingSymbol} the console counts: nothing to match`,
    );
    expect(
      (await matchBroker(id, { trading_symbol: call.tradingSymbol, price: 10 }, await buildUser(t))).statusCode,
    ).toBe(404);

    const matched = await matchBroker(id, { trading_symbol: call.tradingSymbol, price: 123.45 });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<{ data: MatchBrokerReply }>().data.closed_quantity).toBe(NIFTY_LOT);
    expect(matched.json<{ message: string }>().message).toBe(
      `Booked ${NIFTY_LOT} ${call.tradingSymbol} as bought back at ₹123.45`,
    );
    // Nothing was sent to the broker: its only buy is the trader's own.
    const atBroker = (await (await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`)).json()) as {
      orders: Array<{ transaction_type: string }>;
    };
    expect(atBroker.orders.filter((o) => o.transaction_type === 'BUY')).toHaveLength(1);

    // Fills net per symbol = open legs = the broker's positions.
    const fills = (await get<{ transactions: Transaction[] }>('/api/transactions?limit=20')).transactions;
    expect(fills.find((f) => f.trading_symbol === call.tradingSymbol && f.quantity < 0)).toMatchObject({
      quantity: -NIFTY_LOT,
      price: 123.45,
    });
    const net = new Map<string, number>();
    for (const f of fills) net.set(f.trading_symbol, (net.get(f.trading_symbol) ?? 0) + f.quantity);
    const legs = await t.services.engineRepo.openLegsOf(id);
    expect([...net].filter(([, q]) => q !== 0)).toEqual(legs.map((l) => [l.tradingSymbol, l.quantity]));
    const agreed = await get<ReconcileReply>('/api/positions/reconcile');
    expect(agreed.accounts[0]?.in_sync).toBe(true);
    // The paused row no longer names a difference that was matched.
    expect((await strategy(id))?.status_detail).toContain(
      'on a broker difference, since matched: Resume to trade again',
    );

    // Audited, and the strategy can be resumed.
    const trail = await get<{ entries: Array<{ action: string }> }>('/api/audit/mine?limit=20');
    expect(trail.entries.map((e) => e.action)).toContain('mapping.match_broker');
    const resumed = await t.request({ method: 'POST', url: `/api/rdx/resume/${id}`, token: owner.token });
    expect(resumed.statusCode).toBe(200);
    await get<ReconcileReply>('/api/positions/reconcile');
    expect((await strategy(id))?.running_status).toBe(RUNNING_STATUS.RUNNING);
  });

  it('books only what the broker lacks when the trader bought back part of a leg', async () => {
    const { id, call } = await liveHolding(2);
    await buyInKite(call.tradingSymbol, NIFTY_LOT); // one lot of the two
    const matched = await matchBroker(id, { trading_symbol: call.tradingSymbol, price: 50 });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<{ data: MatchBrokerReply }>().data.closed_quantity).toBe(NIFTY_LOT);
    const legs = await t.services.engineRepo.openLegsOf(id);
    expect(legs.find((l) => l.tradingSymbol === call.tradingSymbol)?.quantity).toBe(NIFTY_LOT);
    expect((await get<ReconcileReply>('/api/positions/reconcile')).accounts[0]?.in_sync).toBe(true);
  });
});

describe('reconciliation for paper strategies', () => {
  it('counts them, so the banner can say there is no broker to compare with', async () => {
    const broker = await buildUserBroker(t, owner); // no token
    await buildMapping(t, owner, { is_dummy: 1, user_broker_id: broker.id });
    const reply = await get<ReconcileReply>('/api/positions/reconcile');
    expect(reply.accounts).toEqual([]);
    expect(reply.paper_strategies).toBe(1);
  });
});
