import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { DUPLICATE_WINDOW_MS } from '../strategies/mappings.service.js';

/*
 * The order governor (issue 31 item 4): a candle close trades several live strategies of one account at once,
 * and their orders keep to Kite's 10 a second (the sandbox's limit, as Kite's): queued, never refused for the
 * rate; an exit goes before the account's waiting entries.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const STRATEGIES = 12;

beforeEach(async () => {
  t = await buildTestApp({ start: CLOSE - 600_000 });
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function liveStrategiesOnOneAccount() {
  const actor = { userId: owner.id, role: 'user' as const };
  const broker = await buildUserBroker(t, owner, { broker_username: 'GV1234' });
  await t.services.brokers.update(actor, broker.id, {
    broker_token: t.sandbox.control.issueKiteAccessToken('GV1234'),
  });
  const ids: number[] = [];
  for (let i = 0; i < STRATEGIES; i++) {
    // Created a while apart, as a trader adds them (identical creates within seconds are one double click).
    t.clock.advance(DUPLICATE_WINDOW_MS + 1000);
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus(actor, m.id, 1);
    ids.push(m.id);
  }
  return ids;
}

/**
 * One candle close with the sandbox's clock running meanwhile: its order books refill each second, as an
 * exchange's do, so a dozen market orders for one strike all fill.
 */
async function closeWithTimeRunning(pricePaise: number, at: number) {
  t.clock.set(at);
  const running = setInterval(() => t.clock.advance(1000), 50);
  try {
    return await t.services.engine.evaluate('256265', '15m', pricePaise, at);
  } finally {
    clearInterval(running);
  }
}

const brokerOrders = () => t.sandbox.control.orders().filter((o) => o.user_id === 'GV1234');

describe('the order governor', () => {
  it("keeps a close of twelve strategies on one account inside Kite's order rate, exits before entries", async () => {
    await liveStrategiesOnOneAccount();
    // Twelve strategies enter together: 24 sells, more than the account may send in two seconds.
    expect(await closeWithTimeRunning(2450000, CLOSE)).toBe(STRATEGIES);
    expect(t.sandbox.control.rateRefusals().kiteOrders).toBeUndefined();
    const entered = brokerOrders();
    expect(entered).toHaveLength(2 * STRATEGIES);
    expect(entered.every((o) => o.status === 'COMPLETE' && o.transaction_type === 'SELL')).toBe(true);

    // The index moves two strikes: every strategy buys its legs back and sells new ones, 48 orders in all.
    expect(await closeWithTimeRunning(2460000, CLOSE + 900_000)).toBe(STRATEGIES);
    expect(t.sandbox.control.rateRefusals().kiteOrders).toBeUndefined();
    const realigned = brokerOrders().slice(entered.length);
    expect(realigned).toHaveLength(4 * STRATEGIES);
    expect(realigned.every((o) => o.status === 'COMPLETE')).toBe(true);
    // The account's first ten requests of the realign are all exits: every strategy asked to buy back at once,
    // and no entry went while an exit waited.
    expect(realigned.slice(0, 10).map((o) => o.transaction_type)).toEqual(Array(10).fill('BUY'));
    const open = await t.database.db
      .selectFrom('strategyLegs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(2 * STRATEGIES);
  });
});
