import { MSG, type AlertsPage, type DailyLimit, type Mapping } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { booksOf } from '../../../test/books.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Loss and profit limits (issue 13): per strategy and per user's day, checked on every price update of the
 * legs. The market is moved by the sandbox's implied-volatility shock: premiums jump (a short strangle loses
 * on both legs) or collapse (it gains), so each side of a limit is reached for certain.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

type Limits = { max_loss?: number | string | null; target_profit?: number | string | null };

async function createMapping(user: TestUser, limits: Limits = {}) {
  const broker = await buildUserBroker(t, user);
  return t.request({
    method: 'POST',
    url: '/api/strategies/user-mappings',
    token: user.token,
    payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ce_count: 1, pe_count: 1, ...limits },
  });
}

/** A paper strategy with the limits, running and holding its two legs after a candle close. */
async function entered(user: TestUser, limits: Limits): Promise<number> {
  const res = await createMapping(user, limits);
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ data: Mapping }>().data;
  await buildRdxConfig(t, user, id);
  await t.services.mappings.setRunningStatus({ userId: user.id, role: 'user' }, id, 1);
  return id;
}

async function enterAll() {
  await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
}

/** Moves NIFTY options' implied volatility by `factor`, then lets the leader's feed mark the legs. */
async function shock(factor: number) {
  t.sandbox.control.shockVolatility('NIFTY', factor);
  t.clock.advance(2000);
  await t.services.positionsFeed.tick();
  await t.services.limits.settled();
}

async function row(user: TestUser, id: number): Promise<Mapping> {
  const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: user.token });
  const found = res.json<{ data: Mapping[] }>().data.find((m) => m.id === id);
  if (!found) throw new Error(`mapping ${id} not listed`);
  return found;
}

const books = (mappingId: number) => booksOf(t, mappingId);

