// Reading the audit log (issue 13): the admin's pages and filters and a trader's own trail, over a trail seeded here.
import { RUNNING_STATUS, type AuditPage } from '@app/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { as, useAuditTrail } from '../../../test/audit-trail.js';
import { buildMapping, buildRdxConfig, buildUser } from '../../../test/factories.js';

/*
 * The audit log (issue 13): every control action through the API is on record with its author, its object,
 * the fields it changed and the caller's address; automatic stops by `system`; secrets never. What each kind of
 * action records is told by the stories beside this file (audit-credentials, audit-strategies, audit-console).
 */

const trail = useAuditTrail();
const { send, audit, secrets } = trail;
/** Fewer rows than the seed and these tests put on record: the secrets check must have rows to read. */
const MIN_ROWS = 5;

/**
 * A trail to read: the owner signs in and adds a broker account (from 10.20.30.40), the console stops one of
 * their strategies by itself at its max loss, and the admin engages and releases the kill switch.
 */
beforeAll(async () => {
  const { owner, admin, t } = trail;
  const signIn = await send(undefined, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: owner.username, password: owner.password },
  });
  secrets.push(owner.password, signIn.json<{ data: { token: string } }>().data.token);
  const apiSecret = 'apisecret9876543210';
  secrets.push(apiSecret);
  await send(owner.token, {
    method: 'POST',
    url: '/api/brokers/user-brokers',
    payload: { broker_id: 1, broker_username: 'AU1234', api_key: 'apikey0123456789', api_secret: apiSecret },
  });
  const m = await buildMapping(t, owner);
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(as(owner), m.id, RUNNING_STATUS.RUNNING);
  await t.services.mappings.setRunningStatus(as(owner), m.id, RUNNING_STATUS.STOPPED, undefined, 'max_loss');
  // The stop is published after its write, not awaited by it: the log's row follows within moments.
  await vi.waitFor(async () => expect((await audit('action=mapping.auto_stop')).total).toBe(1));
  await send(admin.token, { method: 'POST', url: '/api/risk/kill-switch', payload: { engaged: true } });
  await send(admin.token, { method: 'POST', url: '/api/risk/kill-switch', payload: { engaged: false } });
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
    const mine = await audit(`user=${trail.owner.username}`);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(
      mine.entries.every((e) => e.actor === trail.owner.username || e.owner_username === trail.owner.username),
    ).toBe(true);
    expect(mine.entries.some((e) => e.actor === 'system' && e.action === 'mapping.auto_stop')).toBe(true);
    expect(all.entries.filter((e) => e.owner_username === trail.owner.username).length).toBeGreaterThan(0);
    // A name typed in other capitals finds the same trail.
    expect((await audit(`user=${trail.owner.username.toUpperCase()}`)).total).toBe(mine.total);
    const system = await audit('user=system&action=mapping.auto_stop');
    expect(system.total).toBe(1);
  });

  it("shows a user their own trail: what they did and what was done to theirs, others' addresses hidden", async () => {
    const m = await buildMapping(trail.t, trail.owner);
    await send(trail.admin.token, {
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}`,
      payload: { pe_count: 3 },
    });
    const res = await trail.t.request({ method: 'GET', url: '/api/audit/mine?limit=500', token: trail.owner.token });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json<{ data: AuditPage }>().data;
    const byAdmin = entries.find((e) => e.action === 'mapping.update' && e.object_id === m.id);
    expect(byAdmin).toMatchObject({
      actor: trail.admin.username,
      ip: null,
      changes: { pe_count: { before: 1, after: 3 } },
    });
    expect(entries.find((e) => e.action === 'mapping.auto_stop')?.actor).toBe('system');
    expect(entries.find((e) => e.action === 'broker_account.create')?.ip).toBe('10.20.30.40');
    const others = entries.filter(
      (e) => e.actor_user_id !== trail.owner.id && e.actor !== 'system' && e.actor !== trail.admin.username,
    );
    expect(others).toEqual([]);

    const stranger = await buildUser(trail.t);
    const theirs = await trail.t.request({ method: 'GET', url: '/api/audit/mine', token: stranger.token });
    expect(theirs.json<{ data: AuditPage }>().data.total).toBe(0);
  });

  it('is for admins only; a user reads only their own trail', async () => {
    expect((await trail.t.request({ method: 'GET', url: '/api/audit', token: trail.owner.token })).statusCode).toBe(
      403,
    );
    expect((await trail.t.request({ method: 'GET', url: '/api/audit/mine' })).statusCode).toBe(401);
  });

  it('never holds a password, a token or an app code', () => trail.expectNoSecrets(MIN_ROWS));
});
