import { toPaise } from '@app/contract';
import type {
  AdminPositionsReply,
  AlertsPage,
  Mapping,
  PositionsReply,
  ReconcileReply,
  StrategyChart,
  Transaction,
  TransactionSummary,
} from '@app/contract';
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
import { scheduleAt } from './charges.logic.js';
import { contractNote } from './contract-note.logic.js';

/*
 * Positions and P&L through the HTTP API (issue 11): what the engine's fills imply, to the paisa; nobody
 * else's; reconciled with the sandbox broker.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
/** NIFTY's lot (NSE, from the January 2026 expiries): RDX sells one lot a leg here. */
const NIFTY_LOT = 65;
const actor = () => ({ userId: owner.id, role: 'user' as const });

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function runningMapping(overrides: Parameters<typeof buildMapping>[2] = {}) {
  const m = await buildMapping(t, owner, overrides);
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return m;
}

async function get<T>(url: string, token: string) {
  const res = await t.request({ method: 'GET', url, token });
  return { status: res.statusCode, data: res.json<{ data: T }>().data };
}
const fillsOf = async (user: TestUser) =>
  (await get<{ transactions: Transaction[] }>('/api/transactions?limit=100', user.token)).data.transactions.reverse();
const paise = (rupees: number) => toPaise(rupees);

