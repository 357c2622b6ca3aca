import { MSG, toPaise, toRupees, type EntryMargin } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMapping,
  buildRdxConfig,
  buildRunningLiveMapping,
  buildUser,
  NIFTY_LOT,
  type TestUser,
} from '../../../test/factories.js';
import { jsonOf, kiteAuth } from '../../../test/sandbox-helpers.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { DEFAULT_FUNDS_PAISE } from '../../sandbox/sandbox-accounts.js';

/*
 * POST /strategies/user-mappings/{id}/margin (issue 34 item 3): the margin a strategy's next entry would ask,
 * before anything is sent: the broker's own calculator's figures for the orders the rules would place now, and
 * what the account has for them.
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

/** 10:30 IST on Monday 2026-11-23: NIFTY trades. */
const OPEN = Date.parse('2026-11-23T05:00:00Z');
const NIFTY = '256265';

const marginOf = (id: number, token = owner.token) =>
  t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/margin`, token });

/** What the sandbox's calculator says of `orders` asked with `accessToken`, in paise (SPAN + exposure + premium paid). */
async function calculator(orders: EntryMargin['orders'], accessToken: string, considerPositions: boolean) {
  const basket = orders.map((o) => ({
    exchange: 'NFO',
    tradingsymbol: o.trading_symbol,
    transaction_type: o.side,
    variety: 'regular',
    product: 'NRML',
    order_type: 'MARKET',
    quantity: o.quantity,
    price: 0,
  }));
  const res = await fetch(`${t.sandbox.urls.kiteApi}/margins/basket?consider_positions=${considerPositions}`, {
    method: 'POST',
    headers: { ...kiteAuth(t.sandbox, accessToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(basket),
  });
  const { initial, final } = (await jsonOf(res)).data as Record<'initial' | 'final', Record<string, number>>;
  const held = (l: Record<string, number>) =>
    toPaise(l.span ?? 0) + toPaise(l.exposure ?? 0) + Math.max(0, toPaise(l.option_premium ?? 0));
  return { required: toRupees(held(initial)), final: toRupees(held(final)) };
}

async function paperAccount(capital: number): Promise<number> {
  const list = await t.request({ method: 'GET', url: '/api/brokers/list', token: owner.token });
  const paper = (list.json().data as Array<{ id: number; is_paper: boolean }>).find((b) => b.is_paper)!;
  const res = await t.request({
    method: 'POST',
    url: '/api/brokers/user-brokers',
    token: owner.token,
    payload: { broker_id: paper.id, broker_username: 'PAPER1', virtual_capital: capital },
  });
  return res.json().data.id as number;
}

describe('the margin of a strategy’s next entry', () => {
  it('prices a paper strategy’s entry on the calculator and weighs it against its Paper account, then nets it against the legs it holds', async () => {
    t.clock.set(OPEN);
    const account = await paperAccount(1_000_000);
    const as = { userId: owner.id, role: owner.role };
    const id = (await buildMapping(t, owner, { user_broker_id: account, is_dummy: 1 })).id;
    await buildRdxConfig(t, owner, id);

    const res = await marginOf(id);
    expect(res.statusCode, res.body).toBe(200);
    const flat = res.json().data as EntryMargin;
    // The strangle RDX would sell now: one CE and one PE of one lot.
    expect(flat.orders.map((o) => [o.trading_symbol.slice(-2), o.side, o.quantity]).sort()).toEqual([
      ['CE', 'SELL', NIFTY_LOT],
      ['PE', 'SELL', NIFTY_LOT],
    ]);
    const asked = await calculator(flat.orders, t.sandbox.control.issueKiteAccessToken('MD0001'), false);
    expect(flat).toMatchObject({ required: asked.required, final: asked.final, available: 1_000_000, note: null });
    // A strangle's legs offset each other: the basket holds less than each leg alone added up.
    expect(flat.final).toBeGreaterThan(0);
    expect(flat.final).toBeLessThan(flat.required);

    // Entered: the same entry again would sit beside the open strangle, and the account has less left.
    await t.services.mappings.setRunningStatus(as, id, 1);
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, OPEN);
    const held = await t.database.db
      .selectFrom('strategyLegs')
      .select(['tradingSymbol', 'quantity'])
      .where('mappingId', '=', id)
      .where('status', '=', 'open')
      .execute();
    expect(held).toHaveLength(2);
    const again = (await marginOf(id)).json().data as EntryMargin;
    const md = t.sandbox.control.issueKiteAccessToken('MD0001');
    const legsAsOrders = held.map((l) => ({
      trading_symbol: l.tradingSymbol,
      side: 'SELL' as const,
      quantity: l.quantity,
    }));
    const before = await calculator(legsAsOrders, md, false);
    const after = await calculator([...legsAsOrders, ...again.orders], md, false);
    expect(again.final).toBeCloseTo(after.final - before.final, 2);
    // What the account has is what its funds say it has left: the capital and what booked, less the strangle's hold.
    const funds = await t.request({ method: 'GET', url: '/api/accounts/funds', token: owner.token });
    const row = (funds.json().data.accounts as Array<{ user_broker_id: number; available_margin: number }>).find(
      (r) => r.user_broker_id === account,
    )!;
    expect(row.available_margin).toBeLessThan(1_000_000);
    expect(again.available).toBe(row.available_margin);
  });

  it('asks a live strategy’s own broker, its positions considered, and says what the account has', async () => {
    t.clock.set(OPEN);
    const { id, brokerToken } = await buildRunningLiveMapping(t, owner, 'EM1234');
    const res = await marginOf(id);
    expect(res.statusCode, res.body).toBe(200);
    const margin = res.json().data as EntryMargin;
    expect(margin.orders).toHaveLength(2);
    const asked = await calculator(margin.orders, brokerToken, true);
    expect(margin).toMatchObject({
      required: asked.required,
      final: asked.final,
      available: toRupees(DEFAULT_FUNDS_PAISE),
      note: null,
    });
    // Nothing was sent: the broker has no order of the account's.
    const orders = await fetch(`${t.sandbox.urls.kiteApi}/orders`, { headers: kiteAuth(t.sandbox, brokerToken) });
    expect((await jsonOf(orders)).data).toEqual([]);
  });

  it('says a paper strategy on a broker account spends none of its money', async () => {
    t.clock.set(OPEN);
    const id = (await buildMapping(t, owner, { is_dummy: 1 })).id;
    await buildRdxConfig(t, owner, id);
    const margin = (await marginOf(id)).json().data as EntryMargin;
    expect(margin.required).toBeGreaterThan(0);
    expect(margin.available).toBeNull();
    expect(margin.note).toMatch(/spends none of this broker account’s money/);
  });

  it('refuses in words: unconfigured, another trader’s, no session, and a live account without a token', async () => {
    t.clock.set(OPEN);
    const id = (await buildMapping(t, owner, { is_dummy: 1 })).id;
    const unconfigured = await marginOf(id);
    expect(unconfigured.statusCode).toBe(400);
    expect(unconfigured.json().error).toMatch(/configur/i);
    await buildRdxConfig(t, owner, id);
    const other = await buildUser(t);
    expect((await marginOf(id, other.token)).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/margin` })).statusCode).toBe(
      401,
    );

    const live = (await buildMapping(t, owner, { is_dummy: 0 })).id;
    await buildRdxConfig(t, owner, live);
    const noToken = await marginOf(live);
    expect(noToken.statusCode).toBe(409);
    expect(noToken.json().error).toBe(MSG.noBrokerToken);
  });
});