describe('limits on a strategy', () => {
  it('are accepted by create and update in rupees, shown on the row, and refused when not above zero', async () => {
    const created = await createMapping(owner, { max_loss: 5000, target_profit: 2500.5 });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json<{ data: Mapping }>().data;
    expect([m.max_loss, m.target_profit]).toEqual([5000, 2500.5]);

    const cleared = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}`,
      token: owner.token,
      payload: { max_loss: '', target_profit: 1200 },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ data: Mapping }>().data).toMatchObject({ max_loss: null, target_profit: 1200 });

    for (const [payload, message] of [
      [{ max_loss: 0 }, 'Max Loss must be more than 0'],
      [{ target_profit: -10 }, 'Target Profit must be more than 0'],
      [{ max_loss: 10.005 }, 'Max Loss may have at most two decimals'],
      [{ max_loss: 'lots' }, 'Max Loss must be a number'],
    ] as const) {
      const res = await createMapping(owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
  });

  it('max_loss set by an admin is a cap the owner can lower, not raise or remove; target profit stays theirs', async () => {
    const admin = await buildAdmin(t);
    const created = await createMapping(owner, { max_loss: 9000 });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ data: Mapping }>().data;
    const edit = (who: TestUser, payload: Limits) =>
      t.request({ method: 'PUT', url: `/api/strategies/user-mappings/${id}`, token: who.token, payload });
    const limitsOf = async (who: TestUser) => {
      const res = await t.request({ method: 'GET', url: '/api/strategies/admin/all-user-mappings', token: who.token });
      const found = res.json<{ data: Mapping[] }>().data.find((m) => m.id === id);
      return { max_loss: found?.max_loss, admin_max_loss: found?.admin_max_loss, target_profit: found?.target_profit };
    };
    // The owner's own limit carries no cap.
    expect(created.json<{ data: Mapping }>().data.admin_max_loss).toBeNull();

    const capped = await edit(admin, { max_loss: 800 });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json<{ data: Mapping }>().data).toMatchObject({ max_loss: 800, admin_max_loss: 800 });

    const raised = await edit(owner, { max_loss: 800.01 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json<{ error: string }>().error).toBe(
      "An admin set this strategy's max loss at ₹800.00: you can lower it, not raise it",
    );
    const removed = await edit(owner, { max_loss: null, target_profit: 1500 });
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ error: string }>().error).toBe(
      "An admin set this strategy's max loss at ₹800.00: you can lower it, not remove it",
    );
    // Refused whole: the target profit sent beside it was not saved either.
    expect(await limitsOf(admin)).toEqual({ max_loss: 800, admin_max_loss: 800, target_profit: null });

    // Tighter is always allowed, and back up to the cap; target profit is the owner's to set and clear.
    expect((await edit(owner, { max_loss: 300, target_profit: 2000 })).statusCode).toBe(200);
    expect(await limitsOf(admin)).toEqual({ max_loss: 300, admin_max_loss: 800, target_profit: 2000 });
    expect((await edit(owner, { max_loss: 800, target_profit: null })).statusCode).toBe(200);
    // An edit leaving max_loss out keeps it and its cap.
    expect((await edit(owner, { target_profit: 100 })).statusCode).toBe(200);
    expect(await limitsOf(admin)).toEqual({ max_loss: 800, admin_max_loss: 800, target_profit: 100 });

    // The admin raises the cap, then lifts it: the owner is free again.
    expect((await edit(admin, { max_loss: 2000 })).statusCode).toBe(200);
    expect((await edit(owner, { max_loss: 1999 })).statusCode).toBe(200);
    expect((await edit(owner, { max_loss: 2000.5 })).statusCode).toBe(409);
    expect((await edit(admin, { max_loss: null })).statusCode).toBe(200);
    expect((await edit(owner, { max_loss: 50_000 })).statusCode).toBe(200);
    expect((await edit(owner, { max_loss: null })).statusCode).toBe(200);
    expect(await limitsOf(admin)).toMatchObject({ max_loss: null, admin_max_loss: null });
  });

  it("max_loss on a mapping an admin creates for a user is capped from the start; an admin's own is not", async () => {
    const admin = await buildAdmin(t);
    const broker = await buildUserBroker(t, owner);
    const made = await t.request({
      method: 'POST',
      url: '/api/strategies/user-mappings',
      token: admin.token,
      payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, max_loss: 800, user_id: owner.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, admin_max_loss } = made.json<{ data: Mapping }>().data;
    expect(admin_max_loss).toBe(800);
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}`,
      token: owner.token,
      payload: { max_loss: '' },
    });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json<{ error: string }>().error).toContain('not remove it');

    const own = await createMapping(admin, { max_loss: 800 });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json<{ data: Mapping }>().data.id;
    expect(own.json<{ data: Mapping }>().data.admin_max_loss).toBeNull();
    const raisedOwn = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${ownId}`,
      token: admin.token,
      payload: { max_loss: 90_000 },
    });
    expect(raisedOwn.statusCode, raisedOwn.body).toBe(200);
    expect(raisedOwn.json<{ data: Mapping }>().data).toMatchObject({ max_loss: 90_000, admin_max_loss: null });
  });

  it('max_loss: a jump in premiums stops the strategy and buys back every leg, with the reason on the row', async () => {
    const id = await entered(owner, { max_loss: 100, target_profit: 100_000 });
    const untouched = await entered(owner, { max_loss: 50_00_000 });
    await enterAll();
    expect((await books(id)).legs).toBe(2);

    await shock(3);

    const stopped = await row(owner, id);
    expect([stopped.running_status, stopped.stop_reason]).toEqual([0, 'max_loss']);
    expect(stopped.stopped_at).not.toBeNull();
    expect(stopped.open_legs).toEqual([]);
    expect(await books(id)).toMatchObject({ legs: 0, unsettled: [], fills: 4 });
    // A limit far away is not reached: that strategy trades on.
    expect((await row(owner, untouched)).running_status).toBe(1);
    expect((await books(untouched)).legs).toBe(2);
  });

  it('a stop far past max_loss names the day it stopped at beside the limit, on the row and in the alert (issue 27)', async () => {
    const admin = await buildAdmin(t);
    const id = await entered(owner, { max_loss: 100 });
    await enterAll();
    await shock(3); // premiums triple at once: the loss lands far past ₹100

    const stopped = await row(owner, id);
    const figure = /\(−₹[\d,]+\.\d\d against a limit of ₹100\.00 — the market gapped past it\)/;
    expect(stopped.status_detail).toMatch(new RegExp(`^Stopped at the max loss at \\d\\d:\\d\\d IST ${figure.source}`));
    const note = figure.exec(stopped.status_detail)?.[0].slice(1, -1) ?? '';
    // The one alert of the stop carries the same figures, to the owner and (naming the owner) to the admins.
    const bell = async (who: TestUser) => {
      const res = await t.request({ method: 'GET', url: '/api/alerts?limit=10', token: who.token });
      return res.json<{ data: AlertsPage }>().data.alerts.filter((a) => a.kind === 'strategy_stopped');
    };
    await vi.waitFor(async () => expect(await bell(admin)).toHaveLength(1));
    const [mine] = await bell(owner);
    expect(await bell(owner)).toHaveLength(1);
    expect(mine?.body).toContain(`because the day's loss reached its Max Loss: ${note}.`);
    expect((await bell(admin))[0]?.body).toContain(note);
  });

  it('refuses to start again the same day while the loss is past max_loss, until the limit is raised', async () => {
    const id = await entered(owner, { max_loss: 100 });
    await enterAll();
    await shock(3);
    expect((await row(owner, id)).stop_reason).toBe('max_loss');

    // Started again it would enter and be stopped at once, paying both ways: refused, nothing traded.
    const start = () =>
      t.request({
        method: 'PUT',
        url: `/api/strategies/user-mappings/${id}/toggle-status`,
        token: owner.token,
        payload: { running_status: 1 },
      });
    const refused = await start();
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(MSG.maxLossReachedToday);
    expect((await row(owner, id)).running_status).toBe(0);
    expect((await books(id)).fills).toBe(4);

    const raised = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}`,
      token: owner.token,
      payload: { max_loss: 1_00_000 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await start()).statusCode).toBe(200);
  });

  it('target_profit: a collapse in premiums takes the profit and stops the strategy', async () => {
    // The sandbox's NIFTY ATM sits far from this config's 24,500: the PE is deep in the money, so the
    // collapse gains ~₹90 (the CE's premium); a ₹50 target is reached for certain.
    const id = await entered(owner, { max_loss: 100_000, target_profit: 50 });
    await enterAll();
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, id, 2); // paused: still guarded
    await shock(0.2);
    const stopped = await row(owner, id);
    expect([stopped.running_status, stopped.stop_reason]).toEqual([0, 'target_profit']);
    expect(await books(id)).toMatchObject({ legs: 0, unsettled: [] });
  });

  it('a limit set below the loss already made stops the strategy at once, without waiting for a price move', async () => {
    const id = await entered(owner, {});
    await enterAll();
    await shock(3);
    expect((await row(owner, id)).running_status).toBe(1);
    const res = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}`,
      token: owner.token,
      payload: { max_loss: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.services.limits.settled();
    expect((await row(owner, id)).stop_reason).toBe('max_loss');
    expect((await books(id)).legs).toBe(0);
  });
});