describe('GET /positions', () => {
  it("shows a strategy's open legs, and its P&L adds up to what the fills imply, to the paisa", async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await t.services.engine.evaluate('256265', '15m', 2460000, CLOSE + 900_000); // realign: 2 closes, 2 opens

    const { status, data } = await get<PositionsReply>('/api/positions', owner.token);
    expect(status).toBe(200);
    const p = data.positions.find((x) => x.user_strategy_mapping_id === m.id);
    expect(p).toBeDefined();
    if (!p) return;
    expect(p.legs.map((l) => [l.option_type, l.strike, l.quantity]).sort()).toEqual([
      ['CE', 24700, NIFTY_LOT],
      ['PE', 24500, NIFTY_LOT],
    ]);
    expect(p.is_dummy).toBe(1);
    expect(p.running_status).toBe(1);

    const fills = await fillsOf(owner);
    expect(fills).toHaveLength(6);
    // Realized: each closed leg sold at its entry and bought back at its exit (FIFO, one lot each).
    const entryOf = new Map<string, number>();
    let realized = 0;
    for (const f of fills) {
      if (f.quantity > 0) entryOf.set(f.trading_symbol, paise(f.price));
      else realized += (entryOf.get(f.trading_symbol) ?? 0) * NIFTY_LOT - paise(f.price) * NIFTY_LOT;
    }
    expect(paise(p.realized_pnl)).toBe(realized);
    // Identity: realized + unrealized = Σ fills q·p − Σ open q·last.
    const cash = fills.reduce((s, f) => s + f.quantity * paise(f.price), 0);
    const marked = p.legs.reduce((s, l) => s + l.quantity * paise(l.ltp ?? 0), 0);
    expect(paise(p.realized_pnl) + paise(p.unrealized_pnl)).toBe(cash - marked);
    expect(paise(p.unrealized_pnl)).toBe(p.legs.reduce((s, l) => s + paise(l.unrealized_pnl), 0));
    // Charges: the day's contract note of the account's six orders (paper fills: one order each);
    // net = realized + unrealized − charges.
    const day = Date.parse(fills[0]!.transaction_date);
    const noteFills = fills.map((f) => ({
      owner: 'rdx',
      tradingSymbol: f.trading_symbol,
      quantity: f.quantity,
      pricePaise: paise(f.price),
      at: Date.parse(f.transaction_date),
    }));
    const charges = contractNote(noteFills, scheduleAt(day)).charges.totalPaise;
    expect(paise(p.charges)).toBe(charges);
    expect(charges).toBeGreaterThanOrEqual(6 * 2000); // ₹20 brokerage per executed order at least
    // The day is not over: the API says the charges are an estimate.
    expect([p.charges_final, data.charges_final]).toEqual([false, false]);
    expect(paise(p.net_pnl)).toBe(paise(p.realized_pnl) + paise(p.unrealized_pnl) - charges);
    // Today's figures: every fill was today (IST), so they equal the totals.
    expect(p.today).toEqual({
      realized_pnl: p.realized_pnl,
      unrealized_pnl: p.unrealized_pnl,
      charges: p.charges,
      net_pnl: p.net_pnl,
    });
    expect(data.totals.net_pnl).toBe(p.net_pnl);
  });

  it("gives the broker's way beside: today all FIFO's, and the next day Kite's day P&L from the previous close", async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const mine = async () =>
      (await get<PositionsReply>('/api/positions', owner.token)).data.positions.find(
        (x) => x.user_strategy_mapping_id === m.id,
      );
    // Opened today: the day P&L is the P&L, and the average of one fill is its price.
    const today = await mine();
    expect(today?.broker_way.day_pnl).toBe(
      (paise(today?.realized_pnl ?? NaN) + paise(today?.unrealized_pnl ?? NaN)) / 100,
    );
    for (const l of today?.legs ?? []) {
      expect(l.broker_way).toMatchObject({ average_price: l.entry_price, overnight_quantity: 0 });
      expect(l.broker_way.unrealized_pnl).toBe(l.unrealized_pnl);
    }

    // The next trading day at 09:30 IST (within the session's day), nothing traded yet: held overnight.
    t.clock.set(CLOSE + 23 * 3_600_000);
    // Kite ended yesterday's market token at 06:00; the morning's token (the brokers domain's) is today's.
    await t.services.kiteTokens.invalidateMarketDataToken();
    const next = await mine();
    expect(next?.legs).toHaveLength(2);
    const kite = await fetch(
      `${t.sandbox.urls.kiteApi}/quote/ohlc?${(next?.legs ?? []).map((l) => `i=NFO:${l.trading_symbol}`).join('&')}`,
      {
        headers: {
          'X-Kite-Version': '3',
          Authorization: `token sandbox_api_key:${t.sandbox.control.issueKiteAccessToken('OHLC01')}`,
        },
      },
    );
    const ohlc = (await kite.json()) as { data: Record<string, { ohlc: { close: number } }> };
    let day = 0;
    for (const l of next?.legs ?? []) {
      expect(l.ltp_is_stale).toBe(false);
      expect(l.broker_way.overnight_quantity).toBe(l.quantity);
      expect(l.broker_way.previous_close).toBe(ohlc.data[`NFO:${l.trading_symbol}`]?.ohlc.close);
      // Short overnight: the day made what the price fell from the previous close.
      const legDay = l.quantity * (paise(l.broker_way.previous_close ?? NaN) - paise(l.ltp ?? NaN));
      expect(paise(l.broker_way.day_pnl ?? NaN)).toBe(legDay);
      day += legDay;
    }
    expect(paise(next?.broker_way.day_pnl ?? NaN)).toBe(day);
    // The split may differ, never the sum: average-price realized + unrealized = FIFO's.
    expect(paise(next?.broker_way.realized_pnl ?? NaN) + paise(next?.broker_way.unrealized_pnl ?? NaN)).toBe(
      paise(next?.realized_pnl ?? NaN) + paise(next?.unrealized_pnl ?? NaN),
    );
  });

  it('gives live and paper figures apart, and their sums are the totals', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    await t.services.brokers.update(actor(), broker.id, {
      broker_token: t.sandbox.control.issueKiteAccessToken('CC1234'),
    });
    const live = await runningMapping({ is_dummy: 0, user_broker_id: broker.id });
    const paper = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const { data } = await get<PositionsReply>('/api/positions', owner.token);
    const of = (id: number) => data.positions.find((p) => p.user_strategy_mapping_id === id);
    const [l, p] = [of(live.id), of(paper.id)];
    expect(l?.is_dummy).toBe(0);
    expect(p?.is_dummy).toBe(1);
    expect(data.by_mode.live.strategies).toBe(1);
    expect(data.by_mode.paper.strategies).toBe(1);
    const pick = (x: typeof l) => ({
      realized_pnl: x?.today.realized_pnl,
      unrealized_pnl: x?.today.unrealized_pnl,
      charges: x?.today.charges,
      net_pnl: x?.today.net_pnl,
    });
    expect(data.by_mode.live.today).toEqual(pick(l));
    expect(data.by_mode.paper.today).toEqual(pick(p));
    expect(data.by_mode.live.totals.charges).toBe(l?.charges);
    for (const k of ['realized_pnl', 'unrealized_pnl', 'charges', 'net_pnl'] as const) {
      expect(paise(data.today[k])).toBe(paise(data.by_mode.live.today[k]) + paise(data.by_mode.paper.today[k]));
      expect(paise(data.totals[k])).toBe(paise(data.by_mode.live.totals[k]) + paise(data.by_mode.paper.totals[k]));
    }
    expect(data.by_mode.live.today.charges).toBeGreaterThan(0);
  });

  it('keeps a strategy that traded and is now flat, with its realized P&L', async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${m.id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBe(200);
    const { data } = await get<PositionsReply>('/api/positions', owner.token);
    const p = data.positions.find((x) => x.user_strategy_mapping_id === m.id);
    expect(p?.legs).toEqual([]);
    expect(p?.unrealized_pnl).toBe(0);
    const fills = await fillsOf(owner);
    expect(fills).toHaveLength(4);
    expect(paise(p?.realized_pnl ?? NaN)).toBe(fills.reduce((s, f) => s + f.quantity * paise(f.price), 0));
  });

  it('books a strategy switched from paper to live on its live fills only, and its paper fills again if switched back', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    await t.services.brokers.update(actor(), broker.id, {
      broker_token: t.sandbox.control.issueKiteAccessToken('CC1234'),
    });
    const m = await runningMapping({ user_broker_id: broker.id });
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const url = `/api/strategies/user-mappings/${m.id}`;
    expect((await t.request({ method: 'POST', url: `${url}/exit`, token: owner.token })).statusCode).toBe(200);
    const before = (await get<PositionsReply>('/api/positions', owner.token)).data;
    const paperToday = before.positions.find((x) => x.user_strategy_mapping_id === m.id)?.today;
    expect(paperToday?.charges).toBeGreaterThan(0);

    // Flat, so the mode may change: the paper morning is not what the live strategy made.
    const toLive = await t.request({ method: 'PUT', url, token: owner.token, payload: { is_dummy: 0 } });
    expect(toLive.statusCode).toBe(200);
    const live = (await get<PositionsReply>('/api/positions', owner.token)).data;
    const row = live.positions.find((x) => x.user_strategy_mapping_id === m.id);
    expect(row?.is_dummy).toBe(0);
    expect(row?.today).toEqual({ realized_pnl: 0, unrealized_pnl: 0, charges: 0, net_pnl: 0 });
    expect(live.by_mode.live.today.net_pnl).toBe(0);
    expect(live.by_mode.paper.today.net_pnl).toBe(0);
    expect((await fillsOf(owner)).length).toBe(4); // the paper fills stay in the transactions

    const toPaper = await t.request({ method: 'PUT', url, token: owner.token, payload: { is_dummy: 1 } });
    expect(toPaper.statusCode).toBe(200);
    const back = (await get<PositionsReply>('/api/positions', owner.token)).data;
    expect(back.positions.find((x) => x.user_strategy_mapping_id === m.id)?.today).toEqual(paperToday);
    expect(back.by_mode.paper.today).toEqual(paperToday);
  });

  it("never shows another user's strategies; admins see everyone's with the username", async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const other = await buildUser(t);
    const theirs = await get<PositionsReply>('/api/positions', other.token);
    expect(theirs.data.positions).toEqual([]);
    expect(theirs.data.totals).toEqual({
      realized_pnl: 0,
      unrealized_pnl: 0,
      charges: 0,
      net_pnl: 0,
      greeks: { delta: 0, gamma: 0, theta: 0, vega: 0, legs_left_out: 0 },
    });
    expect((await t.request({ method: 'GET', url: '/api/positions/admin/all', token: other.token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/positions' })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    const all = await get<AdminPositionsReply>('/api/positions/admin/all', admin.token);
    const row = all.data.positions.find((x) => x.user_strategy_mapping_id === m.id);
    expect(row?.user_username).toBe(owner.username);
    expect(row?.legs).toHaveLength(2);
  });

  it('marks legs at their last fill, and says so, when no quote can be had', async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    t.clock.advance(5_000); // past the one-second quote cache
    t.sandbox.control.failNext('kite.quote', 20, 'drop');
    const { status, data } = await get<PositionsReply>('/api/positions', owner.token);
    expect(status).toBe(200);
    const p = data.positions.find((x) => x.user_strategy_mapping_id === m.id);
    expect(p?.legs).toHaveLength(2);
    const fills = await fillsOf(owner);
    for (const leg of p?.legs ?? []) {
      expect(leg.ltp_is_stale).toBe(true);
      expect(leg.ltp).toBe(fills.find((f) => f.trading_symbol === leg.trading_symbol)?.price);
      expect(leg.unrealized_pnl).toBe(0);
    }
  });
});

