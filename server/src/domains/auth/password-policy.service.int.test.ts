import { MSG } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const PRINTED = 'printed-At-first-start';
const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const changePassword = (token: string, current_password: string, new_password: string) =>
  t.request({ method: 'POST', url: '/api/auth/change-password', token, payload: { current_password, new_password } });
const countUsers = async () => (await t.services.users.list()).length;

/** First start on an empty database without ADMIN_PASSWORD: the admin gets a generated, printed password. */
async function firstStartAdmin() {
  const created = await t.services.users.ensureAdmin('root', undefined, () => PRINTED);
  expect(created).toEqual({ username: 'root', password: PRINTED, generated: true });
  const res = await login('root', PRINTED);
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; user: { id: number; must_change_password?: boolean } };
}

describe('the first-start admin must change the printed password', () => {
  it('login and verify say so; every other route answers 428 until then, even with a bad body', async () => {
    const { token, user } = await firstStartAdmin();
    expect(user.must_change_password).toBe(true);
    const verify = await t.request({ method: 'POST', url: '/api/auth/verify', token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.user).toMatchObject({ username: 'root', must_change_password: true });

    const list = await t.request({ method: 'GET', url: '/api/users', token });
    expect(list.statusCode).toBe(428);
    expect(list.json()).toEqual({
      success: false,
      error: MSG.passwordChangeRequired,
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    const before = await countUsers();
    for (const payload of [{ username: 'x', password: 'x-Pa55word-ok', role: 'user' }, { nonsense: true }]) {
      const create = await t.request({ method: 'POST', url: '/api/users', token, payload });
      expect(create.statusCode).toBe(428);
    }
    expect(await countUsers()).toBe(before);
    expect((await t.request({ method: 'GET', url: '/api/instruments/list', token })).statusCode).toBe(428);
    // The session itself stays valid: refused, not signed out.
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token })).statusCode).toBe(200);
  });

  it('refuses the printed password again and a common one, then a new one lifts the gate', async () => {
    const { token } = await firstStartAdmin();
    const same = await changePassword(token, PRINTED, PRINTED);
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe(MSG.passwordMustDiffer);
    const common = await changePassword(token, PRINTED, 'Password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toBe(MSG.passwordTooCommon);
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(428);

    const ok = await changePassword(token, PRINTED, 'my-own-Root-pass');
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(200);
    const verify = await t.request({ method: 'POST', url: '/api/auth/verify', token });
    expect(verify.json().data.user).not.toHaveProperty('must_change_password');
    expect((await login('root', PRINTED)).statusCode).toBe(401);
    const again = await login('root', 'my-own-Root-pass');
    expect(again.json().data.user).toEqual({ id: expect.any(Number), username: 'root', role: 'admin' });
  });

  it('may still sign out while the change is pending', async () => {
    const { token } = await firstStartAdmin();
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token })).statusCode).toBe(401);
  });

  it('an admin from ADMIN_PASSWORD is not asked to change it (the operator chose it)', async () => {
    expect(await t.services.users.ensureAdmin('root', 'operator-Chosen-pw', () => PRINTED)).toMatchObject({
      generated: false,
    });
    const res = await login('root', 'operator-Chosen-pw');
    expect(res.json().data.user).not.toHaveProperty('must_change_password');
    expect((await t.request({ method: 'GET', url: '/api/users', token: res.json().data.token })).statusCode).toBe(200);
  });

  it('a common or short ADMIN_PASSWORD stops the first start with the reason, creating nobody', async () => {
    await expect(t.services.users.ensureAdmin('root', 'admin123', () => PRINTED)).rejects.toThrow(
      `ADMIN_PASSWORD is refused: ${MSG.passwordTooCommon}`,
    );
    await expect(t.services.users.ensureAdmin('root', 'short', () => PRINTED)).rejects.toThrow(MSG.passwordTooShort);
    expect(await countUsers()).toBe(0);
  });
});

describe("a user's own password change", () => {
  it('refuses a common new password and keeps the old one and the other sessions', async () => {
    const u = await buildUser(t, { username: 'kim', password: 'kim-own-Pa55' });
    const other = await t.services.auth.login({ username: 'kim', password: 'kim-own-Pa55' }, '10.1.1.1');
    const res = await changePassword(u.token, 'kim-own-Pa55', 'football1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MSG.passwordTooCommon, code: 'VALIDATION_FAILED' });
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: other.token })).statusCode).toBe(200);
    expect((await login('kim', 'football1')).statusCode).toBe(401);
    expect((await login('kim', 'kim-own-Pa55')).statusCode).toBe(200);
  });
});
