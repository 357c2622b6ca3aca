import type { AlertsPage, Mapping } from '@app/contract';
import { RUNNING_STATUS } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 27: after a leg was closed in Kite by hand the strategy kept RUNNING and counting it, because the
 * console compared with the broker only while a screen asked. The leader's reconciliation worker now compares
 * every minute: with no screen open the strategy pauses on the difference, the owner is alerted once however
 * many rounds find it, and Exit, Realign and Resume (each would trade on the leg nobody holds) wait until the
 * console and the broker agree again.
 */

let t: TestApp;
let owner: TestUser;
let brokerToken: string;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const MINUTE = 60_000;
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

async function liveHolding() {
  const broker = await buildUserBroker(t, owner, { broker_username: 'WK1234' });
  brokerToken = t.sandbox.control.issueKiteAccessToken('WK1234');
  await t.services.brokers.update(actor(owner), broker.id, { broker_token: brokerToken });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(owner), m.id, RUNNING_STATUS.RUNNING);
  await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
  const legs = await t.services.engineRepo.openLegsOf(m.id);
  expect(legs).toHaveLength(2);
  return { id: m.id, call: legs.find((l) => l.optionType === 'CE')!, put: legs.find((l) => l.optionType === 'PE')! };
}

/** An order placed in Kite's own app, not through the console. */
async function tradeInKite(side: 'BUY' | 'SELL', tradingsymbol: string, quantity: number) {
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
      transaction_type: side,
      quantity: String(quantity),
      product: 'NRML',
      order_type: 'MARKET',
      market_protection: '-1',
    }).toString(),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function get<T>(url: string) {
  const res = await t.request({ method: 'GET', url, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}
const strategy = async (id: number) => (await get<Mapping[]>('/api/strategies/user-mappings')).find((m) => m.id === id);
const alertTitles = async () => (await get<AlertsPage>('/api/alerts?limit=50')).alerts.map((a) => a.title);
const count = (titles: string[], title: string) => titles.filter((x) => x === title).length;
const post = (url: string) => t.request({ method: 'POST', url, token: owner.token });
const brokerOrders = async () =>
  ((await (await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`)).json()) as { orders: unknown[] }).orders
    .length;

const DRIFT_ALERT = 'Broker positions differ: WK1234';
const PAUSE_ALERT = 'Strategy paused: broker positions differ';

describe('the reconciliation worker, with no screen open', () => {
  it('pauses a strategy whose leg was closed in Kite, alerts once, and holds Exit, Realign and Resume back', async () => {
    const { id, call } = await liveHolding();
    await tradeInKite('BUY', call.tradingSymbol, NIFTY_LOT);

    // Three rounds a minute apart; nobody opens a screen.
    for (const minute of [1, 2, 3]) await t.services.reconcileTick(CLOSE + minute * MINUTE);
    const paused = await strategy(id);
    expect(paused?.running_status).toBe(RUNNING_STATUS.PAUSED);
    expect(paused?.stop_reason).toBe('broker_drift');
    expect(paused?.status_detail).toContain(`(${call.tradingSymbol}: console short ${NIFTY_LOT}, broker flat)`);
    // Resume, Realign and Exit would each trade on the leg nobody holds: the row offers none of them.
    expect(paused?.available_actions).toEqual([]);
    await vi.waitFor(async () => expect(await alertTitles()).toContain(PAUSE_ALERT));
    const titles = await alertTitles();
    expect(count(titles, DRIFT_ALERT)).toBe(1);
    expect(count(titles, PAUSE_ALERT)).toBe(1);

    // Exit would buy back a leg the broker no longer holds (a new long); nothing is sent, the row stays paused.
    const sentBefore = await brokerOrders();
    const exit = await post(`/api/strategies/user-mappings/${id}/exit`);
    expect(exit.statusCode).toBe(409);
    expect(exit.json<{ error: string }>().error).toMatch(
      /^Not exited: buying back a leg the broker no longer holds would open a new position \(.*\)\. Bought it back in Kite\? Press Match the broker/,
    );
    const realign = await post(`/api/strategies/user-mappings/${id}/realign`);
    expect(realign.statusCode).toBe(409);
    expect(realign.json<{ error: string }>().error).toMatch(/^Not realigned: .*Match the broker/);
    const resume = await post(`/api/rdx/resume/${id}`);
    expect(resume.statusCode).toBe(409);
    expect(resume.json<{ error: string }>().error).toMatch(/^Not resumed: .*Match the broker/);
    expect(await brokerOrders()).toBe(sentBefore);
    expect((await strategy(id))?.running_status).toBe(RUNNING_STATUS.PAUSED);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);
  });

  it('lets the strategy go once the broker holds the leg again, and holds it back at the next difference', async () => {
    const { id, call, put } = await liveHolding();
    await tradeInKite('BUY', call.tradingSymbol, NIFTY_LOT);
    await t.services.reconcileTick(CLOSE + MINUTE);
    expect((await strategy(id))?.running_status).toBe(RUNNING_STATUS.PAUSED);

    // Sold again in Kite: the two agree; the row may be resumed, and the difference is over.
    await tradeInKite('SELL', call.tradingSymbol, NIFTY_LOT);
    await t.services.reconcileTick(CLOSE + 2 * MINUTE);
    const agreed = await strategy(id);
    expect(agreed?.status_detail).toContain('on a broker difference, since matched: Resume to trade again');
    expect(agreed?.available_actions).toContain('resume');

    // The other leg bought back in Kite before resuming: held back again, and told (a new difference).
    await tradeInKite('BUY', put.tradingSymbol, NIFTY_LOT);
    await t.services.reconcileTick(CLOSE + 3 * MINUTE);
    await t.services.reconcileTick(CLOSE + 4 * MINUTE);
    const heldAgain = await strategy(id);
    expect(heldAgain?.status_detail).toContain(`(${put.tradingSymbol}: console short ${NIFTY_LOT}, broker flat)`);
    expect(heldAgain?.available_actions).toEqual([]);
    expect((await post(`/api/rdx/resume/${id}`)).statusCode).toBe(409);
    expect(count(await alertTitles(), DRIFT_ALERT)).toBe(2);

    // Matched: booked at the trader's price; the next round finds agreement and Resume trades again.
    const matched = await t.request({
      method: 'POST',
      url: `/api/positions/${id}/match-broker`,
      token: owner.token,
      payload: { trading_symbol: put.tradingSymbol, price: 101.5 },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    await t.services.reconcileTick(CLOSE + 5 * MINUTE);
    expect((await post(`/api/rdx/resume/${id}`)).statusCode).toBe(200);
    expect((await strategy(id))?.running_status).toBe(RUNNING_STATUS.RUNNING);
    expect(count(await alertTitles(), DRIFT_ALERT)).toBe(2);
  });
});