describe('a user’s daily max loss', () => {
  const setDaily = (who: TestUser, payload: object) =>
    t.request({ method: 'PUT', url: '/api/risk/limits', token: who.token, payload });

  it('is read and set on the user’s own account; an admin sets anyone’s; a user cannot set another’s', async () => {
    const other = await buildUser(t);
    const admin = await buildAdmin(t);
    const own = await setDaily(owner, { daily_max_loss: 7500.25 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: DailyLimit }>().data).toEqual({
      user_id: owner.id,
      daily_max_loss: 7500.25,
      admin_max_loss: null,
      today_pnl: 0,
      max_net_delta: null,
      max_net_vega: null,
      max_margin_used: null,
      admin_max_net_delta: null,
      admin_max_net_vega: null,
      admin_max_margin_used: null,
      reduce_on_breach: false,
    });

    // A user naming someone else sets their own (as on mapping create): the other keeps none.
    await setDaily(owner, { daily_max_loss: 100, user_id: other.id });
    const theirs = await t.request({ method: 'GET', url: '/api/risk/limits', token: other.token });
    expect(theirs.json<{ data: DailyLimit }>().data.daily_max_loss).toBeNull();

    const byAdmin = await setDaily(admin, { daily_max_loss: 2000, user_id: other.id });
    expect(byAdmin.json<{ data: DailyLimit }>().data).toMatchObject({ user_id: other.id, daily_max_loss: 2000 });
    const read = await t.request({ method: 'GET', url: `/api/risk/limits?user_id=${other.id}`, token: admin.token });
    expect(read.json<{ data: DailyLimit }>().data.daily_max_loss).toBe(2000);
    const cleared = await setDaily(admin, { daily_max_loss: null, user_id: other.id });
    expect(cleared.json<{ data: DailyLimit }>().data.daily_max_loss).toBeNull();

    const bad = await setDaily(owner, { daily_max_loss: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('Daily Max Loss must be more than 0');
    expect((await setDaily(admin, { daily_max_loss: 10, user_id: 999_999 })).statusCode).toBe(404);

    // Leaving the field out turns nothing off: the limit is kept and the caller is told what is missing.
    const omitted = await setDaily(admin, { user_id: owner.id });
    expect(omitted.statusCode).toBe(400);
    expect(omitted.json<{ error: string }>().error).toContain('Daily Max Loss is required');
    const kept = await t.request({ method: 'GET', url: '/api/risk/limits', token: owner.token });
    expect(kept.json<{ data: DailyLimit }>().data.daily_max_loss).toBe(100); // set above, naming another user
  });

  it('set by an admin is a cap the user can lower, not raise or remove; the admin can lift it', async () => {
    const admin = await buildAdmin(t);
    const limitOf = async (who: TestUser) =>
      (await t.request({ method: 'GET', url: '/api/risk/limits', token: who.token })).json<{ data: DailyLimit }>().data;
    expect((await setDaily(owner, { daily_max_loss: 9000 })).statusCode).toBe(200);
    expect((await setDaily(admin, { daily_max_loss: 5000, user_id: owner.id })).statusCode).toBe(200);
    expect(await limitOf(owner)).toMatchObject({ daily_max_loss: 5000, admin_max_loss: 5000 });

    const raised = await setDaily(owner, { daily_max_loss: 5000.01 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json<{ error: string }>().error).toBe(
      'An admin set your daily max loss at ₹5,000.00: you can lower it, not raise it',
    );
    const removed = await setDaily(owner, { daily_max_loss: null });
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ error: string }>().error).toContain('not remove it');
    expect(await limitOf(owner)).toMatchObject({ daily_max_loss: 5000, admin_max_loss: 5000 });

    // Tighter is always allowed, and back up to the cap.
    expect((await setDaily(owner, { daily_max_loss: 3000 })).statusCode).toBe(200);
    expect(await limitOf(owner)).toMatchObject({ daily_max_loss: 3000, admin_max_loss: 5000 });
    expect((await setDaily(owner, { daily_max_loss: 5000 })).statusCode).toBe(200);

    // The admin lifting it frees the user; the admin's own limit is never capped by itself.
    expect((await setDaily(admin, { daily_max_loss: null, user_id: owner.id })).statusCode).toBe(200);
    expect((await setDaily(owner, { daily_max_loss: 20_000 })).statusCode).toBe(200);
    expect(await limitOf(owner)).toMatchObject({ daily_max_loss: 20_000, admin_max_loss: null });
    expect((await setDaily(admin, { daily_max_loss: 100, user_id: admin.id })).statusCode).toBe(200);
    expect((await setDaily(admin, { daily_max_loss: null })).statusCode).toBe(200);
  });

  it('stops and flattens every strategy of the user when their day reaches it, and nobody else’s', async () => {
    const first = await entered(owner, {});
    const second = await entered(owner, {});
    const other = await buildUser(t);
    const theirs = await entered(other, {});
    await enterAll();
    expect((await setDaily(owner, { daily_max_loss: 200 })).statusCode).toBe(200);
    expect((await row(owner, first)).running_status).toBe(1); // flat market: nothing lost yet

    await shock(3);

    for (const id of [first, second]) {
      const r = await row(owner, id);
      expect([r.running_status, r.stop_reason]).toEqual([0, 'daily_max_loss']);
      expect(await books(id)).toMatchObject({ legs: 0, unsettled: [] });
    }
    expect((await row(other, theirs)).running_status).toBe(1);
    const day = await t.request({ method: 'GET', url: '/api/risk/limits', token: owner.token });
    expect(day.json<{ data: DailyLimit }>().data.today_pnl).toBeLessThanOrEqual(-200);
    // Each row says how far past the day's limit the user's strategies stood when it stopped them (issue 27).
    expect((await row(owner, first)).status_detail).toMatch(
      /^Stopped at the daily max loss at \d\d:\d\d IST \(−₹[\d,]+\.\d\d across all strategies for the day, against a daily limit of ₹200\.00/,
    );

    // The day stays past the limit: no strategy of the user starts again today; another user's would.
    const again = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${first}/toggle-status`,
      token: owner.token,
      payload: { running_status: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(MSG.dailyMaxLossReachedToday);

    // Made the desk's cap by an admin, the limit is not the trader's to raise: the refusal says who can.
    const admin = await buildAdmin(t);
    expect((await setDaily(admin, { daily_max_loss: 200, user_id: owner.id })).statusCode).toBe(200);
    const capped = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${first}/toggle-status`,
      token: owner.token,
      payload: { running_status: 1 },
    });
    expect(capped.statusCode).toBe(409);
    expect(capped.json<{ error: string }>().error).toBe(MSG.dailyMaxLossCapReachedToday);
  });
});
