import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { parseKiteInstrumentsCsv } from '../protocols/kite-instruments-csv.js';
import { parseKiteHistoricalData } from '../protocols/kite-rest.js';
import {
  jsonOf,
  kiteAuth,
  kiteGet,
  startTestSandbox,
  TEST_START_MS,
  type ManualClock,
} from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

let sandbox: SandboxExchange;
let clock: ManualClock;
let token: string;

beforeEach(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  token = sandbox.control.issueKiteAccessToken('AB1234');
});
afterEach(async () => {
  await sandbox.close();
});

const niftyOption = async () => {
  const res = await fetch(`${sandbox.urls.kiteApi}/instruments`);
  const rows = parseKiteInstrumentsCsv(await res.text());
  const option = rows.find(
    (r) => r.name === 'NIFTY' && r.expiry === '2025-12-16' && r.instrumentType === 'CE' && r.strike % 500 === 0,
  );
  if (!option) throw new Error('no NIFTY option listed');
  return option;
};

describe('GET /instruments', () => {
  it('serves a text/csv dump with the indices and option chains, gzipped on request', async () => {
    const res = await fetch(`${sandbox.urls.kiteApi}/instruments`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    const rows = parseKiteInstrumentsCsv(await res.text());
    expect(rows.filter((r) => r.segment === 'INDICES').map((r) => r.tradingsymbol)).toEqual([
      'NIFTY 50',
      'NIFTY BANK',
      'SANDBOX24X7',
    ]);
    expect(rows.find((r) => r.tradingsymbol === 'NIFTY 50')?.instrumentToken).toBe(256265);
    const nifty = rows.filter((r) => r.name === 'NIFTY');
    expect(
      nifty.every((r) => r.segment === 'NFO-OPT' && r.exchange === 'NFO' && r.lotSize === 65 && r.tickSize === 0.05),
    ).toBe(true);
    expect(new Set(nifty.map((r) => r.expiry))).toEqual(
      new Set(['2025-12-09', '2025-12-16', '2025-12-23', '2025-12-30']),
    );
    expect(rows.some((r) => r.tradingsymbol.startsWith('NIFTY25D16') && r.tradingsymbol.endsWith('CE'))).toBe(true);
    expect(rows.some((r) => /^NIFTY25DEC\d+PE$/.test(r.tradingsymbol))).toBe(true);
    const bank = rows.filter((r) => r.name === 'BANKNIFTY');
    expect(bank.every((r) => r.lotSize === 30 && r.strike % 100 === 0)).toBe(true);
    // Monthly only, on the last Tuesday: near, next and far month.
    expect(new Set(bank.map((r) => r.expiry))).toEqual(new Set(['2025-12-30', '2026-01-27', '2026-02-24']));
    expect(bank.every((r) => /^BANKNIFTY2\d(DEC|JAN|FEB)\d+(CE|PE)$/.test(r.tradingsymbol))).toBe(true);
    expect(rows.filter((r) => r.name === 'SANDBOX').length).toBeGreaterThan(0);

    const zipped = await new Promise<Buffer>((resolve, reject) => {
      import('node:http')
        .then(({ get }) =>
          get(`${sandbox.urls.kiteApi}/instruments`, { headers: { 'Accept-Encoding': 'gzip' } }, (r) => {
            const chunks: Buffer[] = [];
            expect(r.headers['content-encoding']).toBe('gzip');
            r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
          }).on('error', reject),
        )
        .catch(reject);
    });
    expect(parseKiteInstrumentsCsv(gunzipSync(zipped).toString('utf8'))).toEqual(rows);
  });
});

describe('quotes', () => {
  it('keys quotes by the exact `i` strings and leaves unknown instruments out', async () => {
    const option = await niftyOption();
    const keys = ['NSE:NIFTY 50', '256265', `NFO:${option.tradingsymbol}`, 'NSE:NOPE'];
    const query = keys.map((k) => `i=${encodeURIComponent(k)}`).join('&');
    const { status, body } = await kiteGet(sandbox, `/quote?${query}`, token);
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(keys.slice(0, 3).sort());
    const index = body.data['NSE:NIFTY 50'];
    expect(index.instrument_token).toBe(256265);
    expect(index.last_price).toBe(body.data['256265'].last_price);
    expect(index.last_price).toBeGreaterThan(18_000);
    expect(index.timestamp).toBe('2025-12-09 10:00:00');
    const quote = body.data[`NFO:${option.tradingsymbol}`];
    expect(quote).toMatchObject({
      instrument_token: option.instrumentToken,
      depth: { buy: expect.any(Array), sell: expect.any(Array) },
    });
    expect(toPaise(quote.last_price) % 5).toBe(0);
    expect(quote.ohlc.high).toBeGreaterThanOrEqual(quote.last_price);
    expect(quote.ohlc.low).toBeLessThanOrEqual(quote.last_price);
  });

  it('serves /quote/ltp and /quote/ohlc, and refuses requests without instruments', async () => {
    const ltp = await kiteGet(sandbox, '/quote/ltp?i=NSE:NIFTY%20BANK', token);
    expect(ltp.body.data['NSE:NIFTY BANK']).toEqual({ instrument_token: 260105, last_price: expect.any(Number) });
    const ohlc = await kiteGet(sandbox, '/quote/ohlc?i=NSE:SANDBOX24X7', token);
    expect(ohlc.body.data['NSE:SANDBOX24X7'].ohlc).toMatchObject({
      open: expect.any(Number),
      close: expect.any(Number),
    });
    const none = await kiteGet(sandbox, '/quote', token);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ status: 'error', error_type: 'InputException' });
  });

  it('answers 403 TokenException without a valid Authorization header', async () => {
    const missing = await fetch(`${sandbox.urls.kiteApi}/quote?i=256265`);
    expect(missing.status).toBe(403);
    expect(await jsonOf(missing)).toMatchObject({ status: 'error', error_type: 'TokenException' });
    const wrong = await kiteGet(sandbox, '/quote?i=256265', 'not-a-token');
    expect(wrong.status).toBe(403);
  });

  it('moves prices deterministically with the clock', async () => {
    const first = (await kiteGet(sandbox, '/quote/ltp?i=256265', token)).body.data['256265'].last_price;
    clock.advance(60_000);
    const later = (await kiteGet(sandbox, '/quote/ltp?i=256265', token)).body.data['256265'].last_price;
    clock.set(TEST_START_MS);
    const again = (await kiteGet(sandbox, '/quote/ltp?i=256265', token)).body.data['256265'].last_price;
    expect(again).toBe(first);
    expect(later).not.toBe(first);
  });
});

