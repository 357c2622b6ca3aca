import { MSG } from '@app/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { sandboxPersonalApp, sandboxTotpCode, SANDBOX_USER_PASSWORD } from '../../sandbox/sandbox-accounts.js';

/*
 * A broker account's own Kite Connect app (issue 12): a personal app logs in only its owner, so each account
 * may carry its own api_key and api_secret. They are sealed at rest, never sent back, and used for that
 * account's token generation and live orders; without them the console's app (KITE_API_KEY) is used.
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

const ACCOUNT = 'OA1234';
const APP = sandboxPersonalApp(ACCOUNT) ?? { apiKey: '', apiSecret: '' };
const CONSOLE_KEY = 'sandbox_api_key';
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

const create = (payload: object, user = owner) =>
  t.request({ method: 'POST', url: '/api/brokers/user-brokers', token: user.token, payload });
const update = (id: number, payload: object) =>
  t.request({ method: 'PUT', url: `/api/brokers/user-brokers/${id}`, token: owner.token, payload });
const generateToken = (id: number) =>
  t.request({
    method: 'POST',
    url: `/api/brokers/user-brokers/${id}/generate-token`,
    token: owner.token,
    payload: { password: SANDBOX_USER_PASSWORD, appcode: sandboxTotpCode(t.clock.now()) },
  });

async function ownAppAccount(username = ACCOUNT, app = APP): Promise<number> {
  const res = await create({ broker_id: 1, broker_username: username, api_key: app.apiKey, api_secret: app.apiSecret });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

const storedRow = async (id: number) =>
  (
    await sql<{
      key: string | null;
      secret: string | null;
    }>`select api_key_sealed as key, api_secret_sealed as secret from user_brokers where id = ${id}`.execute(
      t.database.db,
    )
  ).rows[0];

/** A Kite call with `token <apiKey>:<accessToken>`, straight to the sandbox. */
const kiteGet = async (path: string, apiKey: string, accessToken: string) => {
  const res = await fetch(`${t.sandbox.urls.kiteApi}${path}`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token ${apiKey}:${accessToken}` },
  });
  return { status: res.status, body: (await res.json()) as { data: unknown; error_type?: string } };
};

const expectNoSecrets = (body: string) => {
  expect(body).not.toContain(APP.apiKey);
  expect(body).not.toContain(APP.apiSecret);
  expect(body).not.toMatch(/"api_key"|"api_secret"/);
};

describe("a broker account's own Kite app", () => {
  it('is sealed at rest and never sent back: create, list, admin list, update', async () => {
    const res = await create({
      broker_id: 1,
      broker_username: ACCOUNT,
      api_key: `  ${APP.apiKey} `,
      api_secret: APP.apiSecret,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ broker_username: ACCOUNT, has_api_key: true, has_token: false });
    expectNoSecrets(res.body);
    const id = res.json().data.id as number;

    const row = await storedRow(id);
    expect(row?.key).toBeTruthy();
    expect(row?.secret).toBeTruthy();
    expect(`${row?.key}${row?.secret}`).not.toContain(APP.apiKey);
    expect(`${row?.key}${row?.secret}`).not.toContain(APP.apiSecret);
    expect(await t.services.brokers.credentialsOf(id)).toBeNull(); // no token yet

    const list = await t.request({ method: 'GET', url: '/api/brokers/user-brokers', token: owner.token });
    expect(list.json().data).toEqual([expect.objectContaining({ id, has_api_key: true })]);
    expectNoSecrets(list.body);
    const admin = await buildAdmin(t);
    const adminList = await t.request({
      method: 'GET',
      url: `/api/brokers/admin/user-brokers/${owner.id}`,
      token: admin.token,
    });
    expect(adminList.json().data).toEqual([expect.objectContaining({ id, has_api_key: true })]);
    expectNoSecrets(adminList.body);
    const renamed = await update(id, { broker_username: 'OA9999' });
    expect(renamed.json().data).toMatchObject({ broker_username: 'OA9999', has_api_key: true });
    expectNoSecrets(renamed.body);
    const replaced = await update(id, { api_key: APP.apiKey, api_secret: APP.apiSecret });
    expect(replaced.json().data.has_api_key).toBe(true);
    expectNoSecrets(replaced.body);
  });

  it.each([
    [{ api_key: APP.apiKey }, MSG.kiteAppPair],
    [{ api_secret: APP.apiSecret }, MSG.kiteAppPair],
    [{ api_key: APP.apiKey, api_secret: '  ' }, MSG.kiteAppPair],
    [{ api_key: 'has-dash!', api_secret: APP.apiSecret }, 'API Key must be 6 to 64 letters or digits'],
    [{ api_key: APP.apiKey, api_secret: 'abc' }, 'API Secret must be 6 to 64 letters or digits'],
    [{ api_key: APP.apiKey, api_secret: 'x'.repeat(65) }, 'API Secret must be 6 to 64 letters or digits'],
    [{ broker_id: 2, api_key: APP.apiKey, api_secret: APP.apiSecret }, 'for Zerodha (Kite) accounts only'],
  ])('refuses %o with a 400 naming the problem, and writes nothing', async (app, message) => {
    const res = await create({ broker_id: 1, broker_username: ACCOUNT, ...app });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.body).not.toContain(APP.apiSecret);
    expect(await t.services.brokers.listFor(owner.id)).toEqual([]);
  });

  it('is kept when the update leaves it out, removed by empty strings, and a key change drops the token', async () => {
    const id = await ownAppAccount();
    expect((await generateToken(id)).statusCode).toBe(200);
    expect((await update(id, { broker_token: '' })).json().data).toMatchObject({ has_api_key: true, has_token: true });

    // Half a pair on update is refused too, and changes nothing.
    const half = await update(id, { api_secret: APP.apiSecret });
    expect(half.statusCode).toBe(400);
    expect(half.json().error).toBe(MSG.kiteAppPair);

    // Back to the console's app: the token was issued for the own app's key, so Kite would refuse it now.
    const removed = await update(id, { api_key: '', api_secret: '' });
    expect(removed.json().data).toMatchObject({ has_api_key: false, has_token: false });
    expect(await storedRow(id)).toEqual({ key: null, secret: null });

    const again = await ownAppAccount('OA5678', sandboxPersonalApp('OA5678') ?? APP);
    expect((await update(again, { api_key: '' })).json().data.has_api_key).toBe(false);
  });
});

describe('token generation', () => {
  it("logs in through the account's own app: the token works with its key and is refused with the console's", async () => {
    const id = await ownAppAccount();
    const res = await generateToken(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ has_token: true, has_api_key: true });
    expectNoSecrets(res.body);
    const credentials = await t.services.brokers.credentialsOf(id);
    expect(credentials?.apiKey).toBe(APP.apiKey);
    const token = credentials?.accessToken ?? '';
    expect((await kiteGet('/user/profile', APP.apiKey, token)).status).toBe(200);
    const withConsoleKey = await kiteGet('/user/profile', CONSOLE_KEY, token);
    expect(withConsoleKey.status).toBe(403);
    expect(withConsoleKey.body.error_type).toBe('TokenException');
  });

  it("signs the session checksum with the account's own secret: a wrong one is Kite's refusal, not a token", async () => {
    const id = await ownAppAccount(ACCOUNT, { apiKey: APP.apiKey, apiSecret: 'notTheRightSecret' });
    const res = await generateToken(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Kite refused the login: Invalid checksum.');
    expect(res.body).not.toContain('notTheRightSecret');
    expect((await t.services.brokers.listFor(owner.id))[0]?.has_token).toBe(false);
  });

  it("falls back to the console's app when the account has none", async () => {
    const res = await create({ broker_id: 1, broker_username: 'CA1234' });
    expect(res.json().data.has_api_key).toBe(false);
    const id = res.json().data.id as number;
    expect((await generateToken(id)).statusCode).toBe(200);
    const credentials = await t.services.brokers.credentialsOf(id);
    expect(credentials?.apiKey).toBeNull();
    expect((await kiteGet('/user/profile', CONSOLE_KEY, credentials?.accessToken ?? '')).status).toBe(200);
  });
});

describe('live orders', () => {
  /** A running LIVE mapping on broker account `id` (its token already generated). */
  async function liveOn(id: number) {
    const actor = { userId: owner.id, role: 'user' as const };
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: id });
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus(actor, m.id, 1);
    return m.id;
  }

  /** The account's orders as the broker lists them, asked with `apiKey` and the account's token. */
  async function ordersAtBroker(id: number, apiKey: string) {
    const token = (await t.services.brokers.credentialsOf(id))?.accessToken ?? '';
    const res = await kiteGet('/orders', apiKey, token);
    return { status: res.status, orders: res.body.data as Array<{ tag: string | null; status: string }> };
  }

  const ourTags = async () =>
    (await t.database.db.selectFrom('brokerOrders').select(['tag', 'status']).execute()).map((o) => o.tag).sort();

  it("go out with the account's own api_key, which the broker holds the token to", async () => {
    const id = await ownAppAccount();
    expect((await generateToken(id)).statusCode).toBe(200);
    await liveOn(id);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    // The sandbox takes this token only with the own app's key: filled orders prove that key was sent.
    const { status, orders } = await ordersAtBroker(id, APP.apiKey);
    expect(status).toBe(200);
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.status === 'COMPLETE')).toBe(true);
    expect(orders.map((o) => o.tag ?? '').sort()).toEqual(await ourTags());
    const filled = await t.database.db.selectFrom('brokerOrders').select('status').execute();
    expect(filled.map((o) => o.status)).toEqual(['filled', 'filled']);
    expect((await ordersAtBroker(id, CONSOLE_KEY)).status).toBe(403);
  });

  it("go out with the console's key for an account without its own app", async () => {
    const res = await create({ broker_id: 1, broker_username: 'CA5678' });
    const id = res.json().data.id as number;
    expect((await generateToken(id)).statusCode).toBe(200);
    await liveOn(id);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const { status, orders } = await ordersAtBroker(id, CONSOLE_KEY);
    expect(status).toBe(200);
    expect(orders.map((o) => o.status)).toEqual(['COMPLETE', 'COMPLETE']);
  });
});
