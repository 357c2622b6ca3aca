import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { kiteGet } from '../../../test/sandbox-helpers.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { parseKiteInstrumentsCsv } from '../../protocols/kite-instruments-csv.js';
import { DEFAULT_FUNDS_PAISE } from '../../sandbox/sandbox-accounts.js';
import { BrokerTokenExpired } from './broker-port.js';

/*
 * An account's funds and whose it is, asked through the broker port of a sandbox Kite account (issue 29
 * item 2; issue 32 shows them per account): the figures are the broker's own, in paise, and move as the
 * account trades.
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

/** A Kite account of the owner's holding a sandbox access token, as the port reaches it. */
async function accountWithToken(userId: string, token = t.sandbox.control.issueKiteAccessToken(userId)) {
  const row = await buildUserBroker(t, owner, { broker_username: userId, broker_token: token });
  const { account } = await t.services.brokers.accessOf(row.id);
  if (!account) throw new Error('the account holds no token');
  return { account, token, id: row.id };
}

/** The NIFTY call of the nearest expiry nearest the money, as the sandbox lists it now. */
async function nearMoneyCall(token: string) {
  const csv = await (await fetch(`${t.sandbox.urls.kiteApi}/instruments/NFO`)).text();
  const spot = (await kiteGet(t.sandbox, '/quote/ltp?i=NSE:NIFTY%2050', token)).body.data['NSE:NIFTY 50']
    .last_price as number;
  const calls = parseKiteInstrumentsCsv(csv).filter((r) => r.name === 'NIFTY' && r.instrumentType === 'CE');
  const nearest = calls.map((r) => r.expiry).sort()[0];
  const chain = calls.filter((r) => r.expiry === nearest);
  chain.sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot));
  return chain[0]!;
}

describe("an account's margins through the broker port", () => {
  it('start as all cash and no margin used, stamped with when the broker answered', async () => {
    const { account } = await accountWithToken('FD1234');
    expect(await account.margins()).toEqual({
      availableCashPaise: DEFAULT_FUNDS_PAISE,
      usedMarginPaise: 0,
      availableMarginPaise: DEFAULT_FUNDS_PAISE,
      checkedAt: t.clock.now(),
    });
  });

  it("after a sale, show the margin it holds, the same figures as Kite's own reply, in paise", async () => {
    const { account, token } = await accountWithToken('FD2345');
    const call = await nearMoneyCall(token);
    const orderId = await account.placeOrder({
      exchange: 'NFO',
      tradingSymbol: call.tradingsymbol,
      side: 'SELL',
      quantity: call.lotSize,
      tag: 'fundsint1',
      marketProtection: -1,
    });
    const history = await account.orderHistory(orderId);
    expect(history.at(-1)?.status).toBe('COMPLETE');

    const margins = await account.margins();
    expect(margins.availableCashPaise).toBe(DEFAULT_FUNDS_PAISE);
    expect(margins.usedMarginPaise).toBeGreaterThan(0);
    expect(margins.availableMarginPaise).toBe(DEFAULT_FUNDS_PAISE - margins.usedMarginPaise);
    const wire = (await kiteGet(t.sandbox, '/user/margins', token)).body.data.equity;
    expect(margins).toMatchObject({
      availableCashPaise: toPaise(wire.available.cash),
      usedMarginPaise: toPaise(wire.utilised.debits),
      availableMarginPaise: toPaise(wire.net),
    });
  });

  it("is refused in the port's words when the broker refuses the token, and the account keeps the refusal", async () => {
    const { account, id } = await accountWithToken('FD3456', 'a-token-kite-never-issued');
    await expect(account.margins()).rejects.toBeInstanceOf(BrokerTokenExpired);
    // The refusal is kept in the background (never waited on): the account's row says so once it is.
    const refusedAt = async () => {
      const res = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
      return res.json<{ data: Array<{ id: number; token_refused_at: string | null }> }>().data.find((r) => r.id === id)
        ?.token_refused_at;
    };
    await expect.poll(refusedAt).toBe(new Date(t.clock.now()).toISOString());
  });
});

describe("an account's profile through the broker port", () => {
  it('names the account the token reaches: its user ID, its holder and its broker', async () => {
    const { account } = await accountWithToken('PF1234');
    expect(await account.profile()).toEqual({ userId: 'PF1234', name: 'Sandbox PF1234', broker: 'Kite' });
  });

  it('is a BrokerTokenExpired once the broker ended the token', async () => {
    const { account } = await accountWithToken('PF2345');
    t.sandbox.control.expireAccessTokens();
    await expect(account.profile()).rejects.toBeInstanceOf(BrokerTokenExpired);
  });
});

describe('GET /accounts/funds', () => {
  const funds = (token = owner.token) => t.request({ method: 'GET', url: '/api/accounts/funds', token });

  it("lists each of the caller's accounts with the broker's figures in rupees, and why where it has none", async () => {
    const live = await accountWithToken('AF1234');
    const bare = await buildUserBroker(t, owner, { broker_username: 'AF2345' });
    const ended = await accountWithToken('AF3456');
    // Another trader's account is never in the caller's list.
    const stranger = await buildUser(t);
    await buildUserBroker(t, stranger, { broker_username: 'AF9999' });
    t.sandbox.control.expireAccessTokens();
    await t.services.brokers.update({ userId: owner.id, role: owner.role }, live.id, {
      broker_token: t.sandbox.control.issueKiteAccessToken('AF1234'),
    });

    const res = await funds();
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { accounts: Array<Record<string, unknown>> } }>().data.accounts;
    expect(rows.map((r) => r.broker_username)).toEqual(['AF1234', 'AF2345', 'AF3456']);
    expect(rows[0]).toEqual({
      user_broker_id: live.id,
      broker_username: 'AF1234',
      broker_name: 'Zerodha',
      is_paper: false,
      virtual_capital: null,
      available: DEFAULT_FUNDS_PAISE / 100,
      used_margin: 0,
      available_margin: DEFAULT_FUNDS_PAISE / 100,
      checked_at: new Date(t.clock.now()).toISOString(),
      problem: null,
      margin_problem: null,
    });
    expect(rows[1]).toMatchObject({
      user_broker_id: bare.id,
      available: null,
      problem: expect.stringContaining('no access token'),
    });
    expect(rows[2]).toMatchObject({
      user_broker_id: ended.id,
      available: null,
      used_margin: null,
      problem: 'The broker session for AF3456 has ended: generate a new token on the Profile page',
    });

    // Once the refusal is kept on the account, the broker is not asked again with that token; the words stay.
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .selectFrom('userBrokers')
              .select('tokenRefusedAt')
              .where('id', '=', ended.id)
              .executeTakeFirstOrThrow()
          ).tokenRefusedAt,
      )
      .not.toBeNull();
    const again = (await funds()).json<{ data: { accounts: Array<Record<string, unknown>> } }>().data.accounts;
    expect(again[2]).toMatchObject({
      problem: 'The broker session for AF3456 has ended: generate a new token on the Profile page',
    });
  });
});