describe('GET /instruments/historical', () => {
  it('serves Kite-shaped minute candles with +0530 timestamps, up to now', async () => {
    const res = await kiteGet(
      sandbox,
      '/instruments/historical/256265/minute?from=2025-12-09 09:15:00&to=2025-12-09 10:30:00',
      token,
    );
    expect(res.status).toBe(200);
    const candles = parseKiteHistoricalData(res.body.data);
    expect(res.body.data.candles[0][0]).toBe('2025-12-09T09:15:00+0530');
    // 09:15 … 10:00 inclusive: the 10:00 candle is the one forming now.
    expect(candles).toHaveLength(46);
    for (const c of candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.volume).toBe(0);
    }
  });

  it('refuses ranges over the interval limit, bad intervals and bad dates with InputException', async () => {
    const tooLong = await kiteGet(
      sandbox,
      '/instruments/historical/256265/minute?from=2025-09-01&to=2025-12-01',
      token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      status: 'error',
      message: 'interval exceeds max limit: 60 days',
      data: null,
      error_type: 'InputException',
    });
    const ok = await kiteGet(sandbox, '/instruments/historical/256265/day?from=2025-09-01&to=2025-12-01', token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.candles[0][0]).toBe('2025-09-01T00:00:00+0530');
    const badInterval = await kiteGet(
      sandbox,
      '/instruments/historical/256265/4hour?from=2025-12-01&to=2025-12-02',
      token,
    );
    expect(badInterval.body.error_type).toBe('InputException');
    const badDate = await kiteGet(sandbox, '/instruments/historical/256265/minute?from=yesterday&to=2025-12-02', token);
    expect(badDate.body.error_type).toBe('InputException');
  });

  it('adds an oi column for options when asked', async () => {
    const option = await niftyOption();
    const res = await kiteGet(
      sandbox,
      `/instruments/historical/${option.instrumentToken}/5minute?from=2025-12-09 09:15:00&to=2025-12-09 09:30:00&oi=1`,
      token,
    );
    expect(res.body.data.candles).toHaveLength(4);
    expect(res.body.data.candles[0]).toHaveLength(7);
    expect(res.body.data.candles[0][5]).toBeGreaterThan(0);
  });
});

describe('rate limits and faults', () => {
  it('answers 429 "Too many requests" beyond the per-second limit', async () => {
    await sandbox.close();
    // A frozen rate clock: however slow this machine, all three requests fall in one window.
    ({ sandbox, clock } = await startTestSandbox({ rateLimits: { kiteQuote: 2 }, rateLimitClock: () => 0 }));
    token = sandbox.control.issueKiteAccessToken('AB1234');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await kiteGet(sandbox, '/quote/ltp?i=256265', token)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await kiteGet(sandbox, '/quote/ltp?i=256265', token);
    expect(limited.body).toEqual({
      status: 'error',
      message: 'Too many requests',
      data: null,
      error_type: 'NetworkException',
    });
    // Other endpoint groups have their own budget.
    expect((await kiteGet(sandbox, '/orders', token)).status).toBe(200);
  });

  it('lets a test force the next N requests to 429 or drop the connection', async () => {
    sandbox.control.failNext('kite.historical', 2, 'rate-limit');
    const path = '/instruments/historical/256265/minute?from=2025-12-09 09:15:00&to=2025-12-09 09:20:00';
    expect((await kiteGet(sandbox, path, token)).status).toBe(429);
    expect((await kiteGet(sandbox, path, token)).status).toBe(429);
    expect((await kiteGet(sandbox, path, token)).status).toBe(200);
    sandbox.control.failNext('kite', 1, 'drop');
    await expect(fetch(`${sandbox.urls.kiteApi}/orders`, { headers: kiteAuth(sandbox, token) })).rejects.toThrow();
  });
});

describe('unknown paths and methods', () => {
  it("answers with Kite's own error bodies: 404 for an unknown path, 405 for a known path's other method", async () => {
    const missing = await fetch(`${sandbox.urls.kiteApi}/no/such/path`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 'error', error_type: 'GeneralException' });
    const wrong = await fetch(`${sandbox.urls.kiteApi}/user/profile`, {
      method: 'DELETE',
      headers: kiteAuth(sandbox, token),
    });
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toMatchObject({ message: 'Method not allowed', error_type: 'GeneralException' });
    const trailing = await fetch(`${sandbox.urls.kiteApi}/user/profile/`, { headers: kiteAuth(sandbox, token) });
    expect(trailing.status).toBe(200);
  });
});
