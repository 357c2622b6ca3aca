import { labelOf, MSG, usernameTakenOtherCase } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildRunningPaperMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t, { username: 'chief' });
});
afterEach(async () => {
  await t.close();
});

const countUsers = async () => (await t.services.users.list()).length;
const signIn = (username: string, password: string, ip = '10.9.9.9') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('users API', () => {
  it('lists users for an admin without password fields', async () => {
    await buildUser(t, { username: 'dora' });
    const res = await t.request({ method: 'GET', url: '/api/users', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { username: string }) => u.username)).toEqual(['chief', 'dora']);
    expect(res.body).not.toMatch(/password/i);
  });

  it('is 401 without a session and 403 for a user', async () => {
    const u = await buildUser(t);
    expect((await t.request({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/api/users', token: u.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Admin access required');
  });

  it('creates a user who can then log in', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/users',
      token: admin.token,
      payload: { username: 'eve', password: 'eve-Chose-2-words', role: 'user' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ username: 'eve', role: 'user' });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'eve', password: 'eve-Chose-2-words' },
    });
    expect(login.json().data.user.role).toBe('user');
  });

  it('refuses a duplicate username with 409 and writes nothing', async () => {
    const before = await countUsers();
    const res = await t.request({
      method: 'POST',
      url: '/api/users',
      token: admin.token,
      payload: { username: 'chief', password: 'whatever-Pass-77', role: 'user' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Username already exists');
    expect(await countUsers()).toBe(before);
  });

  it('two creates of one name in different capitals at once: one is made, the other refused', async () => {
    const replies = await Promise.all(
      ['Hal', 'hal'].map((username) =>
        t.request({
          method: 'POST',
          url: '/api/users',
          token: admin.token,
          payload: { username, password: 'hal-Blue-Kettle', role: 'user' },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const names = (await t.request({ method: 'GET', url: '/api/users', token: admin.token })).json().data as Array<{
      username: string;
    }>;
    expect(names.filter((u) => u.username.toLowerCase() === 'hal')).toHaveLength(1);
  });

  it('refuses a name that differs from an existing one only in letter case, on create and on rename', async () => {
    const before = await countUsers();
    const created = await t.request({
      method: 'POST',
      url: '/api/users',
      token: admin.token,
      payload: { username: 'Chief', password: 'whatever-Pass-77', role: 'user' },
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().error).toBe(usernameTakenOtherCase('chief'));
    expect(await countUsers()).toBe(before);
    const gus = await buildUser(t, { username: 'gus' });
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/users/${gus.id}`,
      token: admin.token,
      payload: { username: 'CHIEF' },
    });
    expect(renamed.statusCode).toBe(409);
    // A user may change the case of their own name.
    const own = await t.request({
      method: 'PUT',
      url: `/api/users/${gus.id}`,
      token: admin.token,
      payload: { username: 'Gus' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.username).toBe('Gus');
  });

  it.each([
    [{ password: 'frank-Pa55word', role: 'user' }, 'username'],
    [{ username: 'frank', role: 'user' }, 'password'],
    [{ username: 'frank', password: 'short', role: 'user' }, 'password'],
    [{ username: 'frank', password: 'frank-Pa55word', role: 'boss' }, 'role'],
    [{ username: 'bad name!', password: 'frank-Pa55word', role: 'user' }, 'username'],
  ])('rejects %o naming %s and writes nothing', async (payload, field) => {
    const before = await countUsers();
    const res = await t.request({ method: 'POST', url: '/api/users', token: admin.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(labelOf(field));
    expect(await countUsers()).toBe(before);
  });

  it.each(['password123', 'Qwerty123', 'iloveyou1'])(
    'refuses to create a user with the common password %s, and writes nothing',
    async (password) => {
      const before = await countUsers();
      const res = await t.request({
        method: 'POST',
        url: '/api/users',
        token: admin.token,
        payload: { username: 'frank', password, role: 'user' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: MSG.passwordTooCommon, code: 'VALIDATION_FAILED' });
      expect(await countUsers()).toBe(before);
    },
  );

  it("refuses an admin's reset to a common password: the old one still works and no session ends", async () => {
    const u = await buildUser(t, { username: 'ivy', password: 'ivy-own-Pa55' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { password: 'sunshine1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.passwordTooCommon);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: u.token })).statusCode).toBe(200);
    const common = { username: 'ivy', password: 'sunshine1' };
    expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: common })).statusCode).toBe(401);
    const own = { username: 'ivy', password: 'ivy-own-Pa55' };
    expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: own })).statusCode).toBe(200);
  });

  it('a user an admin creates must replace the password the admin chose at their first sign-in', async () => {
    await t.request({
      method: 'POST',
      url: '/api/users',
      token: admin.token,
      payload: { username: 'jack', password: 'jack-Blue-Kettle', role: 'user' },
    });
    const login = await signIn('jack', 'jack-Blue-Kettle');
    expect(login.json().data.user).toMatchObject({ username: 'jack', must_change_password: true });
    const token = login.json().data.token as string;
    expect((await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token })).statusCode).toBe(428);
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { current_password: 'jack-Blue-Kettle', new_password: 'jack-chose-this-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token })).statusCode).toBe(200);
    expect((await signIn('jack', 'jack-chose-this-1')).json().data.user).not.toHaveProperty('must_change_password');
  });

  it("an admin's password reset must be replaced at the user's next sign-in; a rename or role change need not", async () => {
    const u = await buildUser(t, { username: 'kate', password: 'kate-own-Pa55' });
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { username: 'kate2' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await signIn('kate2', 'kate-own-Pa55')).json().data.user).not.toHaveProperty('must_change_password');
    const reset = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { password: 'reset-by-Admin-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('kate2', 'reset-by-Admin-1')).json().data.user).toMatchObject({ must_change_password: true });
  });

  it('gets, updates and deletes a user', async () => {
    const u = await buildUser(t, { username: 'gina' });
    const got = await t.request({ method: 'GET', url: `/api/users/${u.id}`, token: admin.token });
    expect(got.json().data).toEqual({ id: u.id, username: 'gina', role: 'user' });
    const upd = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { username: 'gina2', role: 'admin' },
    });
    expect(upd.json().data).toEqual({ id: u.id, username: 'gina2', role: 'admin' });
    const del = await t.request({ method: 'DELETE', url: `/api/users/${u.id}`, token: admin.token });
    expect(del.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/users/${u.id}`, token: admin.token })).statusCode).toBe(404);
    // Their session went with them.
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: u.token })).statusCode).toBe(401);
  });

  it('refuses to delete a user who still trades, and deletes them once their strategy is exited', async () => {
    const trader = await buildUser(t, { username: 'ivy' });
    const id = await buildRunningPaperMapping(t, trader);
    // 15m close on NIFTY 50 at 10:30 IST: the strategy enters and holds two legs.
    await t.services.engine.evaluate('256265', '15m', 2450000, Date.parse('2026-11-23T05:00:00Z'));
    const deleteIvy = () => t.request({ method: 'DELETE', url: `/api/users/${trader.id}`, token: admin.token });
    const refused = await deleteIvy();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MSG.userStillTrading);
    const fills = await t.request({ method: 'GET', url: '/api/transactions', token: trader.token });
    expect(fills.json().data.transactions.length).toBe(2);

    // Stopped but still holding its legs is still trading.
    await t.services.mappings.setRunningStatus({ userId: trader.id, role: 'user' }, id, 0);
    expect((await deleteIvy()).statusCode).toBe(409);

    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: trader.token,
    });
    expect(exit.statusCode, exit.body).toBe(200);
    expect((await deleteIvy()).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/users/${trader.id}`, token: admin.token })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete yourself', async () => {
    const res = await t.request({ method: 'DELETE', url: `/api/users/${admin.id}`, token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('You cannot delete your own account');
    expect(await countUsers()).toBe(1);
  });

  it('keeps the last admin: no demotion of the only admin', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      token: admin.token,
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(409);
    expect((await t.services.users.get(admin.id)).role).toBe('admin');
  });

  it('lets another admin delete an admin while one remains', async () => {
    const second = await buildAdmin(t);
    const res = await t.request({ method: 'DELETE', url: `/api/users/${admin.id}`, token: second.token });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a taken username on update and a non-numeric id', async () => {
    const u = await buildUser(t, { username: 'hank' });
    const taken = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { username: 'chief' },
    });
    expect(taken.statusCode).toBe(409);
    const bad = await t.request({ method: 'GET', url: '/api/users/abc', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('id');
  });
});

describe('sign-in locks on the users list (issue 27)', () => {
  const listed = async (username: string) => {
    const res = await t.request({ method: 'GET', url: '/api/users', token: admin.token });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<{ username: string }>).find((u) => u.username === username);
  };

  it('shows failed sign-ins, and from the fifth when the lock ends', async () => {
    const u = await buildUser(t, { username: 'liam' });
    expect(await listed('liam')).toEqual({
      id: u.id,
      username: 'liam',
      role: 'user',
      locked_until: null,
      failed_logins: 0,
    });
    for (let i = 0; i < 4; i++) await signIn('liam', 'not-his-password', `10.8.${i}.1`);
    expect(await listed('liam')).toMatchObject({ locked_until: null, failed_logins: 4 });
    t.clock.advance(60_000);
    await signIn('LIAM', 'not-his-password', '10.8.9.1');
    // The first failure leaves the window 15 minutes after it was made: the lock ends then.
    expect(await listed('liam')).toMatchObject({
      failed_logins: 5,
      locked_until: new Date(t.clock.now() - 60_000 + 15 * 60_000).toISOString(),
    });
  });

  it("an admin's unlock ends the lock and is on the audit log; a wrong password is an ordinary one again", async () => {
    const u = await buildUser(t, { username: 'mona' });
    for (let i = 0; i < 6; i++) await signIn('mona', 'not-her-password', `10.7.${i}.1`);
    expect((await signIn('mona', 'not-her-password', '10.7.9.1')).statusCode).toBe(429);

    const res = await t.request({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: u.id, username: 'mona', role: 'user', locked_until: null, failed_logins: 0 });
    expect(await listed('mona')).toMatchObject({ locked_until: null, failed_logins: 0 });
    expect((await signIn('mona', 'not-her-password', '10.7.9.2')).statusCode).toBe(401);

    const log = await t.request({ method: 'GET', url: '/api/audit?action=user.unlock&limit=5', token: admin.token });
    expect(log.json().data.entries).toEqual([
      expect.objectContaining({ actor: 'chief', action: 'user.unlock', object_type: 'user', object_id: u.id }),
    ]);
  });

  it('unlock is for admins only, and 404 for a user that does not exist', async () => {
    const u = await buildUser(t);
    expect((await t.request({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: u.token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'POST', url: `/api/users/${u.id}/unlock` })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/users/99999/unlock', token: admin.token })).statusCode).toBe(
      404,
    );
  });
});