describe('GET /positions/:id/chart', () => {
  it("gives the owner (and admins) the strategy's fills of today and its underlying's stored candles", async () => {
    const m = await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await t.services.engine.evaluate('256265', '15m', 2460000, CLOSE + 900_000);
    const { status, data } = await get<StrategyChart>(`/api/positions/${m.id}/chart`, owner.token);
    expect(status).toBe(200);
    expect(data).toMatchObject({ user_strategy_mapping_id: m.id, instrument_name: 'NIFTY 50', interval: '15m' });
    expect(data.fills).toHaveLength(6);
    expect(data.fills.map((f) => f.transaction_date)).toEqual([...data.fills.map((f) => f.transaction_date)].sort());
    expect(data.fills_truncated).toBe(false);
    expect(Array.isArray(data.candles)).toBe(true);
    // Each fill wrote a mark of the strategy's P&L: the MTM curve over the day.
    await vi.waitFor(async () => {
      const again = await get<StrategyChart>(`/api/positions/${m.id}/chart`, owner.token);
      expect(again.data.marks.length).toBeGreaterThanOrEqual(2);
    });
    const other = await buildUser(t);
    expect(
      (await t.request({ method: 'GET', url: `/api/positions/${m.id}/chart`, token: other.token })).statusCode,
    ).toBe(404);
    const admin = await buildAdmin(t);
    expect((await get<StrategyChart>(`/api/positions/${m.id}/chart`, admin.token)).data.fills).toHaveLength(6);
  });
});

