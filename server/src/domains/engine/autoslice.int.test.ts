import { toPaise } from '@app/contract';
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

/*
 * Live orders above the exchange's freeze quantity, and each instrument's market protection (issue 12).
 * NIFTY's freeze quantity is 1800 units and its lot 65: 28 lots (1820) must go out as Kite's slices
 * (27 lots and 1), each booked once, and what the console holds must be what the broker holds.
 */

let t: TestApp;
let owner: TestUser;
let brokerToken: string;
const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const NIFTY_FREEZE = 1800;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

/** A running live RDX mapping on NIFTY 50 selling one CE and one PE of `lots` lots each. */
async function liveMapping(lots: number) {
  const broker = await buildUserBroker(t, owner, { broker_username: 'AS1234' });
  brokerToken = t.sandbox.control.issueKiteAccessToken('AS1234');
  await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await t.services.rdxConfigs.create(actor(), m.id, {
    rdx_lot_count: lots,
    atm_value: 24500,
    offset_value: 100,
    interval: '15m',
  });
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return m.id;
}

/**
 * Runs `work` while the market moves on, a second every 25 ms: a slice the depth of one second cannot fill
 * rests, and fills against the depth of the seconds after, as the executor keeps looking.
 */
async function asMarketMoves<T>(work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => t.clock.advance(1000), 25);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

interface ExchangeOrder {
  order_id: string;
  tag: string | null;
  tradingsymbol: string;
  transaction_type: string;
  quantity: number;
  filled_quantity: number;
  status: string;
  market_protection: number;
}

/** Every order as the exchange saw it, oldest first. */
async function exchangeOrders(): Promise<ExchangeOrder[]> {
  const res = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`);
  return ((await res.json()) as { orders: ExchangeOrder[] }).orders;
}

/** The account's net positions at the broker, as our legs count them (units sold). */
async function brokerPositions(): Promise<Array<[string, number]>> {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/portfolio/positions`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
  });
  const { net } = ((await res.json()) as { data: { net: Array<{ tradingsymbol: string; quantity: number }> } }).data;
  return net
    .filter((p) => p.quantity !== 0)
    .map((p): [string, number] => [p.tradingsymbol, -p.quantity])
    .sort();
}

