import type { AlertsPage, DailyLimit, Mapping, PositionsReply } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { booksOf } from '../../../test/books.js';
import { buildAdmin, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Portfolio limits per user (issue 34 item 4): caps on |net delta|, |net vega| and the margin used, set with the
 * daily max loss on /risk/limits. Beyond a cap no entry sells new legs (the row says which cap and the figures);
 * with Reduce on breach the user's strategies are stopped and squared off as a daily max loss does.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const NEXT_CLOSE = CLOSE + 15 * 60_000;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const setLimits = (who: TestUser, payload: object) =>
  t.request({ method: 'PUT', url: '/api/risk/limits', token: who.token, payload });

const limitsOf = async (who: TestUser) =>
  (await t.request({ method: 'GET', url: '/api/risk/limits', token: who.token })).json<{ data: DailyLimit }>().data;

/** A paper strategy, configured and running (it enters at the next candle close it hears). */
async function running(user: TestUser, userBrokerId?: number): Promise<number> {
  const broker = userBrokerId === undefined ? await buildUserBroker(t, user) : { id: userBrokerId };
  const res = await t.request({
    method: 'POST',
    url: '/api/strategies/user-mappings',
    token: user.token,
    payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ce_count: 1, pe_count: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ data: Mapping }>().data;
  await buildRdxConfig(t, user, id);
  await t.services.mappings.setRunningStatus({ userId: user.id, role: 'user' }, id, 1);
  return id;
}

const closeAt = (at: number) => t.services.engine.evaluate('256265', '15m', 2450000, at);

async function row(user: TestUser, id: number): Promise<Mapping> {
  const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: user.token });
  const found = res.json<{ data: Mapping[] }>().data.find((m) => m.id === id);
  if (!found) throw new Error(`mapping ${id} not listed`);
  return found;
}

async function totals(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/positions', token: user.token });
  return res.json<{ data: PositionsReply }>().data.totals.greeks;
}

/** The feed marks the legs (a price update), and the limits watch checks them. */
async function tick() {
  t.clock.advance(2000);
  await t.services.positionsFeed.tick();
  await t.services.limits.settled();
}

async function portfolioAlerts(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/alerts?limit=50', token: user.token });
  return res.json<{ data: AlertsPage }>().data.alerts.filter((a) => a.kind === 'portfolio_limit');
}

/** A cap just under |figure| (two decimals), so the figure is beyond it. */
const under = (figure: number) => Math.floor(Math.abs(figure) * 100 - 1) / 100;

