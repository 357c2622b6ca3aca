import type { LegsConfigInput } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokerNetPositions } from '../../../test/books.js';
import { buildMapping, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { multiLegStrategyId } from '../../../test/legs-steps.js';

/*
 * Issue 33 item 4 on a live account (the sandbox's Kite): a Multi-leg call spread of 28 lots a leg, above NIFTY's
 * freeze quantity (1800 units), goes out as Kite's slices with the instrument's market protection, the bought wing
 * and the sold body each booked with its sign; the sold leg's stop-loss buys it back in slices, once, the wing
 * kept. What the console holds is what the broker holds, per contract, at every step.
 */

let t: TestApp;
let owner: TestUser;
let accessToken: string;
const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const FIFTEEN = 15 * 60_000;
const NIFTY = '256265';
const NIFTY_FREEZE = 1800;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

interface ExchangeOrder {
  tradingsymbol: string;
  transaction_type: string;
  quantity: number;
  status: string;
  market_protection: number;
}

async function exchangeOrders(): Promise<ExchangeOrder[]> {
  const res = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`);
  return ((await res.json()) as { orders: ExchangeOrder[] }).orders;
}

/** A second of the market every 25 ms while `work` runs: slices rest and fill against the depth after. */
async function asMarketMoves<T>(work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => t.clock.advance(1000), 25);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Open legs, fills netted, and the broker's positions, each per contract as signed units sold. */
async function holdings(mappingId: number) {
  const legs = await t.services.engineRepo.openLegsOf(mappingId);
  const txs = await t.database.db.selectFrom('transactions').selectAll().where('mappingId', '=', mappingId).execute();
  const net = new Map<string, number>();
  for (const x of txs) net.set(x.tradingSymbol, (net.get(x.tradingSymbol) ?? 0) + x.quantity);
  const broker = await brokerNetPositions(t, accessToken);
  const sorted = (rows: Array<[string, number]>) => rows.sort(([a], [b]) => a.localeCompare(b));
  return {
    legs: sorted(legs.map((l): [string, number] => [l.tradingSymbol, l.quantity])),
    fills: sorted([...net].filter(([, q]) => q !== 0)),
    broker: sorted(broker.map((p): [string, number] => [p.tradingsymbol, -p.quantity])),
  };
}

describe('a live Multi-leg strategy above the freeze quantity', () => {
  it('enters and stops in slices with market protection, each leg booked once, as the broker holds it', async () => {
    const legsId = await multiLegStrategyId(t, owner.token);
    const broker = await buildUserBroker(t, owner, { broker_username: 'ML1234' });
    accessToken = t.sandbox.control.issueKiteAccessToken('ML1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: accessToken });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id, strategy_id: legsId });
    const spread: LegsConfigInput = {
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 28,
          expiry: 'next_week',
          strike: { by: 'atm', steps: 1 },
          stop_loss: { unit: 'percent', value: 25 },
        },
        { option_type: 'CE', side: 'BUY', lots: 28, expiry: 'next_week', strike: { by: 'atm', steps: 4 } },
      ],
      entry: { kind: 'candle_close', interval: '15m' },
      exit_at: null,
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/config`,
      token: owner.token,
      payload: spread,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);

    await asMarketMoves(() => t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE));
    const entry = await exchangeOrders();
    // Each leg in Kite's slices (27 lots and 1), the body sold and the wing bought, every slice filled.
    expect(entry.map((o) => [o.transaction_type, o.quantity, o.status]).sort()).toEqual(
      [
        ['BUY', 1755, 'COMPLETE'],
        ['BUY', 65, 'COMPLETE'],
        ['SELL', 1755, 'COMPLETE'],
        ['SELL', 65, 'COMPLETE'],
      ].sort(),
    );
    expect(entry.every((o) => o.quantity <= NIFTY_FREEZE && o.market_protection !== 0)).toBe(true);
    const entered = await holdings(m.id);
    expect(entered.legs.map(([, q]) => q).sort((x, y) => x - y)).toEqual([-1820, 1820]);
    expect(entered.fills).toEqual(entered.legs);
    expect(entered.broker).toEqual(entered.legs);
    const body = entered.legs.find(([, q]) => q > 0)![0];
    const wing = entered.legs.find(([, q]) => q < 0)![0];

    // Premiums triple: the sold body passes its 25 % stop on the next close and is bought back, in slices, once.
    t.sandbox.control.shockVolatility('NIFTY', 3);
    t.clock.set(CLOSE + FIFTEEN);
    await asMarketMoves(() => t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE + FIFTEEN));
    t.clock.set(CLOSE + 2 * FIFTEEN);
    await asMarketMoves(() => t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE + 2 * FIFTEEN));
    const exits = (await exchangeOrders()).slice(entry.length);
    expect(exits.map((o) => [o.tradingsymbol, o.transaction_type, o.quantity, o.status])).toEqual([
      [body, 'BUY', 1755, 'COMPLETE'],
      [body, 'BUY', 65, 'COMPLETE'],
    ]);
    expect(exits.every((o) => o.market_protection !== 0)).toBe(true);
    const after = await holdings(m.id);
    expect(after.legs).toEqual([[wing, -1820]]);
    expect(after.fills).toEqual(after.legs);
    expect(after.broker).toEqual(after.legs);
    const closed = await t.database.db
      .selectFrom('transactions')
      .select('quantity')
      .where('mappingId', '=', m.id)
      .where('tradingSymbol', '=', body)
      .execute();
    expect(closed.reduce((sum, x) => sum + x.quantity, 0)).toBe(0);
  });
});
