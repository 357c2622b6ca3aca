import type { PositionsReply, ReconcileReply } from '@app/contract';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { ChainOption } from '../market-data/option-chain.service.js';
import type { LegOrder } from '../strategies/decision.logic.js';
import { createExecutor } from './executor.js';
import type { Plan } from './plan.js';

/*
 * A bought leg through the whole money path (issue 33): a plan with one BOUGHT and one SOLD leg, executed by the
 * real executor on paper and live against the sandbox exchange, then closed. The legs hold signed quantities
 * (> 0 sold, < 0 bought), the transactions carry each order's side, the positions screen marks both legs the
 * right way round, and the broker's net positions agree with the console's. No strategy type buys yet, so the
 * plan is built by hand.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const actor = () => ({ userId: owner.id, role: owner.role });

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const executorOf = () =>
  createExecutor({
    repo: t.services.engineRepo,
    chain: t.services.optionChains,
    accessOf: (id) => t.services.brokers.accessOf(id),
    logger: pino({ level: 'silent' }),
    events: t.events,
  });

/** A call bought and a put sold, one lot each, in the nearest expiry after the trading day, around 24500. */
async function condorWings(): Promise<{ call: ChainOption; put: ChainOption; open: LegOrder[] }> {
  const chain = await t.services.optionChains.chainFor('NIFTY');
  const expiry = chain
    .map((o) => o.expiry)
    .filter((e) => e > '2026-11-23')
    .sort()[0];
  const pick = (type: 'CE' | 'PE', strikePaise: number) =>
    chain.find((o) => o.expiry === expiry && o.optionType === type && o.strikePaise === strikePaise);
  const call = pick('CE', 2_460_000);
  const put = pick('PE', 2_440_000);
  if (!call || !put) throw new Error('the sandbox chain has no 24600 CE / 24400 PE');
  return {
    call,
    put,
    open: [
      { option: call, side: 'BUY', quantity: call.lotSize },
      { option: put, side: 'SELL', quantity: put.lotSize },
    ],
  };
}

async function stateOf(id: number) {
  const state = await t.services.engineRepo.one(id);
  if (!state) throw new Error(`mapping ${id} has no state`);
  return state;
}

