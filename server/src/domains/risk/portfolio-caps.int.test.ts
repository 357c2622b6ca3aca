import { toPaise, type AuditPage, type DailyLimit, type Mapping, type PositionsReply } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { booksOf } from '../../../test/books.js';
import { buildAdmin, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 34 item 4, the rest of it: a Start or Resume while the user's portfolio is already beyond a cap is refused
 * naming the cap and the figures (started, the strategy would only be refused its entries); and an admin's caps on
 * a user's portfolio limits, which the user may lower but not raise or remove, the tighter of the two binding.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const setLimits = (who: TestUser, payload: object) =>
  t.request({ method: 'PUT', url: '/api/risk/limits', token: who.token, payload });

const limitsOf = async (who: TestUser, userId?: number) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/risk/limits${userId === undefined ? '' : `?user_id=${userId}`}`,
      token: who.token,
    })
  ).json<{ data: DailyLimit }>().data;

/** A paper strategy of `user`, configured, stopped. */
async function configured(user: TestUser): Promise<number> {
  const broker = await buildUserBroker(t, user);
  const res = await t.request({
    method: 'POST',
    url: '/api/strategies/user-mappings',
    token: user.token,
    payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ce_count: 1, pe_count: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ data: Mapping }>().data;
  await buildRdxConfig(t, user, id);
  return id;
}

/** Start (the row's toggle), Pause and Resume as the console's buttons send them. */
const move = (user: TestUser, id: number, action: 'start' | 'pause' | 'resume') =>
  action === 'start'
    ? t.request({
        method: 'PUT',
        url: `/api/strategies/user-mappings/${id}/toggle-status`,
        token: user.token,
        payload: { running_status: 1 },
      })
    : t.request({ method: 'POST', url: `/api/rdx/${action}/${id}`, token: user.token });

async function totals(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/positions', token: user.token });
  return res.json<{ data: PositionsReply }>().data.totals.greeks;
}

/** The user holds a sold strangle (some delta, short vega): one strategy started and entered at a close. */
async function holding(user: TestUser) {
  const id = await configured(user);
  expect((await move(user, id, 'start')).statusCode).toBe(200);
  await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
  expect((await booksOf(t, id)).legs).toBe(2);
  return { id, ...(await totals(user)) };
}

/** A cap just under |figure| (two decimals), so the figure is beyond it. */
const under = (figure: number) => Math.floor(Math.abs(figure) * 100 - 1) / 100;
/** A delta as the refusal writes it: four decimals at most, trailing zeros dropped, a real minus sign. */
const deltaWords = (d: number) =>
  `${d < 0 ? '−' : ''}${Math.abs(d).toLocaleString('en-IN', { maximumFractionDigits: 4 })}`;

describe('Start and Resume during a portfolio breach', () => {
  it('refuses a Start while net delta is beyond the cap, naming the cap and the figure; starts once within it', async () => {
    const { delta } = await holding(owner);
    const cap = under(delta);
    expect((await setLimits(owner, { daily_max_loss: null, max_net_delta: cap })).statusCode).toBe(200);
    const next = await configured(owner);

    const refused = await move(owner, next, 'start');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(
      `Net delta is ${deltaWords(delta)} against your cap of ${cap.toLocaleString('en-IN')}; reduce exposure or raise the cap first`,
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token }))
        .json<{ data: Mapping[] }>()
        .data.find((m) => m.id === next)?.running_status,
    ).toBe(0);

    // At the figure (not beyond it) the portfolio is within its cap.
    expect(
      (await setLimits(owner, { daily_max_loss: null, max_net_delta: Math.ceil(Math.abs(delta)) + 1 })).statusCode,
    ).toBe(200);
    expect((await move(owner, next, 'start')).statusCode).toBe(200);
  });

  it('refuses a Resume while net vega is beyond the cap; another user is not held to it', async () => {
    const { id, vega } = await holding(owner);
    expect((await move(owner, id, 'pause')).statusCode).toBe(200);
    const cap = under(vega);
    expect((await setLimits(owner, { daily_max_loss: null, max_net_vega: cap })).statusCode).toBe(200);

    const refused = await move(owner, id, 'resume');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^Net vega is −₹[\d,]+\.\d\d against your cap of ₹[\d,]+\.\d\d; reduce exposure or raise the cap first$/,
    );

    const other = await buildUser(t);
    expect((await move(other, await configured(other), 'start')).statusCode).toBe(200);
  });

  it("says when the binding cap is an admin's, and then does not tell the trader to raise it", async () => {
    const { delta } = await holding(owner);
    const cap = under(delta);
    const set = await setLimits(admin, { daily_max_loss: null, max_net_delta: cap, user_id: owner.id });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await move(owner, await configured(owner), 'start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(
      `Net delta is ${deltaWords(delta)} against the cap of ${cap.toLocaleString('en-IN')} an admin set; ` +
        'reduce exposure first (only an admin can raise that cap)',
    );
  });
});

describe("an admin's caps on a user's portfolio limits", () => {
  it('are set by the admin with the caps, shown to both, and on record in the audit log', async () => {
    const set = await setLimits(admin, {
      daily_max_loss: null,
      max_net_delta: 300,
      max_net_vega: 1500.5,
      max_margin_used: 200000,
      user_id: owner.id,
    });
    expect(set.statusCode, set.body).toBe(200);
    const expected = {
      max_net_delta: 300,
      max_net_vega: 1500.5,
      max_margin_used: 200000,
      admin_max_net_delta: 300,
      admin_max_net_vega: 1500.5,
      admin_max_margin_used: 200000,
    };
    expect(set.json<{ data: DailyLimit }>().data).toMatchObject(expected);
    expect(await limitsOf(owner)).toMatchObject(expected);
    expect(await limitsOf(admin, owner.id)).toMatchObject(expected);

    const log = await t.request({ method: 'GET', url: '/api/audit?action=limits.update&limit=1', token: admin.token });
    expect(log.json<{ data: AuditPage }>().data.entries[0]).toMatchObject({
      actor: admin.username,
      object_id: owner.id,
      changes: {
        max_net_delta_hundredths: { before: null, after: 30000 },
        admin_max_net_delta_hundredths: { before: null, after: 30000 },
        admin_max_net_vega_paise: { before: null, after: 150050 },
        admin_max_margin_used_paise: { before: null, after: 20000000 },
      },
    });
  });

  it('the trader may lower a cap, not raise or remove it, each refusal naming the cap; nothing of a refused body is saved', async () => {
    const capped = { daily_max_loss: null, max_net_delta: 300, max_net_vega: 1500, max_margin_used: 200000 };
    expect((await setLimits(admin, { ...capped, user_id: owner.id })).statusCode).toBe(200);

    const refusals: Array<[object, string]> = [
      [{ max_net_delta: 300.01 }, 'An admin set your max net delta at 300: you can lower it, not raise it'],
      [{ max_net_delta: null }, 'An admin set your max net delta at 300: you can lower it, not remove it'],
      [{ max_net_vega: '' }, 'An admin set your max net vega at ₹1,500.00: you can lower it, not remove it'],
      [
        { max_margin_used: 250000 },
        'An admin set your max margin used at ₹2,00,000.00: you can lower it, not raise it',
      ],
      [{ max_net_delta: 100, max_margin_used: 250000 }, 'An admin set your max margin used at ₹2,00,000.00'],
    ];
    for (const [fields, message] of refusals) {
      const res = await setLimits(owner, { daily_max_loss: 5000, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(409);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
    expect(await limitsOf(owner)).toMatchObject({ daily_max_loss: null, max_net_delta: 300, max_margin_used: 200000 });

    // Lower is fine, and the admin's caps stay where the admin put them; leaving a cap out keeps it.
    const lowered = await setLimits(owner, { daily_max_loss: 5000, max_net_delta: 120.5, reduce_on_breach: true });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await limitsOf(owner)).toMatchObject({
      max_net_delta: 120.5,
      admin_max_net_delta: 300,
      max_net_vega: 1500,
      reduce_on_breach: true,
    });
    // Back up to the admin's cap, not past it.
    expect((await setLimits(owner, { daily_max_loss: 5000, max_net_delta: 300 })).statusCode).toBe(200);

    // The admin lifts a cap by clearing it for the user; then the user may clear or raise theirs.
    expect((await setLimits(admin, { daily_max_loss: null, max_net_delta: null, user_id: owner.id })).statusCode).toBe(
      200,
    );
    expect(await limitsOf(owner)).toMatchObject({ max_net_delta: null, admin_max_net_delta: null });
    expect((await setLimits(owner, { daily_max_loss: null, max_net_delta: 900 })).statusCode).toBe(200);
    // Another user's caps are theirs: the trader naming one sets their own, and no admin cap binds them.
    const other = await buildUser(t);
    expect((await setLimits(other, { daily_max_loss: null, max_net_vega: 99999 })).statusCode).toBe(200);
  });

  it("an admin's own limits are not a desk cap: they may raise them again", async () => {
    expect((await setLimits(admin, { daily_max_loss: null, max_net_delta: 10 })).statusCode).toBe(200);
    expect(await limitsOf(admin)).toMatchObject({ max_net_delta: 10, admin_max_net_delta: null });
    expect((await setLimits(admin, { daily_max_loss: null, max_net_delta: 20 })).statusCode).toBe(200);
  });

  it("the tighter cap binds: an admin cap below the user's own refuses the next Start", async () => {
    const { delta } = await holding(owner);
    // The user's own cap is loose; the admin's (written as only the desk's, as an older console could leave it) binds.
    expect(
      (await setLimits(owner, { daily_max_loss: null, max_net_delta: Math.ceil(Math.abs(delta)) + 100 })).statusCode,
    ).toBe(200);
    const cap = under(delta);
    await t.database.db
      .updateTable('users')
      .set({ adminMaxNetDeltaHundredths: toPaise(cap) })
      .where('id', '=', owner.id)
      .execute();
    const refused = await move(owner, await configured(owner), 'start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toContain(
      `against the cap of ${cap.toLocaleString('en-IN')} an admin set`,
    );
  });
});