describe('portfolio limits', () => {
  it('are read and set beside the daily max loss, kept when left out, removed with null, and validated by name', async () => {
    expect(await limitsOf(owner)).toMatchObject({
      max_net_delta: null,
      max_net_vega: null,
      max_margin_used: null,
      reduce_on_breach: false,
    });
    const set = await setLimits(owner, {
      daily_max_loss: null,
      max_net_delta: 300,
      max_net_vega: 1500.5,
      max_margin_used: 200000,
      reduce_on_breach: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: DailyLimit }>().data).toMatchObject({
      max_net_delta: 300,
      max_net_vega: 1500.5,
      max_margin_used: 200000,
      reduce_on_breach: true,
    });
    // A body that only names the daily max loss (the form before this) keeps every cap.
    expect((await setLimits(owner, { daily_max_loss: 5000 })).statusCode).toBe(200);
    expect(await limitsOf(owner)).toMatchObject({ daily_max_loss: 5000, max_net_delta: 300, reduce_on_breach: true });
    // Null or empty removes one; the others stay.
    expect((await setLimits(owner, { daily_max_loss: 5000, max_net_vega: null, max_margin_used: '' })).statusCode).toBe(
      200,
    );
    expect(await limitsOf(owner)).toMatchObject({ max_net_delta: 300, max_net_vega: null, max_margin_used: null });

    const refusals: Array<[object, string]> = [
      [{ max_net_delta: -5 }, 'Max Net Delta must be more than 0'],
      [{ max_net_delta: 0 }, 'Max Net Delta must be more than 0'],
      [{ max_net_vega: 'lots' }, 'Max Net Vega must be a number'],
      [{ max_margin_used: 10.555 }, 'Max Margin Used may have at most two decimals'],
      [{ max_net_delta: 20_00_000 }, 'Max Net Delta must be at most 10,00,000'],
      [{ reduce_on_breach: 'yes' }, 'Reduce on breach must be true or false'],
    ];
    for (const [fields, message] of refusals) {
      const bad = await setLimits(owner, { daily_max_loss: 5000, ...fields });
      expect(bad.statusCode, JSON.stringify(fields)).toBe(400);
      expect(bad.json<{ error: string }>().error).toContain(message);
    }
    // Nothing a refused body named was saved.
    expect(await limitsOf(owner)).toMatchObject({ max_net_delta: 300, reduce_on_breach: true });
  });

  it('another user cannot set mine; an admin can', async () => {
    const other = await buildUser(t);
    const admin = await buildAdmin(t);
    // A user naming someone else sets their own (the id is ignored, as for the daily max loss).
    expect((await setLimits(other, { daily_max_loss: null, max_net_delta: 1, user_id: owner.id })).statusCode).toBe(
      200,
    );
    expect((await limitsOf(owner)).max_net_delta).toBeNull();
    expect((await limitsOf(other)).max_net_delta).toBe(1);
    const byAdmin = await setLimits(admin, { daily_max_loss: null, max_net_vega: 750, user_id: owner.id });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await limitsOf(owner)).toMatchObject({ max_net_vega: 750, max_net_delta: null });
  });

  it('a net delta beyond its cap refuses the next entry with the cap and figures on the row; alerts once', async () => {
    const first = await running(owner);
    await closeAt(CLOSE);
    expect((await booksOf(t, first)).legs).toBe(2);
    const { delta } = await totals(owner);
    expect(Math.abs(delta), 'the strangle carries some delta').toBeGreaterThan(0.02);
    const cap = under(delta);
    // Another strategy of the same user, started before the cap (a Start during a breach is refused outright,
    // portfolio-caps.int.test.ts), wants to enter at the next close: refused, nothing sent.
    const second = await running(owner);
    expect((await setLimits(owner, { daily_max_loss: null, max_net_delta: cap })).statusCode).toBe(200);

    await t.services.engine.start(); // the service on, so the row reads the engine's note
    await closeAt(NEXT_CLOSE);
    expect(await booksOf(t, second)).toMatchObject({ legs: 0, fills: 0 });
    const refused = await row(owner, second);
    expect(refused.running_status).toBe(1); // still running: it enters once the portfolio is back within its caps
    expect(refused.status_detail).toContain('Cannot trade: net delta ');
    expect(refused.status_detail).toContain(`beyond the cap of ${cap}`);
    expect(refused.status_detail).toContain('(portfolio limits); nothing was sent');
    // The strategy already holding legs keeps them.
    expect((await booksOf(t, first)).legs).toBe(2);

    // The price updates tell of the breach once, however many there are.
    await tick();
    await tick();
    const alerts = await portfolioAlerts(owner);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.title).toMatch(/^Portfolio limit: net delta −?[\d,.]+ beyond the cap of /);
    expect(alerts[0]!.body).toContain('No entry or realign will sell new legs');
    expect((await row(owner, first)).running_status).toBe(1);

    // Without a cap the same close enters.
    expect((await setLimits(owner, { daily_max_loss: null, max_net_delta: null })).statusCode).toBe(200);
    await closeAt(NEXT_CLOSE + 15 * 60_000);
    expect((await booksOf(t, second)).legs).toBe(2);
  });

  it('a margin cap counts what the Paper account holds (the margin calculator) and refuses the next entry', async () => {
    const brokers = await t.request({ method: 'GET', url: '/api/brokers/list', token: owner.token });
    const paperId = brokers.json<{ data: Array<{ id: number; is_paper: boolean }> }>().data.find((b) => b.is_paper)!.id;
    const account = await t.request({
      method: 'POST',
      url: '/api/brokers/user-brokers',
      token: owner.token,
      payload: { broker_id: paperId, broker_username: 'PAPER1', virtual_capital: 1_000_000 },
    });
    expect(account.statusCode, account.body).toBe(201);
    const accountId = account.json<{ data: { id: number } }>().data.id;
    await running(owner, accountId);
    await closeAt(CLOSE);
    // The margin is the user's across accounts: a strategy on another account (started before the cap) is
    // refused as well.
    const next = await running(owner);
    expect((await setLimits(owner, { daily_max_loss: null, max_margin_used: 1 })).statusCode).toBe(200);
    await t.services.engine.start();
    await closeAt(NEXT_CLOSE);
    expect(await booksOf(t, next)).toMatchObject({ legs: 0, fills: 0 });
    expect((await row(owner, next)).status_detail).toMatch(
      /^Cannot trade: margin used ₹[\d,]+\.\d\d beyond the cap of ₹1\.00 \(portfolio limits\); nothing was sent/,
    );
  });

  it("a vega cap refuses a trader's Realign with 409 in the same words, nothing sent", async () => {
    await running(owner);
    await closeAt(CLOSE);
    const { vega } = await totals(owner);
    expect(vega).toBeLessThan(0); // sold options: short vega
    // A flat running strategy (started before the cap)'s Realign would enter now.
    const flat = await running(owner);
    expect((await setLimits(owner, { daily_max_loss: null, max_net_vega: under(vega) })).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${flat}/realign`,
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ error: string }>().error).toMatch(
      /^Not entered: net vega −₹[\d,]+\.\d\d beyond the cap of ₹[\d,]+\.\d\d \(portfolio limits\); nothing was sent$/,
    );
    expect(await booksOf(t, flat)).toMatchObject({ legs: 0, fills: 0 });
  });

  it('with Reduce on breach, a breach stops and squares off every strategy of the user, saying why', async () => {
    const first = await running(owner);
    const second = await running(owner);
    const other = await buildUser(t);
    const theirs = await running(other);
    await closeAt(CLOSE);
    const { vega } = await totals(owner);
    const set = await setLimits(owner, { daily_max_loss: null, max_net_vega: under(vega), reduce_on_breach: true });
    expect(set.statusCode, set.body).toBe(200);
    await t.services.limits.settled();

    for (const id of [first, second]) {
      const r = await row(owner, id);
      expect([r.running_status, r.stop_reason]).toEqual([0, 'portfolio_limit']);
      expect(await booksOf(t, id)).toMatchObject({ legs: 0, unsettled: [] });
      expect(r.status_detail).toMatch(
        /^Stopped at a portfolio limit \(reduce on breach\) at \d\d:\d\d IST \(net vega −₹[\d,]+\.\d\d beyond the cap of ₹/,
      );
    }
    expect((await row(other, theirs)).running_status).toBe(1);
    expect((await booksOf(t, theirs)).legs).toBe(2);
    const alerts = await portfolioAlerts(owner);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain('Reduce on breach is set: your strategies are being stopped');
  });
});
