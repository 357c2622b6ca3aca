import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Live orders that cannot double (issue 12): an order whose reply was lost is settled with the broker before
 * the strategy decides again, so the next decision never sends a second order for the same leg.
 */

let t: TestApp;
let owner: TestUser;
let brokerToken: string;
const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function liveMapping() {
  const broker = await buildUserBroker(t, owner, { broker_username: 'LO1234' });
  brokerToken = t.sandbox.control.issueKiteAccessToken('LO1234');
  await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, 1);
  return m.id;
}

async function brokerOrders() {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/orders`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
  });
  return (
    (await res.json()) as {
      data: Array<{ tag: string | null; status: string; tradingsymbol: string; transaction_type: string }>;
    }
  ).data;
}

describe('live orders', () => {
  it('an order Kite refused for the rate (429) is failed at once, so the strategy may trade again at once', async () => {
    const id = await liveMapping();
    // Three consoles placing for one account together can exceed its rate: Kite answers 429 and takes nothing.
    t.sandbox.control.failNext('kite.orders.place', 20, 'rate-limit');
    const refused = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/realign`,
      token: owner.token,
    });
    expect(refused.statusCode).toBe(429);
    const db = t.database.db;
    const ours = await db.selectFrom('brokerOrders').selectAll().where('mappingId', '=', id).execute();
    expect(ours.map((o) => o.status)).toEqual(['failed']);
    t.sandbox.control.clearFaults();
    const again = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/realign`,
      token: owner.token,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('settle a lost reply with the broker before the next decision, and never send a second order for it', async () => {
    const id = await liveMapping();
    // The broker takes the first order of the entry but the reply never arrives.
    t.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const db = t.database.db;
    const pending = await db.selectFrom('brokerOrders').selectAll().where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(1);

    // The next candle close settles that order by its tag first, then decides on the legs as they now are.
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    const ours = await db.selectFrom('brokerOrders').selectAll().execute();
    expect(ours.filter((o) => o.status === 'pending')).toEqual([]);
    const atBroker = await brokerOrders();
    const complete = atBroker.filter((o) => o.status === 'COMPLETE');
    // Every order the broker filled is booked once; no symbol was sold twice.
    expect(
      ours
        .filter((o) => o.status === 'filled')
        .map((o) => o.tag)
        .sort(),
    ).toEqual(complete.map((o) => o.tag ?? '').sort());
    const sold = complete.map((o) => o.tradingsymbol);
    expect(new Set(sold).size).toBe(sold.length);
    const legs = await t.services.engineRepo.openLegsOf(id);
    expect(legs.map((l) => l.tradingSymbol).sort()).toEqual([...sold].sort());
  });

  it('completes a strangle an entry left with one side (a lost reply on its first order): never left unhedged', async () => {
    const id = await liveMapping();
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);
    // Exited and started again: the strategy keeps the ATM it traded at.
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), id, 1);
    // The entry's first order (the CE) is taken but its reply never arrives: the PE is not sent.
    t.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(0);
    // The row says an order is in doubt, not just "waiting to enter".
    expect((await t.services.mappings.get(actor(), id)).status_detail).toMatch(
      /the last order did not complete \(.*\): the broker is asked at the next candle close/,
    );

    // The next close finds the CE filled at the broker, books it, and sells the missing PE at its strike.
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 1_800_000);
    const legs = await t.services.engineRepo.openLegsOf(id);
    expect(legs.map((l) => l.optionType).sort()).toEqual(['CE', 'PE']);
    // The CE found filled is booked when the exchange took it (during the entry's close), not at this close.
    const ce = await t.database.db
      .selectFrom('transactions')
      .select(['transactionDate', 'tradingSymbol'])
      .where('mappingId', '=', id)
      .orderBy('id', 'desc')
      .execute();
    const lateCe = ce.find((f) => f.tradingSymbol.endsWith('CE'));
    expect(Number(lateCe?.transactionDate)).toBeLessThan(CLOSE + 1_800_000);
    const sells = (await brokerOrders()).filter((o) => o.status === 'COMPLETE');
    // Two entries' CE and PE plus the exit's two buys: each symbol sold once per entry, no extra.
    expect(sells).toHaveLength(6);
  });
});

describe('an order the broker rejects on a candle close', () => {
  it("stops the strategy with the broker's words, takes no further decision, and starting again clears them", async () => {
    const id = await liveMapping();
    await t.services.engine.start();
    const told: string[] = [];
    t.events.subscribe('mapping.status_changed', ({ mapping }) => {
      told.push(mapping.status_detail);
    });
    t.sandbox.control.rejectNextOrders(1, 'RMS: margin exceeds for the test');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    // The event an open screen updates its row from already says why.
    expect(told.at(-1)).toMatch(/^Stopped: the broker rejected an order, so the strategy stopped/);

    const row = await t.services.mappings.get(actor(), id);
    expect(row.running_status).toBe(0);
    expect(row.status_detail).toMatch(
      /^Stopped: the broker rejected an order, so the strategy stopped \(Could not open NIFTY\w+: the broker rejected it: RMS: margin exceeds for the test\); press Start to try again$/,
    );
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]); // the first order was refused: nothing sold
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    const orders = (await (await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`)).json()) as {
      orders: Array<{ status: string }>;
    };
    expect(orders.orders.map((o) => o.status)).toEqual(['REJECTED']); // no second try at the next close

    await t.services.mappings.setRunningStatus(actor(), id, 1);
    await t.services.engine.refresh();
    expect((await t.services.mappings.get(actor(), id)).status_detail).not.toMatch(/rejected/);
    await t.services.engine.stop();
  });
});

