// The audit log (issue 13) of sign-ins, passwords, users, broker accounts and tokens: on record, their secrets never.
import { AUDIT_CHANGED, AUDIT_HIDDEN } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { useAuditTrail } from '../../../test/audit-trail.js';
import { buildUser, buildUserBroker } from '../../../test/factories.js';
import { SANDBOX_USER_PASSWORD, sandboxTotpCode } from '../../sandbox/sandbox-accounts.js';

const trail = useAuditTrail();
const { send, latest, secrets } = trail;
/** Fewer rows than these stories put on record: the secrets check must have rows to read. */
const MIN_ROWS = 10;

describe('sign-in and sign-out', () => {
  it('records a sign-in with the user and address, a refused one with the name tried, and a sign-out', async () => {
    const user = await buildUser(trail.t);
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
    const user = await buildUser(trail.t);
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
    const made = await send(trail.admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { username: 'audited1', password: 'Cr3ated-Pa55', role: 'user' },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    secrets.push('Cr3ated-Pa55', 'Res3t-Pa55word');
    expect(await latest('user.create')).toMatchObject({
      actor: trail.admin.username,
      object_type: 'user',
      object_id: id,
      changes: { username: { before: null, after: 'audited1' }, role: { before: null, after: 'user' } },
    });

    await send(trail.admin.token, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { role: 'admin', password: 'Res3t-Pa55word' },
    });
    const update = await latest('user.update');
    expect(update.changes).toEqual({
      role: { before: 'user', after: 'admin' },
      password: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
    });

    await send(trail.admin.token, { method: 'PUT', url: `/api/users/${id}`, payload: { role: 'user' } });
    await send(trail.admin.token, { method: 'DELETE', url: `/api/users/${id}` });
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
    const made = await send(trail.owner.token, {
      method: 'POST',
      url: '/api/brokers/user-brokers',
      payload: { broker_id: 1, broker_username: 'AU1234', api_key: apiKey, api_secret: apiSecret },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect(await latest('broker_account.create')).toMatchObject({
      actor: trail.owner.username,
      object_type: 'user_broker',
      object_id: id,
      changes: {
        broker_username: { before: null, after: 'AU1234' },
        has_api_key: { before: null, after: true },
        api_secret: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
      },
    });

    await send(trail.owner.token, {
      method: 'PUT',
      url: `/api/brokers/user-brokers/${id}`,
      payload: { broker_token: token },
    });
    expect((await latest('broker_account.update')).changes).toMatchObject({
      has_broker_token: { before: false, after: true },
      broker_token: { before: AUDIT_HIDDEN, after: AUDIT_CHANGED },
    });

    await send(trail.owner.token, { method: 'DELETE', url: `/api/brokers/user-brokers/${id}` });
    expect(await latest('broker_account.delete')).toMatchObject({ object_id: id });
  });

  it('records token generation, for a user account and for the console, without password or app code', async () => {
    const broker = await buildUserBroker(trail.t, trail.owner);
    const appcode = sandboxTotpCode(trail.t.clock.now());
    secrets.push(SANDBOX_USER_PASSWORD);
    const res = await send(trail.owner.token, {
      method: 'POST',
      url: `/api/brokers/user-brokers/${broker.id}/generate-token`,
      payload: { password: SANDBOX_USER_PASSWORD, appcode },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest('broker_token.generate')).toMatchObject({
      object_id: broker.id,
      changes: { has_broker_token: { before: false, after: true } },
    });

    const kite = await send(trail.admin.token, {
      method: 'POST',
      url: '/api/brokers/generate-kite-token',
      payload: { appCode: appcode },
    });
    expect(kite.statusCode, kite.body).toBe(200);
    const entry = await latest('kite_token.generate');
    expect(entry.actor).toBe(trail.admin.username);
    expect(JSON.stringify(entry)).not.toContain(appcode);
  });
});

it('never holds a password, a token or an app code', () => trail.expectNoSecrets(MIN_ROWS));
