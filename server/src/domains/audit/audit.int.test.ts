import { AUDIT_CHANGED, AUDIT_HIDDEN, RUNNING_STATUS, type AuditEntry, type AuditPage } from '@app/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { SANDBOX_USER_PASSWORD, sandboxTotpCode } from '../../sandbox/sandbox-accounts.js';

/*
 * The audit log (issue 13): every control action through the API is on record with its author, its object,
 * the fields it changed and the caller's address; automatic stops by `system`; secrets never.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
const as = (u: TestUser) => ({ userId: u.id, role: u.role });
/** Every secret a test sends: none may appear anywhere in the log. */
const secrets: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

/** A call from a given address (the log records the client's). */
async function send(token: string | undefined, opts: InjectOptions, from = '10.20.30.40') {
  const res = await t.request({ ...opts, remoteAddress: from, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res;
}

/** The admin's view of the log, filtered. */
async function audit(query: string): Promise<AuditPage> {
  const res = await t.request({ method: 'GET', url: `/api/audit?${query}`, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AuditPage }>().data;
}

/** The newest entry of an action. */
async function latest(action: string): Promise<AuditEntry> {
  const [entry] = (await audit(`action=${action}&limit=1`)).entries;
  if (!entry) throw new Error(`no ${action} on record`);
  return entry;
}

describe('sign-in and sign-out', () => {
  it('records a sign-in with the user and address, a refused one with the name tried, and a sign-out', async () => {
    const user = await buildUser(t);
    const wrong = 'Wr0ng-Pa55word!';
    secrets.push(wrong, user.password);
    const refused = await send(undefined, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: wrong },
    });
    expect(refused.statusCode).toBe(401);
    expect(await latest('auth.login_failed')).toMatchObject({
      actor: user.username,
      actor_user_id: null,
      object_type: 'user',
      object_id: user.id,
      detail: { reason: 'invalid_credentials' },
      ip: '10.20.30.40',
    });

    const ok = await send(undefined, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    const { token } = ok.json<{ data: { token: string } }>().data;
    secrets.push(token);
    expect(await latest('auth.login')).toMatchObject({
      actor: user.username,
      actor_user_id: user.id,
      object_id: user.id,
      changes: {},
      ip: '10.20.30.40',
    });

    await send(token, { method: 'POST', url: '/api/auth/logout' }, '10.20.30.41');
    expect(await latest('auth.logout')).toMatchObject({
      actor: user.username,
      actor_user_id: user.id,
      ip: '10.20.30.41',
    });
  });

  it('records a password change without either password', async () => {
    const user = await buildUser(t);
    const fresh = 'An0ther-Pa55word';
    secrets.push(fresh);
    const res = await send(user.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: user.password, new_password: fresh },
    });
    expect(res.statusCode).toBe(200);
    expect(await latest('auth.change_password')).toMatchObject({
      actor: user.username,
      changes: { new_password: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED } },
    });
  });
});

