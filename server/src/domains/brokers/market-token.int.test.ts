import type { MarketDataToken } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { sandboxTotpCode } from '../../sandbox/sandbox-accounts.js';

// A console that cannot log in by itself (as in live mode): the admin generates the market-data token.
let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp({ selfLogin: false });
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const status = async (token = admin.token) => {
  const res = await t.request({ method: 'GET', url: '/api/brokers/kite-token', token });
  return { statusCode: res.statusCode, data: res.json<{ data: MarketDataToken }>().data };
};
const generate = () =>
  t.request({
    method: 'POST',
    url: '/api/brokers/generate-kite-token',
    token: admin.token,
    payload: { appCode: sandboxTotpCode(t.clock.now()) },
  });

describe('GET /api/brokers/kite-token: the market-data token on the brokers tab', () => {
  it('says there is none, then when it was generated and that it is good until 06:00 IST, then that it expired', async () => {
    expect((await status()).data).toEqual({
      state: 'none',
      user_id: null,
      generated_at: null,
      expires_at: null,
      refused_at: null,
      logs_in_by_itself: false,
    });

    const generatedAt = t.clock.now(); // Monday 23 Nov 2026, 10:30 IST
    expect((await generate()).statusCode).toBe(200);
    expect((await status()).data).toEqual({
      state: 'valid',
      user_id: 'SB0001',
      generated_at: new Date(generatedAt).toISOString(),
      expires_at: '2026-11-24T00:30:00.000Z', // 06:00 IST the next morning
      refused_at: null,
      logs_in_by_itself: false,
    });

    t.clock.advance(20 * 3_600_000); // Tuesday 06:30 IST
    expect((await status()).data.state).toBe('expired');
  });

  it('says Kite refused it, and when, once a call with it is refused; a new one is valid again', async () => {
    expect((await generate()).statusCode).toBe(200);
    // The sandbox ends every token as Kite does at 06:00 IST; the next historical fetch is refused.
    const faults = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_tokens: true }),
    });
    expect(faults.status).toBe(200);
    t.clock.advance(60_000);
    const fetched = await t.request({
      method: 'POST',
      url: '/api/data/fetch',
      token: admin.token,
      payload: { source: 'kite', instrumentToken: '256265', interval: '5m' },
    });
    expect(fetched.statusCode).not.toBe(200);

    const refused = (await status()).data;
    expect(refused).toMatchObject({ state: 'refused', user_id: 'SB0001' });
    expect(refused.refused_at).toBe(new Date(t.clock.now()).toISOString());

    expect((await generate()).statusCode).toBe(200);
    expect((await status()).data.state).toBe('valid');
  });

  it('is for admins only and never shows the token', async () => {
    expect((await generate()).statusCode).toBe(200);
    const user = await buildUser(t);
    expect((await status(user.token)).statusCode).toBe(403);
    const raw = await t.request({ method: 'GET', url: '/api/brokers/kite-token', token: admin.token });
    expect(raw.body).not.toMatch(/access_token|sealed/);
  });
});
