import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (username: string, password: string, ip = '1.2.3.4') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('returns a token and the user, never the password', async () => {
    const admin = await buildAdmin(t, { username: 'root1', password: 'root-Secret-Kettle' });
    const res = await login('root1', 'root-Secret-Kettle');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toEqual({ id: admin.id, username: 'root1', role: 'admin' });
    expect(typeof body.data.token).toBe('string');
    expect(res.body).not.toContain('root-Secret-Kettle');
    expect(res.body).not.toContain('passwordHash');
  });

  it('refuses a wrong password with the server message', async () => {
    await buildUser(t, { username: 'alice', password: 'right-Password-ok' });
    const res = await login('alice', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'Invalid username or password' });
  });

  it('names the missing field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Password is required');
  });

  it('locks an address that tries many usernames', async () => {
    for (let i = 0; i < 20; i++) await login(`ghost${i}`, 'nope', '7.7.7.7');
    expect((await login('ghost-next', 'nope', '7.7.7.7')).statusCode).toBe(429);
    expect((await login('ghost-next', 'nope', '7.7.7.8')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/verify and /logout', () => {
  it('verifies a live token and returns the user', async () => {
    const u = await buildUser(t, { username: 'carol' });
    const res = await t.request({ method: 'POST', url: '/api/auth/verify', token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({ id: u.id, username: 'carol', role: 'user' });
  });

  it('gives 401 without a token, with a forged one, and after logout', async () => {
    const u = await buildUser(t);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify' })).statusCode).toBe(401);
    const forged = `${u.token.split('.')[0]}.AAAA`;
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: forged })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: u.token })).statusCode).toBe(200);
    const after = await t.request({ method: 'POST', url: '/api/auth/verify', token: u.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('expires a session after its lifetime', async () => {
    const u = await buildUser(t);
    t.clock.advance(25 * 3600 * 1000);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: u.token })).statusCode).toBe(401);
  });

  it('revokes sessions when the password changes', async () => {
    const admin = await buildAdmin(t);
    const u = await buildUser(t);
    const res = await t.request({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      token: admin.token,
      payload: { password: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify', token: u.token })).statusCode).toBe(401);
    expect((await login(u.username, 'brand-new-pass')).statusCode).toBe(200);
  });
});