describe('users, broker accounts and tokens', () => {
  it("records an admin's user changes field by field, a new password only as changed", async () => {
    const made = await send(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { username: 'audited1', password: 'Cr3ated-Pa55', role: 'user' },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    secrets.push('Cr3ated-Pa55', 'Res3t-Pa55word');
    expect(await latest('user.create')).toMatchObject({
      actor: admin.username,
      object_type: 'user',
      object_id: id,
      changes: { username: { before: null, after: 'audited1' }, role: { before: null, after: 'user' } },
    });

    await send(admin.token, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { role: 'admin', password: 'Res3t-Pa55word' },
    });
    const update = await latest('user.update');
    expect(update.changes).toEqual({
      role: { before: 'user', after: 'admin' },
      password: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
    });

    await send(admin.token, { method: 'PUT', url: `/api/users/${id}`, payload: { role: 'user' } });
    await send(admin.token, { method: 'DELETE', url: `/api/users/${id}` });
    expect(await latest('user.delete')).toMatchObject({
      object_id: id,
      changes: { username: { before: 'audited1', after: null } },
    });
  });

  it("records broker accounts with whether a token or app is set, never the token's or the app's values", async () => {
    const token = 'brokerTok3nValue0123456789';
    const apiKey = 'apikey0123456789';
    const apiSecret = 'apisecret9876543210';
    secrets.push(token, apiKey, apiSecret);
    const made = await send(owner.token, {
      method: 'POST',
      url: '/api/brokers/user-brokers',
      payload: { broker_id: 1, broker_username: 'AU1234', api_key: apiKey, api_secret: apiSecret },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect(await latest('broker_account.create')).toMatchObject({
      actor: owner.username,
      object_type: 'user_broker',
      object_id: id,
      changes: {
        broker_username: { before: null, after: 'AU1234' },
        has_api_key: { before: null, after: true },
        api_secret: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
      },
    });

    await send(owner.token, {
      method: 'PUT',
      url: `/api/brokers/user-brokers/${id}`,
      payload: { broker_token: token },
    });
    expect((await latest('broker_account.update')).changes).toMatchObject({
      has_broker_token: { before: false, after: true },
      broker_token: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
    });

    await send(owner.token, { method: 'DELETE', url: `/api/brokers/user-brokers/${id}` });
    expect(await latest('broker_account.delete')).toMatchObject({ object_id: id });
  });

  it('records token generation, for a user account and for the console, without password or app code', async () => {
    const broker = await buildUserBroker(t, owner);
    const appcode = sandboxTotpCode(t.clock.now());
    secrets.push(SANDBOX_USER_PASSWORD);
    const res = await send(owner.token, {
      method: 'POST',
      url: `/api/brokers/user-brokers/${broker.id}/generate-token`,
      payload: { password: SANDBOX_USER_PASSWORD, appcode },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('broker_token.generate')).toMatchObject({
      object_id: broker.id,
      changes: { has_broker_token: { before: false, after: true } },
    });

    const kite = await send(admin.token, {
      method: 'POST',
      url: '/api/brokers/generate-kite-token',
      payload: { appCode: appcode },
    });
    expect(kite.statusCode, kite.body).toBe(200);
    const entry = await latest('kite_token.generate');
    expect(entry.actor).toBe(admin.username);
    expect(JSON.stringify(entry)).not.toContain(appcode);
  });
});

describe('strategies', () => {
  it('records a mapping from creation through every control to deletion', async () => {
    const broker = await buildUserBroker(t, owner);
    const made = await send(owner.token, {
      method: 'POST',
      url: '/api/strategies/user-mappings',
      payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect(await latest('mapping.create')).toMatchObject({ object_type: 'mapping', object_id: id });

    await send(owner.token, {
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}`,
      payload: { ce_count: 2, max_loss: 5000 },
    });
    expect((await latest('mapping.update')).changes).toEqual({
      // Created without counts: one CE and one PE (issue 27).
      ce_count: { before: 1, after: 2 },
      max_loss_paise: { before: null, after: 500000 },
    });
    // An admin's Max Loss on the owner's mapping is also the desk's cap: both columns are on record.
    await send(admin.token, { method: 'PUT', url: `/api/strategies/user-mappings/${id}`, payload: { max_loss: 800 } });
    expect(await latest('mapping.update')).toMatchObject({
      actor: admin.username,
      changes: {
        max_loss_paise: { before: 500000, after: 80000 },
        admin_max_loss_paise: { before: null, after: 80000 },
      },
    });

    const rdx = `/api/strategies/user-mappings/${id}/rdx-config`;
    await send(owner.token, { method: 'POST', url: rdx, payload: { rdx_lot_count: 1, interval: '5m' } });
    expect(await latest('rdx_config.create')).toMatchObject({
      object_type: 'rdx_config',
      object_id: id,
      changes: { rdx_lot_count: { before: null, after: 1 }, interval: { before: null, after: '5m' } },
    });
    await send(owner.token, { method: 'PUT', url: rdx, payload: { rdx_lot_count: 2, interval: '5m' } });
    expect((await latest('rdx_config.update')).changes).toMatchObject({ rdx_lot_count: { before: 1, after: 2 } });

    const status = (running_status: number) =>
      send(owner.token, {
        method: 'PUT',
        url: `/api/strategies/user-mappings/${id}/toggle-status`,
        payload: { running_status },
      });
    expect((await status(RUNNING_STATUS.RUNNING)).statusCode).toBe(200);
    expect((await latest('mapping.start')).changes).toMatchObject({ running_status: { before: 0, after: 1 } });

    expect((await send(owner.token, { method: 'POST', url: `/api/rdx/pause/${id}` })).statusCode).toBe(200);
    expect((await latest('mapping.pause')).changes).toMatchObject({
      running_status: { before: 1, after: 2 },
      stop_reason: { before: null, after: 'manual' },
    });
    expect((await send(owner.token, { method: 'POST', url: `/api/rdx/resume/${id}` })).statusCode).toBe(200);
    expect((await latest('mapping.resume')).object_id).toBe(id);

    const realign = await send(owner.token, { method: 'POST', url: `/api/strategies/user-mappings/${id}/realign` });
    expect(realign.statusCode, realign.body).toBe(200);
    expect((await latest('mapping.realign')).object_id).toBe(id);
    const exit = await send(owner.token, { method: 'POST', url: `/api/strategies/user-mappings/${id}/exit` });
    expect(exit.statusCode, exit.body).toBe(200);
    expect((await latest('mapping.exit')).changes).toMatchObject({ running_status: { before: 1, after: 0 } });

    expect((await status(RUNNING_STATUS.RUNNING)).statusCode).toBe(200);
    expect((await status(RUNNING_STATUS.STOPPED)).statusCode).toBe(200);
    expect((await latest('mapping.stop')).changes).toMatchObject({ running_status: { before: 1, after: 0 } });

    await send(owner.token, { method: 'DELETE', url: rdx });
    expect(await latest('rdx_config.delete')).toMatchObject({ object_id: id });
    await send(owner.token, { method: 'DELETE', url: `/api/strategies/user-mappings/${id}` });
    expect(await latest('mapping.delete')).toMatchObject({ object_id: id, actor: owner.username });
  });

  it('records a refused action nowhere: only what happened is on record', async () => {
    const before = (await audit('action=mapping.start')).total;
    const m = await buildMapping(t, owner);
    // Without an RDX configuration the start is refused.
    const res = await send(owner.token, {
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/toggle-status`,
      payload: { running_status: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect((await audit('action=mapping.start')).total).toBe(before);
  });

  it('records a stop the console made by itself as the system, on the owner’s trail', async () => {
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus(as(owner), m.id, RUNNING_STATUS.RUNNING);
    // How the limit check stops a strategy whose loss reached its max_loss.
    await t.services.mappings.setRunningStatus(as(owner), m.id, RUNNING_STATUS.STOPPED, undefined, 'max_loss');
    // The stop is published after its write, not awaited by it: the log's row follows within moments.
    await vi.waitFor(async () =>
      expect(await latest('mapping.auto_stop')).toMatchObject({
        actor: 'system',
        actor_user_id: null,
        object_type: 'mapping',
        object_id: m.id,
        detail: { reason: 'max_loss', running_status: 0 },
        ip: null,
      }),
    );
  });
});

describe('the console: risk, reference data, market data', () => {
  it('records the kill switch and Exit all with what they stopped', async () => {
    await send(admin.token, { method: 'POST', url: '/api/risk/kill-switch', payload: { engaged: true } });
    expect(await latest('kill_switch.engage')).toMatchObject({
      actor: admin.username,
      object_type: 'kill_switch',
      changes: { engaged: { before: false, after: true } },
      detail: { stopped_strategies: expect.any(Number), closed_legs: expect.any(Number) },
    });
    await send(admin.token, { method: 'POST', url: '/api/risk/kill-switch', payload: { engaged: false } });
    expect((await latest('kill_switch.release')).changes).toEqual({ engaged: { before: true, after: false } });

    await send(owner.token, { method: 'POST', url: '/api/strategies/user-mappings/exit-all' });
    expect(await latest('mapping.exit_all')).toMatchObject({
      actor: owner.username,
      object_id: owner.id,
      detail: { stopped_strategies: expect.any(Number) },
    });
  });

  it("records a user's daily loss limit, set by themselves or by an admin", async () => {
    await send(owner.token, { method: 'PUT', url: '/api/risk/limits', payload: { daily_max_loss: 10000 } });
    expect(await latest('limits.update')).toMatchObject({
      actor: owner.username,
      object_id: owner.id,
      changes: { daily_max_loss_paise: { before: null, after: 1000000 } },
    });
    await send(admin.token, {
      method: 'PUT',
      url: '/api/risk/limits',
      payload: { daily_max_loss: null, user_id: owner.id },
    });
    expect(await latest('limits.update')).toMatchObject({
      actor: admin.username,
      object_id: owner.id,
      changes: { daily_max_loss_paise: { before: 1000000, after: null } },
    });
  });

  it('records instruments, holidays and live-data configurations with their fields', async () => {
    const made = await send(admin.token, {
      method: 'POST',
      url: '/api/instruments',
      payload: { name: 'Audit Index', instrument_token: '777001', lot_size: 25 },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect((await latest('instrument.create')).changes).toMatchObject({
      instrument_token: { before: null, after: '777001' },
      lot_size: { before: null, after: 25 },
    });
    await send(admin.token, { method: 'PUT', url: `/api/instruments/${id}`, payload: { lot_size: 30 } });
    expect((await latest('instrument.update')).changes).toEqual({ lot_size: { before: 25, after: 30 } });
    await send(admin.token, { method: 'DELETE', url: `/api/instruments/${id}` });
    expect((await latest('instrument.delete')).object_id).toBe(id);

    const day = await send(admin.token, {
      method: 'POST',
      url: '/api/calendar/holidays',
      payload: { date: '2031-01-26', description: 'Republic Day' },
    });
    const dayId = day.json<{ data: { id: number } }>().data.id;
    expect((await latest('holiday.create')).changes).toMatchObject({
      holiday_date: { before: null, after: '2031-01-26' },
    });
    await send(admin.token, { method: 'DELETE', url: `/api/calendar/holidays/${dayId}` });
    expect((await latest('holiday.delete')).object_id).toBe(dayId);

    const config = await send(admin.token, {
      method: 'POST',
      url: '/api/data/live-configs',
      payload: { source: 'kite', instrument_token: '777002', interval: '5m' },
    });
    const configId = config.json<{ data: { id: number } }>().data.id;
    expect((await latest('live_config.create')).object_id).toBe(configId);
    await send(admin.token, { method: 'PUT', url: `/api/data/live-configs/${configId}`, payload: { interval: '15m' } });
    expect((await latest('live_config.update')).changes).toEqual({ interval: { before: '5m', after: '15m' } });
    await send(admin.token, { method: 'DELETE', url: `/api/data/live-configs/${configId}` });
    expect((await latest('live_config.delete')).object_id).toBe(configId);
  });

  it('records the switches of live sync, its schedule and the RDX service', async () => {
    const calls: Array<[string, string]> = [
      ['/api/live-sync/start', 'live_sync.start'],
      ['/api/live-sync/stop', 'live_sync.stop'],
      ['/api/live-sync/schedule/enable', 'live_sync.schedule_enable'],
      ['/api/live-sync/schedule/disable', 'live_sync.schedule_disable'],
      ['/api/rdx/start', 'rdx_service.start'],
      ['/api/rdx/stop', 'rdx_service.stop'],
      ['/api/instruments/refresh-from-exchange', 'instruments.refresh_from_exchange'],
    ];
    for (const [url, action] of calls) {
      const res = await send(admin.token, { method: 'POST', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(await latest(action), action).toMatchObject({ actor: admin.username, actor_user_id: admin.id });
    }
  });
});

describe('reading the log', () => {
  it('pages newest first and filters by user and action', async () => {
    const all = await audit('limit=500');
    expect(all.total).toBe(all.entries.length);
    const times = all.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    // Within one millisecond (the test clock stands still), the later action first.
    const ids = all.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const page = await audit('limit=2&offset=1');
    expect(page.entries.map((e) => e.id)).toEqual(all.entries.slice(1, 3).map((e) => e.id));
    expect(page.total).toBe(all.total);

    // A trader's name finds everything about them: what they did, and what others did to what they own.
    const mine = await audit(`user=${owner.username}`);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.actor === owner.username || e.owner_username === owner.username)).toBe(true);
    expect(mine.entries.some((e) => e.actor === 'system' && e.action === 'mapping.auto_stop')).toBe(true);
    expect(all.entries.filter((e) => e.owner_username === owner.username).length).toBeGreaterThan(0);
    // A name typed in other capitals finds the same trail.
    expect((await audit(`user=${owner.username.toUpperCase()}`)).total).toBe(mine.total);
    const system = await audit('user=system&action=mapping.auto_stop');
    expect(system.total).toBe(1);
  });

  it("shows a user their own trail: what they did and what was done to theirs, others' addresses hidden", async () => {
    const m = await buildMapping(t, owner);
    await send(admin.token, { method: 'PUT', url: `/api/strategies/user-mappings/${m.id}`, payload: { pe_count: 3 } });
    const res = await t.request({ method: 'GET', url: '/api/audit/mine?limit=500', token: owner.token });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json<{ data: AuditPage }>().data;
    const byAdmin = entries.find((e) => e.action === 'mapping.update' && e.object_id === m.id);
    expect(byAdmin).toMatchObject({ actor: admin.username, ip: null, changes: { pe_count: { before: 1, after: 3 } } });
    expect(entries.find((e) => e.action === 'mapping.auto_stop')?.actor).toBe('system');
    expect(entries.find((e) => e.action === 'broker_account.create')?.ip).toBe('10.20.30.40');
    const others = entries.filter(
      (e) => e.actor_user_id !== owner.id && e.actor !== 'system' && e.actor !== admin.username,
    );
    expect(others).toEqual([]);

    const stranger = await buildUser(t);
    const theirs = await t.request({ method: 'GET', url: '/api/audit/mine', token: stranger.token });
    expect(theirs.json<{ data: AuditPage }>().data.total).toBe(0);
  });

  it('is for admins only; a user reads only their own trail', async () => {
    expect((await t.request({ method: 'GET', url: '/api/audit', token: owner.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/audit/mine' })).statusCode).toBe(401);
  });

  it('never holds a password, a token or an app code', async () => {
    const rows = await t.database.db.selectFrom('auditLog').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(30);
    for (const secret of [...secrets, admin.password, admin.token, owner.token]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_hash|_sealed"/);
  });
});
