import { KiteConnect } from 'kiteconnect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kiteSessionChecksum } from '../protocols/kite-rest.js';
import {
  form,
  jsonOf,
  kiteGet,
  loginThroughKite,
  startTestSandbox,
  type ManualClock,
} from '../../test/sandbox-helpers.js';
import { sandboxTotpCode } from './sandbox-accounts.js';
import type { SandboxExchange } from './sandbox-exchange.js';

let sandbox: SandboxExchange;
let clock: ManualClock;

beforeEach(async () => {
  ({ sandbox, clock } = await startTestSandbox());
});
afterEach(async () => {
  await sandbox.close();
});

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${sandbox.urls.kiteLogin}${path}`, { method: 'POST', ...form(fields) });

describe('Kite login flow', () => {
  it('goes login → twofa → connect/login redirect → session/token and the token works', async () => {
    const { adminUserId, adminPassword } = sandbox.credentials;
    const { status, body } = await loginThroughKite(sandbox, adminUserId, adminPassword, sandboxTotpCode(clock.now()));
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({
      user_id: 'SB0001',
      api_key: sandbox.credentials.kiteApiKey,
      login_time: '2025-12-09 10:00:00',
    });
    const profile = await kiteGet(sandbox, '/user/profile', body.data.access_token);
    expect(profile.body.data.user_id).toBe('SB0001');
  });

  it('accepts any Kite-style user id with the sandbox user password', async () => {
    const { body } = await loginThroughKite(
      sandbox,
      'ZX9876',
      sandbox.credentials.userPassword,
      sandbox.control.totpCode(),
    );
    expect(body.data.user_id).toBe('ZX9876');
  });

  it('explains a wrong password, a malformed user id and a wrong TOTP code', async () => {
    const wrong = await post('/api/login', { user_id: 'SB0001', password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(await jsonOf(wrong)).toMatchObject({
      status: 'error',
      error_type: 'InputException',
      message: 'Invalid `user_id` or `password`.',
    });
    const malformed = await jsonOf(await post('/api/login', { user_id: 'someone', password: 'x' }));
    expect(malformed.message).toMatch(/AB1234/);
    const login = await jsonOf(
      await post('/api/login', { user_id: 'AB1234', password: sandbox.credentials.userPassword }),
    );
    expect(login.data).toMatchObject({ twofa_type: 'totp', request_id: expect.any(String) });
    const stale = sandboxTotpCode(clock.now() - 5 * 60_000);
    const badCode = await post('/api/twofa', {
      user_id: 'AB1234',
      request_id: login.data.request_id,
      twofa_value: stale,
      twofa_type: 'totp',
    });
    expect(badCode.status).toBe(400);
    expect((await jsonOf(badCode)).message).toMatch(/TOTP/);
    expect(badCode.headers.get('set-cookie')).toBeNull();
  });

  it('accepts the TOTP code of the previous 30 s step (clock drift)', async () => {
    const login = await jsonOf(
      await post('/api/login', { user_id: 'AB1234', password: sandbox.credentials.userPassword }),
    );
    const previous = sandboxTotpCode(clock.now() - 30_000);
    const res = await post('/api/twofa', {
      user_id: 'AB1234',
      request_id: login.data.request_id,
      twofa_value: previous,
      twofa_type: 'totp',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^enctoken=/);
  });

  it('does not redirect without a 2FA session, and refuses an unknown api_key', async () => {
    const url = `${sandbox.urls.kiteLogin}/connect/login?api_key=${sandbox.credentials.kiteApiKey}&v=3`;
    const anonymous = await fetch(url, { redirect: 'manual' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('location')).toBeNull();
    const badKey = await fetch(`${sandbox.urls.kiteLogin}/connect/login?api_key=other&v=3`, { redirect: 'manual' });
    expect(badKey.status).toBe(400);
  });
});

describe('POST /session/token', () => {
  const requestToken = async () => {
    const login = await jsonOf(
      await post('/api/login', { user_id: 'AB1234', password: sandbox.credentials.userPassword }),
    );
    const twofa = await post('/api/twofa', {
      user_id: 'AB1234',
      request_id: login.data.request_id,
      twofa_value: sandbox.control.totpCode(),
      twofa_type: 'totp',
    });
    const cookie = (twofa.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const connect = await fetch(
      `${sandbox.urls.kiteLogin}/connect/login?api_key=${sandbox.credentials.kiteApiKey}&v=3`,
      {
        headers: { Cookie: cookie },
        redirect: 'manual',
      },
    );
    expect(connect.status).toBe(302);
    const location = new URL(connect.headers.get('location') ?? '');
    expect(location.searchParams.get('status')).toBe('success');
    return location.searchParams.get('request_token') ?? '';
  };
  const exchange = (fields: Record<string, string>) =>
    fetch(`${sandbox.urls.kiteApi}/session/token`, { method: 'POST', ...form(fields) });

  it('checks the checksum and uses a request token only once', async () => {
    const { kiteApiKey, kiteApiSecret } = sandbox.credentials;
    const rt = await requestToken();
    const bad = await exchange({
      api_key: kiteApiKey,
      request_token: rt,
      checksum: kiteSessionChecksum(kiteApiKey, rt, 'wrong-secret'),
    });
    expect(bad.status).toBe(403);
    expect(await jsonOf(bad)).toMatchObject({ error_type: 'TokenException', message: 'Invalid `checksum`.' });
    const checksum = kiteSessionChecksum(kiteApiKey, rt, kiteApiSecret);
    const good = await exchange({ api_key: kiteApiKey, request_token: rt, checksum });
    expect(good.status).toBe(200);
    const again = await exchange({ api_key: kiteApiKey, request_token: rt, checksum });
    expect(again.status).toBe(403);
    expect((await jsonOf(again)).error_type).toBe('TokenException');
  });

  it('expires request tokens after five minutes and access tokens at 06:00 IST', async () => {
    const { kiteApiKey, kiteApiSecret } = sandbox.credentials;
    const late = await requestToken();
    clock.advance(6 * 60_000);
    const tooLate = await exchange({
      api_key: kiteApiKey,
      request_token: late,
      checksum: kiteSessionChecksum(kiteApiKey, late, kiteApiSecret),
    });
    expect(tooLate.status).toBe(403);
    const rt = await requestToken();
    const session = await jsonOf(
      await exchange({
        api_key: kiteApiKey,
        request_token: rt,
        checksum: kiteSessionChecksum(kiteApiKey, rt, kiteApiSecret),
      }),
    );
    const accessToken = session.data.access_token;
    expect((await kiteGet(sandbox, '/orders', accessToken)).status).toBe(200);
    clock.advance(20 * 3_600_000); // past 06:00 IST the next morning
    expect((await kiteGet(sandbox, '/orders', accessToken)).status).toBe(403);
  });
});

describe('the official kiteconnect client against the sandbox', () => {
  it('generateSession, getQuote, getLTP, getHistoricalData and getInstruments work with root pointed here', async () => {
    const { kiteApiKey, kiteApiSecret } = sandbox.credentials;
    const login = await jsonOf(
      await post('/api/login', { user_id: 'AB1234', password: sandbox.credentials.userPassword }),
    );
    const twofa = await post('/api/twofa', {
      user_id: 'AB1234',
      request_id: login.data.request_id,
      twofa_value: sandbox.control.totpCode(),
      twofa_type: 'totp',
    });
    const connect = await fetch(`${sandbox.urls.kiteLogin}/connect/login?api_key=${kiteApiKey}&v=3`, {
      headers: { Cookie: (twofa.headers.get('set-cookie') ?? '').split(';')[0] ?? '' },
      redirect: 'manual',
    });
    const requestToken = new URL(connect.headers.get('location') ?? '').searchParams.get('request_token') ?? '';

    const kc = new KiteConnect({ api_key: kiteApiKey, root: sandbox.urls.kiteApi });
    const session = await kc.generateSession(requestToken, kiteApiSecret);
    expect(session.user_id).toBe('AB1234');
    const quote = await kc.getQuote(['NSE:NIFTY 50', '260105']);
    expect(quote['NSE:NIFTY 50']?.instrument_token).toBe(256265);
    expect(quote['260105']?.last_price).toBeGreaterThan(0);
    const ltp = await kc.getLTP(['NSE:SANDBOX24X7']);
    expect(ltp['NSE:SANDBOX24X7']?.last_price).toBeGreaterThan(0);
    const candles = await kc.getHistoricalData(256265, 'minute', '2025-12-09 09:15:00', '2025-12-09 09:20:00');
    expect(candles).toHaveLength(6);
    expect(candles[0]?.date.toISOString()).toBe('2025-12-09T03:45:00.000Z');
    const instruments = await kc.getInstruments();
    expect(instruments.find((i) => i.tradingsymbol === 'NIFTY 50')?.instrument_token).toBe('256265');
    await expect(
      kc.getHistoricalData(256265, 'minute', '2025-01-01 00:00:00', '2025-12-01 00:00:00'),
    ).rejects.toMatchObject({
      error_type: 'InputException',
    });
  });
});