async function get<T>(url: string) {
  const res = await t.request({ method: 'GET', url, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

const transactionsOf = (id: number) =>
  t.database.db
    .selectFrom('transactions')
    .select(['tradingSymbol', 'quantity'])
    .where('mappingId', '=', id)
    .orderBy('id')
    .execute();

/** The open legs on the positions screen: symbol, SPEC's signed quantity, and unrealized as (entry − LTP) × it. */
async function expectPositionLegs(id: number, expected: Array<[string, number]>) {
  const position = (await get<PositionsReply>('/api/positions')).positions.find(
    (p) => p.user_strategy_mapping_id === id,
  );
  expect(position?.legs.map((l) => [l.trading_symbol, l.quantity]).sort()).toEqual([...expected].sort());
  for (const l of position?.legs ?? []) {
    // A bought leg gains as the price rises, a sold one as it falls: one formula, the quantity's sign.
    expect(l.unrealized_pnl).toBeCloseTo((l.entry_price - (l.ltp ?? 0)) * l.quantity, 2);
  }
  return position;
}

async function execute(id: number, decision: Plan['decision'], at: number, isLive: boolean) {
  const executor = executorOf();
  const plan: Plan = { mapping: (await stateOf(id)).mapping, decision };
  if (isLive) await executor.executeLive(plan, at);
  else await executor.executePaper([plan], at);
}

async function openAndClose(id: number, isLive: boolean) {
  const { call, put, open } = await condorWings();
  const lot = call.lotSize;
  await execute(id, { action: 'enter', atmPaise: 2_450_000, open }, CLOSE, isLive);

  const held = (await stateOf(id)).legs;
  expect(held.map((l) => [l.tradingSymbol, l.quantity]).sort()).toEqual(
    [
      [call.tradingSymbol, -lot],
      [put.tradingSymbol, put.lotSize],
    ].sort(),
  );
  expect((await transactionsOf(id)).map((x) => [x.tradingSymbol, x.quantity])).toEqual([
    [call.tradingSymbol, -lot],
    [put.tradingSymbol, put.lotSize],
  ]);
  await expectPositionLegs(id, [
    [call.tradingSymbol, -lot],
    [put.tradingSymbol, put.lotSize],
  ]);

  await execute(id, { action: 'squareOff', close: held, reason: 'exit' }, CLOSE + 60_000, isLive);
  expect((await stateOf(id)).legs).toEqual([]);
  // The bought call is sold to close, the sold put bought back: each symbol's fills net to nothing.
  const closing = (await transactionsOf(id)).slice(2).map((x) => [x.tradingSymbol, x.quantity]);
  expect(closing.sort()).toEqual(
    [
      [call.tradingSymbol, lot],
      [put.tradingSymbol, -put.lotSize],
    ].sort(),
  );
  const position = await expectPositionLegs(id, []);
  // Closed: all of it realized, the spread paid twice on each leg, so never a gain out of nothing.
  expect(position?.unrealized_pnl).toBe(0);
  expect(position?.realized_pnl).toBeLessThanOrEqual(0);
}

describe('a bought and a sold leg', () => {
  it('on paper: opens long and short, shows both signed, and closes each with the opposite side', async () => {
    const m = await buildMapping(t, owner, { is_dummy: 1 });
    await buildRdxConfig(t, owner, m.id);
    await openAndClose(m.id, false);
  });

  it('live: sends a BUY and a SELL to the broker, agrees with its positions open and closed', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'BL1234' });
    const token = t.sandbox.control.issueKiteAccessToken('BL1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: token });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
    await buildRdxConfig(t, owner, m.id);
    const { call, open } = await condorWings();
    await execute(m.id, { action: 'enter', atmPaise: 2_450_000, open }, CLOSE, true);

    const orders = await t.database.db
      .selectFrom('brokerOrders')
      .select(['tradingSymbol', 'side', 'quantity', 'status'])
      .where('mappingId', '=', m.id)
      .orderBy('id')
      .execute();
    expect(orders.map((o) => [o.side, o.quantity, o.status])).toEqual([
      ['BUY', call.lotSize, 'filled'],
      ['SELL', open[1]!.quantity, 'filled'],
    ]);
    const inSync = async () => {
      const reply = await get<ReconcileReply>('/api/positions/reconcile');
      const account = reply.accounts.find((a) => a.user_broker_id === broker.id);
      expect(account?.symbols.filter((s) => s.drift !== 0)).toEqual([]);
      return account;
    };
    // The broker is long the call (Kite's +65), short the put; the console counts −65 and +65 (SPEC's sign).
    const opened = await inSync();
    expect(opened?.symbols.find((s) => s.trading_symbol === call.tradingSymbol)).toMatchObject({
      console_quantity: -call.lotSize,
      broker_quantity: -call.lotSize,
    });
    expect(opened?.in_sync).toBe(true);

    const held = (await stateOf(m.id)).legs;
    await execute(m.id, { action: 'squareOff', close: held, reason: 'exit' }, CLOSE + 60_000, true);
    const closes = await t.database.db
      .selectFrom('brokerOrders')
      .select(['tradingSymbol', 'side'])
      .where('mappingId', '=', m.id)
      .where('intent', '=', 'close')
      .execute();
    expect(closes.find((o) => o.tradingSymbol === call.tradingSymbol)?.side).toBe('SELL');
    expect((await stateOf(m.id)).legs).toEqual([]);
    expect((await inSync())?.symbols ?? []).toEqual([]);
  });

  it('live: the whole path, open and close, reads the same as paper', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'BL5678' });
    const token = t.sandbox.control.issueKiteAccessToken('BL5678');
    await t.services.brokers.update(actor(), broker.id, { broker_token: token });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
    await buildRdxConfig(t, owner, m.id);
    await openAndClose(m.id, true);
  });
});
