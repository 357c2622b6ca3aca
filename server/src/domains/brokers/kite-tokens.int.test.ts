import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { sandboxTotpCode, SANDBOX_USER_PASSWORD } from '../../sandbox/sandbox-accounts.js';
import { BROKER_LOGIN_LIMITS } from './broker-login-attempts.js';
// The Kite adapter words a refused login (one sentence for any refused credentials).
import { KITE_LOGIN_REFUSED } from './adapters/kite/kite-broker.js';

/*
 * Token generation relays a password and a TOTP code to Kite (issue 27). It must not be a way to guess
 * either: one answer for any refused login, and a limit per console user and per Kite account, answered 429
 * with the wait.
 */

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const code = () => sandboxTotpCode(t.clock.now());
/** A code that is not the current one (nor the one before or after it). */
const wrongCode = () => (Number(code()) + 500_000).toString().slice(-6).padStart(6, '0');

const generate = (user: TestUser, accountId: number, password: string, appcode: string) =>
  t.request({
    method: 'POST',
    url: `/api/brokers/user-brokers/${accountId}/generate-token`,
    token: user.token,
    payload: { password, appcode },
  });

const accountOf = async (user: TestUser, brokerUsername?: string) =>
  (await buildUserBroker(t, user, brokerUsername ? { broker_username: brokerUsername } : {})).id;

describe('Kite token generation', () => {
  it('answers a wrong password and a wrong App Code in the same words', async () => {
    const account = await accountOf(owner, 'KT1001');
    const wrongPassword = await generate(owner, account, 'not-the-password', code());
    const wrongAppCode = await generate(owner, account, SANDBOX_USER_PASSWORD, wrongCode());
    for (const res of [wrongPassword, wrongAppCode]) {
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([400, KITE_LOGIN_REFUSED]);
    }
    expect(wrongPassword.body).toBe(wrongAppCode.body);
    // The right ones still work, and a success forgets the account's failures.
    expect((await generate(owner, account, SANDBOX_USER_PASSWORD, code())).statusCode).toBe(200);
  });

  it('relays at most the per-account limit of a burst to Kite; the rest are told to wait', async () => {
    const account = await accountOf(owner, 'KT1002');
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => generate(owner, account, 'not-the-password', code())),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(BROKER_LOGIN_LIMITS.account);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - BROKER_LOGIN_LIMITS.account);
    const limited = burst.find((r) => r.statusCode === 429);
    expect(limited?.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many Kite login attempts. Try again in 15 minutes.',
    });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // The right password and code wait too: the account's attempts are spent, whoever makes the next one.
    const other = await buildUser(t);
    const sameKiteAccount = await accountOf(other, 'KT1002');
    expect((await generate(other, sameKiteAccount, SANDBOX_USER_PASSWORD, code())).statusCode).toBe(429);
    // Once the window has passed, it works.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await generate(other, sameKiteAccount, SANDBOX_USER_PASSWORD, code())).statusCode).toBe(200);
  });

  it("limits a console user's attempts across Kite accounts", async () => {
    for (let i = 0; i < BROKER_LOGIN_LIMITS.user; i++) {
      const res = await generate(owner, await accountOf(owner), 'not-the-password', code());
      expect(res.statusCode).toBe(400);
    }
    const next = await generate(owner, await accountOf(owner), SANDBOX_USER_PASSWORD, code());
    expect(next.statusCode).toBe(429);
    // Another trader is not held up by this one.
    const other = await buildUser(t);
    expect((await generate(other, await accountOf(other), SANDBOX_USER_PASSWORD, code())).statusCode).toBe(200);
  });

  it("limits the admin's market-data token the same way", async () => {
    const admin = await buildAdmin(t);
    const attempt = (appCode: string) =>
      t.request({ method: 'POST', url: '/api/brokers/generate-kite-token', token: admin.token, payload: { appCode } });
    for (let i = 0; i < BROKER_LOGIN_LIMITS.account; i++) {
      const res = await attempt(wrongCode());
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([400, KITE_LOGIN_REFUSED]);
    }
    expect((await attempt(code())).statusCode).toBe(429);
  });
});