/** The account's trades at the broker as [order id, trade id, units, paise], sorted. */
async function brokerTrades(): Promise<Array<[string, string, number, number]>> {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/trades`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
  });
  const { data } = (await res.json()) as {
    data: Array<{ order_id: string; trade_id: string; quantity: number; average_price: number }>;
  };
  return data
    .map((x): [string, string, number, number] => [x.order_id, x.trade_id, x.quantity, toPaise(x.average_price)])
    .sort();
}

/** What the console holds of a mapping: open legs per symbol, and what its transactions add up to. */
async function books(mappingId: number) {
  const db = t.database.db;
  const legs = await t.services.engineRepo.openLegsOf(mappingId);
  const txs = await db.selectFrom('transactions').selectAll().where('mappingId', '=', mappingId).execute();
  const net = new Map<string, number>();
  for (const x of txs) net.set(x.tradingSymbol, (net.get(x.tradingSymbol) ?? 0) + x.quantity);
  const orders = await db.selectFrom('brokerOrders').selectAll().where('mappingId', '=', mappingId).execute();
  return {
    legs: legs.map((l): [string, number] => [l.tradingSymbol, l.quantity]).sort(),
    fills: [...net].filter(([, q]) => q !== 0).sort(),
    orders,
    txs,
  };
}

describe('orders above the freeze quantity', () => {
  it('go out as slices, each booked once: legs, fills and broker positions agree', async () => {
    const id = await liveMapping(28);
    await asMarketMoves(() => t.services.engine.evaluate('256265', '15m', 2450000, CLOSE));

    const exchange = await exchangeOrders();
    // A CE and a PE, each sliced into 27 lots and 1; every slice carries the order's tag and filled.
    expect(exchange.map((o) => [o.quantity, o.status])).toEqual([
      [1755, 'COMPLETE'],
      [65, 'COMPLETE'],
      [1755, 'COMPLETE'],
      [65, 'COMPLETE'],
    ]);
    expect(exchange.every((o) => o.quantity <= NIFTY_FREEZE)).toBe(true);
    expect(new Set(exchange.map((o) => o.tag)).size).toBe(2);

    const { legs, fills, orders, txs } = await books(id);
    // One row per slice, filled, with the slice's own broker order and quantity; one transaction per trade of
    // each, at the trade's price (issue 28).
    expect(orders.map((o) => [o.brokerOrderId, o.quantity, o.status]).sort()).toEqual(
      exchange.map((o) => [o.order_id, o.quantity, 'filled']).sort(),
    );
    const brokerOrderOf = new Map(orders.map((o) => [o.id, o.brokerOrderId ?? '']));
    expect(
      txs.map((x) => [brokerOrderOf.get(x.orderId ?? 0), x.brokerTradeId, Math.abs(x.quantity), x.pricePaise]).sort(),
    ).toEqual(await brokerTrades());
    // The full 1820 of each option, once: one leg per option, as the broker holds it.
    expect(legs.map(([, q]) => q)).toEqual([1820, 1820]);
    expect(fills).toEqual(legs);
    expect(await brokerPositions()).toEqual(legs);
  });

  it('settles a sliced order whose reply was lost by its tag, every slice once, without a second order', async () => {
    const id = await liveMapping(28);
    await t.services.engine.start();
    await asMarketMoves(() => t.services.engine.evaluate('256265', '15m', 2450000, CLOSE));
    expect((await books(id)).legs.map(([, q]) => q)).toEqual([1820, 1820]);
    const before = await exchangeOrders();

    // The exit's first order (a BUY of 1820, sliced at once now that Kite named the freeze quantity) is
    // placed, but its reply never arrives.
    const faults = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/faults`, {
      method: 'POST',
      body: JSON.stringify({ lose_order_replies: 1 }),
    });
    expect(faults.status).toBe(200);
    // …and the broker's reads fail for the while of the Exit (its look at the positions before the closes and
    // its look by tag after the lost reply, five tries each), so the order stays unsettled.
    t.sandbox.control.failNext('kite.other', 10, 'drop');
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBeGreaterThanOrEqual(400);
    const lost = (await exchangeOrders()).slice(before.length);
    expect(lost.map((o) => [o.transaction_type, o.quantity])).toEqual([
      ['BUY', 1755],
      ['BUY', 65],
    ]);
    const pending = (await books(id)).orders.filter((o) => o.status === 'pending');
    expect(pending.map((o) => [o.tag, o.brokerOrderId, o.quantity])).toEqual([[lost[0]?.tag, null, 1820]]);

    // The chase settles it by its tag first (both slices), then squares off the other option.
    t.clock.advance(16_000);
    await asMarketMoves(() => t.services.engine.follow());
    const exchange = await exchangeOrders();
    const buys = exchange.filter((o) => o.transaction_type === 'BUY');
    expect(buys.map((o) => o.quantity)).toEqual([1755, 65, 1755, 65]); // no second order for the lost one
    expect(exchange.every((o) => o.status === 'COMPLETE')).toBe(true);

    const { legs, fills, orders, txs } = await books(id);
    expect(orders.filter((o) => o.status !== 'filled')).toEqual([]);
    expect(orders.map((o) => [o.brokerOrderId, o.quantity]).sort()).toEqual(
      exchange.map((o) => [o.order_id, o.quantity]).sort(),
    );
    expect(txs).toHaveLength((await brokerTrades()).length);
    expect(legs).toEqual([]);
    expect(fills).toEqual([]);
    expect(await brokerPositions()).toEqual([]);
    await t.services.engine.stop();
  });
});

