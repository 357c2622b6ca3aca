import { MSG, toPaise, toRupees, type AccountFunds, type PnlDaily } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMapping,
  buildRdxConfig,
  buildRunningPaperMapping,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { jsonOf, kiteAuth } from '../../../test/sandbox-helpers.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * A Paper account through the HTTP API (issue 32 item 3): opened with a virtual capital and nothing that
 * reaches a broker, holding paper strategies only, its funds its capital plus what its strategies booked
 * after charges, to the paisa of P&L by day.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let paperBrokerId: number;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  other = await buildUser(t);
  const list = await t.request({ method: 'GET', url: '/api/brokers/list', token: owner.token });
  paperBrokerId = (list.json().data as Array<{ id: number; is_paper: boolean }>).find((b) => b.is_paper)!.id;
});
afterEach(async () => {
  await t.close();
});

const openAccount = (payload: Record<string, unknown>, token = owner.token) =>
  t.request({ method: 'POST', url: '/api/brokers/user-brokers', token, payload });
const fundsOf = async (token = owner.token) => {
  const res = await t.request({ method: 'GET', url: '/api/accounts/funds', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.accounts as AccountFunds[];
};

async function paperAccount(capital = 1_000_000, token = owner.token): Promise<number> {
  const res = await openAccount(
    { broker_id: paperBrokerId, broker_username: 'PAPER1', virtual_capital: capital },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('opening a Paper account', () => {
  it('keeps its virtual capital and says it is Paper, with no token to show', async () => {
    const res = await openAccount({ broker_id: paperBrokerId, broker_username: 'paper1', virtual_capital: 250000.5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      broker_name: 'Paper',
      broker_username: 'PAPER1',
      is_paper: true,
      virtual_capital: 250000.5,
      has_token: false,
      has_api_key: false,
    });
  });

  it('is refused without a capital, with anything that reaches a broker, and a broker account with a capital', async () => {
    const noCapital = await openAccount({ broker_id: paperBrokerId, broker_username: 'PAPER1' });
    expect([noCapital.statusCode, noCapital.json().error]).toEqual([400, MSG.paperAccountNeedsCapital]);
    const base = { broker_id: paperBrokerId, broker_username: 'PAPER1', virtual_capital: 100000 };
    for (const extra of [
      { broker_token: 'tok' },
      { api_key: 'abcdef123456', api_secret: 'abcdef123456abcdef123456' },
      { registered_ips: ['203.0.113.7'] },
      { egress_bind_address: '127.0.0.1' },
    ]) {
      const res = await openAccount({ ...base, ...extra });
      expect([res.statusCode, res.json().error], JSON.stringify(extra)).toEqual([400, MSG.paperAccountReachesNoBroker]);
    }
    const kite = await openAccount({ broker_id: 1, broker_username: 'AB1234', virtual_capital: 100000 });
    expect([kite.statusCode, kite.json().error]).toEqual([400, MSG.capitalIsForPaper]);
    const bad = await openAccount({ ...base, virtual_capital: 0 });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'Virtual Capital must be more than 0']);
    const listed = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
    expect(listed.json().data).toEqual([]);
  });

  it('takes a new capital, and never becomes a broker account', async () => {
    const id = await paperAccount();
    const put = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/brokers/user-brokers/${id}`, token: owner.token, payload });
    const more = await put({ virtual_capital: 1_500_000 });
    expect([more.statusCode, more.json().data.virtual_capital]).toEqual([200, 1_500_000]);
    const moved = await put({ broker_id: 1 });
    expect([moved.statusCode, moved.json().error]).toEqual([400, MSG.paperStaysPaper]);
    const token = await put({ broker_token: 'tok' });
    expect([token.statusCode, token.json().error]).toEqual([400, MSG.paperAccountReachesNoBroker]);
  });
});

describe("a Paper account's strategies", () => {
  it('are paper only: a live one is refused on create and on edit', async () => {
    const account = await paperAccount();
    const body = { strategy_id: 1, instrument_id: 1, user_broker_id: account, ce_count: 1, pe_count: 1 };
    const live = await t.request({
      method: 'POST',
      url: '/api/strategies/user-mappings',
      token: owner.token,
      payload: { ...body, is_dummy: 0 },
    });
    expect([live.statusCode, live.json().error]).toEqual([400, MSG.paperAccountIsPaperOnly]);
    const paper = await buildMapping(t, owner, { user_broker_id: account, is_dummy: 1 });
    const goLive = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${paper.id}`,
      token: owner.token,
      payload: { is_dummy: 0 },
    });
    expect([goLive.statusCode, goLive.json().error]).toEqual([400, MSG.paperAccountIsPaperOnly]);
  });
});