describe('GET /transactions/summary', () => {
  it('carries realized P&L, charges and net per strategy, equal to the positions', async () => {
    await runningMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    await t.services.engine.evaluate('256265', '15m', 2460000, CLOSE + 900_000);
    const summary = (await get<TransactionSummary>('/api/transactions/summary', owner.token)).data;
    const positions = (await get<PositionsReply>('/api/positions', owner.token)).data;
    expect(summary.realized_pnl).toBe(positions.totals.realized_pnl);
    expect(summary.charges).toBe(positions.totals.charges);
    expect(paise(summary.net_pnl)).toBe(paise(summary.realized_pnl) - paise(summary.charges));
    expect(summary.per_strategy).toHaveLength(1);
    expect(summary.per_strategy[0]?.realized_pnl).toBe(summary.realized_pnl);
  });
});

describe('GET /positions/reconcile', () => {
  it('agrees with the sandbox broker after live trades, and names a symbol the console does not hold', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    const brokerToken = t.sandbox.control.issueKiteAccessToken('CC1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
    await runningMapping({ is_dummy: 0, user_broker_id: broker.id });
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const agreed = (await get<ReconcileReply>('/api/positions/reconcile', owner.token)).data;
    const account = agreed.accounts.find((a) => a.user_broker_id === broker.id);
    expect(account?.error).toBeNull();
    expect(account?.symbols).toHaveLength(2);
    expect(
      account?.symbols.every(
        (s) => s.drift === 0 && s.console_quantity === NIFTY_LOT && s.broker_quantity === NIFTY_LOT,
      ),
    ).toBe(true);
    expect(account?.in_sync).toBe(true);

    // Someone trades the account outside the console: the broker now holds what the console does not.
    const order = await fetch(`${t.sandbox.urls.kiteApi}/orders/regular`, {
      method: 'POST',
      headers: {
        'X-Kite-Version': '3',
        Authorization: `token sandbox_api_key:${brokerToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        exchange: 'NFO',
        tradingsymbol: account?.symbols[0]?.trading_symbol ?? '',
        transaction_type: 'BUY',
        quantity: String(NIFTY_LOT),
        product: 'NRML',
        order_type: 'MARKET',
        market_protection: '-1',
        validity: 'DAY',
      }).toString(),
    });
    expect(order.status).toBe(200);
    const drifted = (await get<ReconcileReply>('/api/positions/reconcile', owner.token)).data;
    const now = drifted.accounts.find((a) => a.user_broker_id === broker.id);
    expect(now?.in_sync).toBe(false);
    const off = now?.symbols[0];
    expect(off).toMatchObject({
      trading_symbol: account?.symbols[0]?.trading_symbol,
      console_quantity: NIFTY_LOT,
      broker_quantity: 0,
      drift: NIFTY_LOT,
    });

    // Another user sees nothing of it; an admin sees the account.
    const other = await buildUser(t);
    expect((await get<ReconcileReply>('/api/positions/reconcile', other.token)).data.accounts).toEqual([]);
    const admin = await buildAdmin(t);
    const all = (await get<ReconcileReply>('/api/positions/reconcile', admin.token)).data;
    expect(all.accounts.find((a) => a.user_broker_id === broker.id)?.user_username).toBe(owner.username);
  });

  it('does not cry drift while an order is in flight: the broker filled it, the console has not booked it yet', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    const brokerToken = t.sandbox.control.issueKiteAccessToken('CC1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
    const m = await runningMapping({ is_dummy: 0, user_broker_id: broker.id });
    // The first order's reply is lost: it filled at the exchange, and the console holds it pending.
    const fault = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lose_order_replies: 1 }),
    });
    expect(fault.status).toBe(200);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const reply = (await get<ReconcileReply>('/api/positions/reconcile', owner.token)).data;
    const account = reply.accounts.find((a) => a.user_broker_id === broker.id);
    // The broker was asked: the order's symbol shows what each side holds, marked in flight, and no drift.
    expect(account?.error).toBeNull();
    const settling = account?.symbols.filter((s) => s.in_flight) ?? [];
    expect(settling).toHaveLength(1);
    expect(settling[0]).toMatchObject({ console_quantity: 0, broker_quantity: NIFTY_LOT, drift: 0 });
    expect(account?.symbols.every((s) => s.drift === 0)).toBe(true);
    expect(account?.in_sync).toBe(true);
    // Nothing acts on it: the strategy keeps running (no drift pause) and no difference is alerted.
    // (A screen's comparison publishes and awaits what risk does with it before it answers.)
    const strategy = (await get<Mapping[]>('/api/strategies/user-mappings', owner.token)).data.find(
      (x) => x.id === m.id,
    );
    expect(strategy?.running_status).toBe(1);
    const alerts = (await get<AlertsPage>('/api/alerts?limit=20', owner.token)).data.alerts;
    expect(alerts.map((a) => a.title).filter((title) => /differ/.test(title))).toEqual([]);
  });

  it('reports an account whose broker cannot be asked, never as agreeing', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'CC1234' });
    await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id }); // live, never started: no token
    const { data } = await get<ReconcileReply>('/api/positions/reconcile', owner.token);
    const account = data.accounts.find((a) => a.user_broker_id === broker.id);
    expect(account?.error).toMatch(/access token/i);
    expect(account?.in_sync).toBe(false);
  });
});