describe('the slices of one intent', () => {
  it('open one leg together and close it share by share, booking exactly what each filled, once', async () => {
    const repo = t.services.engineRepo;
    const m = await buildMapping(t, owner, { is_dummy: 0 });
    await buildRdxConfig(t, owner, m.id);
    const at = t.clock.now();
    const intent = {
      mappingId: m.id,
      userId: owner.id,
      userBrokerId: m.user_broker_id,
      legId: null,
      tradingSymbol: 'NIFTY26D0124500CE',
      exchange: 'NFO',
      optionType: 'CE' as const,
      strikePaise: 2450000,
      expiry: '2026-12-01',
      createdAt: at,
      updatedAt: at,
    };
    const sell = await repo.insertPending(
      { ...intent, tag: 'rdxopen', side: 'SELL', quantity: 1820, intent: 'open' },
      0,
    );
    const [s1, s2] = await repo.assignSlices(
      sell,
      [
        { brokerOrderId: 'o1', quantity: 1755 },
        { brokerOrderId: 'o2', quantity: 65 },
      ],
      at,
    );
    if (!s1 || !s2) throw new Error('two slices expected');
    // Learned again (another console settling it at once): the same rows, no second copy.
    expect(
      await repo.assignSlices(
        sell,
        [
          { brokerOrderId: 'o1', quantity: 1755 },
          { brokerOrderId: 'o2', quantity: 65 },
        ],
        at,
      ),
    ).toEqual([s1, s2]);
    // The first slice fills 1000 of its 1755 before the rest is cancelled; the second fills whole.
    expect(await repo.recordFill(s1.id, 10000, at, 1000)).toMatchObject({ quantity: 1000 });
    expect(await repo.recordFill(s2.id, 10100, at, 65)).toMatchObject({ quantity: 65 });
    expect(await repo.recordFill(s1.id, 10000, at, 1755)).toBeNull(); // booked once
    const [leg] = await repo.openLegsOf(m.id);
    expect(leg).toMatchObject({ quantity: 1065, entryPricePaise: Math.round((1000 * 10000 + 65 * 10100) / 1065) });
    if (!leg) throw new Error('one leg expected');

    const buy = await repo.insertPending(
      {
        ...intent,
        legId: leg.id,
        tag: 'rdxclose',
        side: 'BUY',
        quantity: 1065,
        intent: 'close',
      },
      1,
    );
    const [b1, b2] = await repo.assignSlices(
      buy,
      [
        { brokerOrderId: 'c1', quantity: 1000 },
        { brokerOrderId: 'c2', quantity: 65 },
      ],
      at,
    );
    if (!b1 || !b2) throw new Error('two slices expected');
    await repo.recordFill(b2.id, 9000, at, 65);
    await repo.recordFill(b1.id, 9000, at, 400);
    // 400 + 65 bought back: the leg keeps the 600 the broker still holds sold.
    expect((await repo.openLegsOf(m.id)).map((l) => [l.id, l.quantity])).toEqual([[leg.id, 600]]);
    const rows = await t.database.db
      .selectFrom('brokerOrders')
      .selectAll()
      .where('mappingId', '=', m.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.tag, r.brokerOrderId, r.quantity, r.status, r.legId])).toEqual([
      ['rdxopen', 'o1', 1755, 'filled', leg.id],
      ['rdxopen.2', 'o2', 65, 'filled', leg.id],
      ['rdxclose', 'c1', 1000, 'filled', leg.id],
      ['rdxclose.2', 'c2', 65, 'filled', leg.id],
    ]);
    const { fills } = await books(m.id);
    expect(fills).toEqual([['NIFTY26D0124500CE', 600]]);
  });
});

describe("an instrument's market protection", () => {
  it('is set by an admin and goes with every market order on it, as the exchange saw it', async () => {
    const admin = await buildAdmin(t);
    const update = await t.request({
      method: 'PUT',
      url: '/api/instruments/1',
      token: admin.token,
      payload: { market_protection: 5 },
    });
    expect(update.json().data).toMatchObject({ id: 1, market_protection: 5 });
    await liveMapping(1);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const exchange = await exchangeOrders();
    expect(exchange.map((o) => [o.status, o.market_protection])).toEqual([
      ['COMPLETE', 5],
      ['COMPLETE', 5],
    ]);
  });
});