/** 10:30 IST on Monday 2026-11-23: a 15m candle closes on NIFTY 50 (instrument token 256265). */
const CLOSE = Date.parse('2026-11-23T05:00:00Z');
const NIFTY = '256265';

/** A strategy's net P&L (realized less charges) over every day, as P&L by day shows it, in paise. */
async function bookedOn(mappingId: number): Promise<number> {
  const day = new Date(t.clock.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const res = await t.request({ method: 'GET', url: `/api/pnl/daily?from=2026-11-01&to=${day}`, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as PnlDaily).days
    .flatMap((d) => d.per_strategy)
    .filter((s) => s.user_strategy_mapping_id === mappingId)
    .reduce((sum, s) => sum + toPaise(s.net_pnl), 0);
}

describe("a Paper account's funds", () => {
  it('are its capital with no margin used before anything trades, and only its owner sees them', async () => {
    const id = await paperAccount(1_000_000);
    expect(await fundsOf()).toEqual([
      {
        user_broker_id: id,
        broker_username: 'PAPER1',
        broker_name: 'Paper',
        is_paper: true,
        virtual_capital: 1_000_000,
        available: 1_000_000,
        used_margin: 0,
        available_margin: 1_000_000,
        checked_at: new Date(t.clock.now()).toISOString(),
        problem: null,
        margin_problem: null,
      },
    ]);
    expect(await fundsOf(other.token)).toEqual([]);
  });

  it('hold the margin of its open paper legs as the broker prices them, and move by what they booked after charges', async () => {
    const account = await paperAccount(1_000_000);
    const as = { userId: owner.id, role: owner.role };
    const mapping = (await buildMapping(t, owner, { user_broker_id: account, is_dummy: 1 })).id;
    await buildRdxConfig(t, owner, mapping);
    await t.services.mappings.setRunningStatus(as, mapping, 1);
    // A paper strategy on a broker account is not this account's.
    await buildRunningPaperMapping(t, owner);
    t.clock.set(CLOSE);
    await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE);

    const legs = await t.database.db
      .selectFrom('strategyLegs')
      .select(['exchange', 'tradingSymbol', 'quantity'])
      .where('mappingId', '=', mapping)
      .where('status', '=', 'open')
      .execute();
    expect(legs.length).toBeGreaterThan(0);
    // The broker's own calculator, asked directly for the same short legs as one basket.
    const basket = legs.map((l) => ({
      exchange: l.exchange,
      tradingsymbol: l.tradingSymbol,
      transaction_type: 'SELL',
      variety: 'regular',
      product: 'NRML',
      order_type: 'MARKET',
      quantity: l.quantity,
      price: 0,
    }));
    const res = await fetch(`${t.sandbox.urls.kiteApi}/margins/basket?consider_positions=false`, {
      method: 'POST',
      headers: {
        ...kiteAuth(t.sandbox, t.sandbox.control.issueKiteAccessToken('MD0001')),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(basket),
    });
    const final = (await jsonOf(res)).data.final as { span: number; exposure: number };
    const heldPaise = toPaise(final.span) + toPaise(final.exposure);
    expect(heldPaise).toBeGreaterThan(0);

    const open = (await fundsOf()).find((r) => r.user_broker_id === account)!;
    const entryCharges = await bookedOn(mapping);
    expect(entryCharges).toBeLessThan(0);
    expect(open).toMatchObject({
      is_paper: true,
      available: toRupees(toPaise(1_000_000) + entryCharges),
      used_margin: toRupees(heldPaise),
      available_margin: toRupees(toPaise(1_000_000) + entryCharges - heldPaise),
      margin_problem: null,
      problem: null,
    });

    // Exited: nothing is open, no margin is held, and the cash is the capital plus what the strategy booked.
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${mapping}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode, exit.body).toBe(200);
    const booked = await bookedOn(mapping);
    const closed = (await fundsOf()).find((r) => r.user_broker_id === account)!;
    expect(closed).toMatchObject({
      available: toRupees(toPaise(1_000_000) + booked),
      used_margin: 0,
      available_margin: toRupees(toPaise(1_000_000) + booked),
    });
  });
});