describe('an exit the broker did not fully take', () => {
  it('is chased until flat, backing off between tries, with the reason on the row meanwhile', async () => {
    const id = await liveMapping();
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);

    // The broker's risk system refuses the next two orders: the Exit and the first chase.
    t.sandbox.control.rejectNextOrders(2, 'RMS: blocked for the test');
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);
    // At once the row says the console keeps at it, in the broker's words (not "press Exit").
    expect((await t.services.mappings.get(actor(), id)).status_detail).toMatch(
      /square-off incomplete \(.*RMS: blocked for the test.*\); trying again/,
    );

    await t.services.engine.follow(); // too soon after the refused Exit: no new order
    t.clock.advance(16_000);
    await t.services.engine.follow(); // first chase: refused again
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);
    expect((await t.services.mappings.get(actor(), id)).status_detail).toMatch(/square-off incomplete/);

    await t.services.engine.follow(); // too soon: no new order
    t.clock.advance(31_000);
    await t.services.engine.follow(); // after the longer back-off: flat
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]);
    const orders = (await (await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`)).json()) as {
      orders: Array<{ transaction_type: string; status: string }>;
    };
    // Two sells, two refused buys, two filled buys: nothing doubled.
    expect(orders.orders.filter((o) => o.transaction_type === 'BUY' && o.status === 'COMPLETE')).toHaveLength(2);
    expect(orders.orders.filter((o) => o.status === 'REJECTED')).toHaveLength(2);
  });
});

describe('an exit whose order replies the broker lost', () => {
  it('answers in words, never an address or "request failed", and books what the broker filled once', async () => {
    const id = await liveMapping();
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);

    // The broker takes both buy-backs, but neither reply arrives (issue 31: "127.0.0.1:43727: request failed").
    t.sandbox.control.failNext('kite.orders.place', 2, 'drop-after');
    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    const detail = (await t.services.mappings.get(actor(), id)).status_detail ?? '';
    expect([exit.body, detail].join(' ')).not.toMatch(/\d+\.\d+\.\d+\.\d+|localhost|request failed/);
    // The first buy-back's lost reply was asked for by its tag at once: the row never claims a leg the broker
    // has closed (the Exit stopped at the lost reply, so the second leg was not sent and is still open).
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(1);
    expect(detail).toMatch(/^Stopped with 1 leg still open/);
    expect(exit.json<{ error: string }>().error).toBe('Kite did not answer (the connection failed); try again shortly');

    // The chase settles each lost reply by its tag before sending anything (the second reply is lost too):
    // flat within its tries, each leg bought back once.
    for (let look = 0; look < 3 && (await t.services.engineRepo.openLegsOf(id)).length > 0; look++) {
      t.clock.advance(60_000);
      await t.services.engine.follow();
    }
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]);
    const bought = (await brokerOrders()).filter((o) => o.status === 'COMPLETE' && o.transaction_type === 'BUY');
    expect(bought.map((o) => o.tradingsymbol).sort()).toEqual([...new Set(bought.map((o) => o.tradingsymbol))].sort());
    expect(bought).toHaveLength(2);
    // A problem that has cleared leaves the row.
    expect((await t.services.mappings.get(actor(), id)).status_detail ?? '').not.toMatch(/incomplete|trying again/);
  });
});

describe('a leg the trader closed at the broker by hand', () => {
  /** An order on the account at Kite directly, as a trader would place it in Kite's own app. */
  async function tradeAtBroker(transaction_type: 'BUY' | 'SELL', tradingsymbol: string, quantity: number) {
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
        transaction_type,
        quantity: String(quantity),
        product: 'NRML',
        order_type: 'MARKET',
        market_protection: '-1',
      }).toString(),
    });
    expect(res.status, await res.text()).toBe(200);
  }
  const filledOrdersOf = async (symbol: string) =>
    (await brokerOrders()).filter((o) => o.tradingsymbol === symbol && o.status === 'COMPLETE').length;

  it('is not bought back a second time by Exit: nothing is sent, the row says why, the other leg is kept', async () => {
    const id = await liveMapping();
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const legs = await t.services.engineRepo.openLegsOf(id);
    expect(legs).toHaveLength(2);
    const ce = legs.find((l) => l.optionType === 'CE');
    if (!ce) throw new Error('no CE leg');
    await tradeAtBroker('BUY', ce.tradingSymbol, ce.quantity);
    const ordersBefore = (await brokerOrders()).length;

    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBeGreaterThanOrEqual(400);
    expect(exit.json<{ error: string }>().error).toContain(`the broker holds no short of ${ce.tradingSymbol}`);
    // No order at all: not the CE (it would open a long), not the PE (the plan stops before any order).
    expect((await brokerOrders()).length).toBe(ordersBefore);
    expect(await filledOrdersOf(ce.tradingSymbol)).toBe(2); // the entry's sell and the trader's own buy
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);
    expect((await t.services.mappings.get(actor(), id)).status_detail).toContain('nothing was sent');

    // Once the broker holds it again (sold back by hand), Exit closes both legs.
    await tradeAtBroker('SELL', ce.tradingSymbol, ce.quantity);
    t.clock.advance(60_000);
    const again = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]);
  });
});

describe("an account's order rate", () => {
  it("keeps a burst of one account's orders under Kite's 10 a second instead of having them refused", async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'RT1234' });
    brokerToken = t.sandbox.control.issueKiteAccessToken('RT1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: brokerToken });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id, ce_count: 1 + i });
      await buildRdxConfig(t, owner, m.id);
      await t.services.mappings.setRunningStatus(actor(), m.id, 1);
      ids.push(m.id);
    }
    // Six Realigns at once on one account: six entries of a CE and a PE order each: 12 orders in well under a second.
    const replies = await Promise.all(
      ids.map((id) =>
        t.request({ method: 'POST', url: `/api/strategies/user-mappings/${id}/realign`, token: owner.token }),
      ),
    );
    expect(replies.map((r) => [r.statusCode, r.statusCode === 200 ? '' : r.body])).toEqual(
      replies.map(() => [200, '']),
    );
    const orders = (await (await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`)).json()) as {
      orders: Array<{ status: string }>;
    };
    expect(orders.orders.length).toBe(12); // a CE and a PE order each
    expect(orders.orders.every((o) => o.status === 'COMPLETE')).toBe(true);
  });
});

