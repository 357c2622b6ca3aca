import { MSG, toPaise, toRupees, type AccountFunds, type PnlDaily } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, NIFTY_LOT, transactionRow, type TestUser } from '../../../test/factories.js';
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

describe("a Paper account's funds", () => {
  /** Quantity as the ledger signs it: positive sells (opens a short), negative buys. */
  const fill = (mappingId: number, quantity: number, rupees: number, atOffsetMs = 0) =>
    t.services.transactionsRepo.insert(
      transactionRow(t, owner, {
        mappingId,
        quantity,
        pricePaise: toPaise(rupees),
        transactionDate: t.clock.now() + atOffsetMs,
      }),
    );

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
      },
    ]);
    expect(await fundsOf(other.token)).toEqual([]);
  });

  it('move by what its strategies booked after charges, the same as P&L by day; margin unknown while a position is open', async () => {
    const account = await paperAccount(1_000_000);
    const a = (await buildMapping(t, owner, { user_broker_id: account, is_dummy: 1 })).id;
    const b = (await buildMapping(t, owner, { user_broker_id: account, is_dummy: 1 })).id;
    // A paper strategy on a broker account is not this account's.
    const elsewhere = (await buildMapping(t, owner, { is_dummy: 1 })).id;
    // a: sold at ₹100 and bought back at ₹90 (+₹10 a unit); b: sold at ₹80 and still open.
    await fill(a, NIFTY_LOT, 100);
    await fill(a, -NIFTY_LOT, 90, 60_000);
    await fill(b, NIFTY_LOT, 80, 120_000);
    await fill(elsewhere, NIFTY_LOT, 50, 180_000);
    await fill(elsewhere, -NIFTY_LOT, 150, 240_000);
    t.clock.advance(300_000);

    const [row] = await fundsOf();
    const day = new Date(t.clock.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const pnl = await t.request({
      method: 'GET',
      url: `/api/pnl/daily?from=${day}&to=${day}`,
      token: owner.token,
    });
    const days = (pnl.json().data as PnlDaily).days;
    const booked = days
      .flatMap((d) => d.per_strategy)
      .filter((s) => s.user_strategy_mapping_id === a || s.user_strategy_mapping_id === b)
      .reduce((sum, s) => sum + toPaise(s.net_pnl), 0);
    expect(booked).toBeLessThan(toPaise(10 * NIFTY_LOT));
    expect(booked).toBeGreaterThan(0);
    expect(row).toMatchObject({
      is_paper: true,
      available: toRupees(toPaise(1_000_000) + booked),
      used_margin: null,
      available_margin: null,
      problem: null,
    });

    // b closes: nothing open, so no margin held and all of the cash is free.
    await fill(b, -NIFTY_LOT, 80, 0);
    const [closed] = await fundsOf();
    expect(closed!.used_margin).toBe(0);
    expect(closed!.available_margin).toBe(closed!.available);
    expect(closed!.available).toBeLessThan(row!.available!);
  });
});
