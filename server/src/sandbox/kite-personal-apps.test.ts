import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kiteSessionChecksum } from '../protocols/kite-rest.js';
import { form, jsonOf, startTestSandbox } from '../../test/sandbox-helpers.js';
import { sandboxPersonalApp, sandboxPersonalAppOwner } from './sandbox-accounts.js';
import type { SandboxExchange } from './sandbox-exchange.js';

/*
 * A user's own Kite Connect app (issue 12): as at Kite, a personal app logs in its owner only, its session
 * exchange is signed with its own secret, and its access tokens work with its own api_key only.
 */

let sandbox: SandboxExchange;
beforeEach(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterEach(async () => {
  await sandbox.close();
});

const OWNER = 'PA1234';
const app = sandboxPersonalApp(OWNER) ?? { apiKey: '', apiSecret: '' };

/** Password and TOTP for `userId`, then `/connect/login` with `apiKey`; the raw reply. */
async function connect(userId: string, apiKey: string) {
  const { kiteLogin } = sandbox.urls;
  const password = sandbox.credentials.userPassword;
  const login = await jsonOf(
    await fetch(`${kiteLogin}/api/login`, { method: 'POST', ...form({ user_id: userId, password }) }),
  );
  const twofa = await fetch(`${kiteLogin}/api/twofa`, {
    method: 'POST',
    ...form({
      user_id: userId,
      request_id: login.data.request_id,
      twofa_value: sandbox.control.totpCode(),
      twofa_type: 'totp',
    }),
  });
  const cookie = (twofa.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return fetch(`${kiteLogin}/connect/login?api_key=${apiKey}&v=3`, { headers: { Cookie: cookie }, redirect: 'manual' });
}

async function requestTokenFor(userId: string, apiKey: string): Promise<string> {
  const res = await connect(userId, apiKey);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '').searchParams.get('request_token') ?? '';
}

const exchange = async (apiKey: string, requestToken: string, secret: string) => {
  const res = await fetch(`${sandbox.urls.kiteApi}/session/token`, {
    method: 'POST',
    ...form({
      api_key: apiKey,
      request_token: requestToken,
      checksum: kiteSessionChecksum(apiKey, requestToken, secret),
    }),
  });
  return { status: res.status, body: await jsonOf(res) };
};

const profileWith = async (apiKey: string, accessToken: string) => {
  const res = await fetch(`${sandbox.urls.kiteApi}/user/profile`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token ${apiKey}:${accessToken}` },
  });
  return { status: res.status, body: await jsonOf(res) };
};

describe('personal Kite Connect apps', () => {
  it('are documented per user id and name their owner', () => {
    expect(app).toEqual({ apiKey: 'sbxpa1234key', apiSecret: 'sbxpa1234secret' });
    expect(sandboxPersonalAppOwner('sbxpa1234key')).toBe(OWNER);
    expect(sandboxPersonalAppOwner('sandbox_api_key')).toBeNull();
    expect(sandboxPersonalApp('SB0001')).not.toBeNull();
    expect(sandboxPersonalApp('not-kite')).toBeNull();
  });

  it("log in their owner, signed with the app's own secret; the console's secret does not match", async () => {
    const rt = await requestTokenFor(OWNER, app.apiKey);
    const signedWithConsole = await exchange(app.apiKey, rt, sandbox.credentials.kiteApiSecret);
    expect(signedWithConsole).toEqual({
      status: 403,
      body: { status: 'error', message: 'Invalid `checksum`.', data: null, error_type: 'TokenException' },
    });
    const good = await exchange(app.apiKey, rt, app.apiSecret);
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ user_id: OWNER, api_key: app.apiKey });
    expect((await profileWith(app.apiKey, good.body.data.access_token)).body.data.user_id).toBe(OWNER);
  });

  it("refuse their tokens with another app's api_key, and the console's tokens with theirs", async () => {
    const own = await exchange(app.apiKey, await requestTokenFor(OWNER, app.apiKey), app.apiSecret);
    const withConsoleKey = await profileWith(sandbox.credentials.kiteApiKey, own.body.data.access_token);
    expect(withConsoleKey).toEqual({
      status: 403,
      body: {
        status: 'error',
        message: 'Incorrect `api_key` or `access_token`.',
        data: null,
        error_type: 'TokenException',
      },
    });
    const consoleToken = sandbox.control.issueKiteAccessToken(OWNER);
    expect((await profileWith(app.apiKey, consoleToken)).status).toBe(403);
    expect((await profileWith(sandbox.credentials.kiteApiKey, consoleToken)).status).toBe(200);
    // The control hook can issue one for the owner's own app too, which works with that app's key only.
    const ownToken = sandbox.control.issueKiteAccessToken(OWNER, 'own');
    expect((await profileWith(app.apiKey, ownToken)).status).toBe(200);
    expect((await profileWith(sandbox.credentials.kiteApiKey, ownToken)).status).toBe(403);
  });

  it('do not redeem a request token another app asked for, even with a valid checksum', async () => {
    const rt = await requestTokenFor(OWNER, sandbox.credentials.kiteApiKey);
    const res = await exchange(app.apiKey, rt, app.apiSecret);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error_type: 'TokenException', message: 'Token is invalid or has expired.' });
  });

  it('refuse to log in anyone but their owner, and unknown keys', async () => {
    const other = await connect('OT9876', app.apiKey);
    expect(other.status).toBe(400);
    expect(other.headers.get('location')).toBeNull();
    expect(await jsonOf(other)).toMatchObject({ status: 'error', error_type: 'InputException' });
    const unknown = await connect(OWNER, 'sbxzz0000nokey');
    expect(unknown.status).toBe(400);
    expect((await jsonOf(unknown)).message).toBe('Invalid `api_key`.');
  });
});