describe('market protection', () => {
  it('goes with every market order, as Kite requires of API orders since April 2026', async () => {
    await liveMapping();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const res = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/orders`);
    const { orders } = (await res.json()) as { orders: Array<{ status: string; market_protection: number | null }> };
    expect(orders).toHaveLength(2);
    for (const o of orders) expect(o).toMatchObject({ status: 'COMPLETE', market_protection: -1 });
  });
});

describe('broker access tokens die at 06:00 IST', () => {
  it('show when they expire, refuse Start after, and pause a running live strategy before the open', async () => {
    const id = await liveMapping(); // token issued Monday 10:30 IST, running
    const brokers = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
    const account = (brokers.json().data as Array<{ broker_username: string; token_expires_at: string | null }>).find(
      (b) => b.broker_username === 'LO1234',
    );
    expect(account?.token_expires_at).toBe('2026-11-24T00:30:00.000Z'); // Tuesday 06:00 IST

    // Tuesday 06:01 IST: the engine's tick pauses the strategy and the row says why.
    t.clock.set(Date.parse('2026-11-24T00:31:00Z'));
    await t.services.engine.start();
    await t.services.engine.follow();
    const row = await t.services.mappings.get(actor(), id);
    expect(row.running_status).toBe(2);
    expect(row.broker_has_token).toBe(false);
    expect(row.status_detail).toMatch(/access token expired at 06:00 IST/);

    // Resume (and Start) are refused until a new token is generated.
    const resume = await t.request({ method: 'POST', url: `/api/rdx/resume/${id}`, token: owner.token });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().error).toMatch(/expired at 06:00 IST/);
  });
});

describe('a token Kite refuses before 06:00 IST', () => {
  it('is kept on the account: its live strategy pauses, the owner is alerted, a new token clears it', async () => {
    const id = await liveMapping();
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(2);

    // Kite invalidates the token (a logout, a login elsewhere); the console learns it when it next asks.
    t.sandbox.control.expireAccessTokens();
    const reconcile = await t.request({ method: 'GET', url: '/api/positions/reconcile', token: owner.token });
    expect(reconcile.json().data.accounts[0].error).toMatch(/access_token/);
    const account = async () =>
      (
        (await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token })).json()
          .data as Array<{
          token_refused_at: string | null;
          token_refused_reason: string | null;
        }>
      )[0];
    await expect.poll(async () => (await account())?.token_refused_at).not.toBeNull();
    expect((await account())?.token_refused_reason).toMatch(/access_token/);

    // The engine's tick pauses the strategy: it holds legs it cannot exit on this token.
    await t.services.engine.follow();
    const row = await t.services.mappings.get(actor(), id);
    expect(row.running_status).toBe(2);
    expect(row.broker_has_token).toBe(false);
    expect(row.status_detail).toMatch(/Kite refused the broker access token: generate a new one on the Profile page/);
    const alerts = async () =>
      (await t.request({ method: 'GET', url: '/api/alerts?limit=50', token: owner.token })).json().data
        .alerts as Array<{
        kind: string;
        title: string;
      }>;
    await expect.poll(async () => (await alerts()).map((a) => a.kind)).toContain('token_refused');
    expect((await alerts()).find((a) => a.kind === 'token_refused')?.title).toBe(
      'Kite refused the access token of LO1234',
    );
    const resume = await t.request({ method: 'POST', url: `/api/rdx/resume/${id}`, token: owner.token });
    expect(resume.statusCode).toBe(409);
    // Asked again on the same token, Kite refuses again: the owner is not told twice.
    await t.request({ method: 'GET', url: '/api/positions/reconcile', token: owner.token });
    await t.services.engine.follow();
    expect((await alerts()).filter((a) => a.kind === 'token_refused')).toHaveLength(1);

    // A new token: the refusal no longer applies and the strategy may resume.
    t.clock.advance(1000);
    const fresh = t.sandbox.control.issueKiteAccessToken('LO1234');
    const broker = (await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token })).json()
      .data[0] as { id: number };
    await t.services.brokers.update(actor(), broker.id, { broker_token: fresh });
    expect((await account())?.token_refused_at).toBeNull();
    const resumed = await t.request({ method: 'POST', url: `/api/rdx/resume/${id}`, token: owner.token });
    expect(resumed.statusCode).toBe(200);
  });
});
