import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSyncStatus, Mapping } from '@app/contract';
import { sandboxTotpCode } from '../../sandbox/sandbox-accounts.js';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const DAY = { startDate: '2026-11-20T03:45:00.000Z', endDate: '2026-11-20T10:00:00.000Z' }; // Fri 09:15-15:30 IST
const fetchCandles = (body: object) =>
  t.request({ method: 'POST', url: '/api/data/fetch', token: admin.token, payload: body });

describe('historical fetch', () => {
  it('stores a day of NIFTY 50 5m candles once: a second fetch inserts nothing', async () => {
    const first = await fetchCandles({ source: 'kite', instrumentToken: '256265', interval: '5m', ...DAY });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.recordsInserted).toBe(75); // 09:15 … 15:25, the session's last 5-minute candle
    expect(first.json().message).toBe('Successfully fetched 75 records from kite (75 new)');
    const again = await fetchCandles({ source: 'kite', instrumentToken: '256265', interval: '5m', ...DAY });
    expect(again.json().data).toEqual({ recordsInserted: 0, recordsFetched: 75 });
    expect(again.json().message).toBe('Successfully fetched 75 records from kite (0 new)');
    const chart = await t.request({
      method: 'GET',
      url: '/api/data/candles?source=kite&instrumentToken=256265&interval=5m&limit=1000',
      token: admin.token,
    });
    const candles = chart.json().data.candles as Array<{ time: number; high: number; low: number }>;
    expect(candles).toHaveLength(75);
    expect(candles[0]?.time).toBe(Date.parse(DAY.startDate) / 1000);
    expect(candles.every((c) => c.high >= c.low)).toBe(true);
  });

  it('builds 4h candles from Kite 60minute ones, aligned to the 09:15 open', async () => {
    const res = await fetchCandles({ source: 'kite', instrumentToken: '256265', interval: '4h', ...DAY });
    expect(res.json().data.recordsInserted).toBe(2);
    const stored = await t.services.candles.latest({ source: 'kite', instrumentToken: '256265', interval: '4h' }, 10);
    expect(stored.map((c) => new Date(c.ts).toISOString())).toEqual([
      '2026-11-20T03:45:00.000Z',
      '2026-11-20T07:45:00.000Z',
    ]);
  });

  it('splits long ranges into Kite-sized requests (minute: 60 days per request)', async () => {
    const res = await fetchCandles({
      source: 'kite',
      instrumentToken: '256265',
      interval: '1d',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-11-20T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    // A day candle for each NSE trading day from 1 Jan to 20 Nov 2026: none on weekends and holidays.
    expect(res.json().data.recordsInserted).toBe(217);
  });

  it('retries through rate limits (429) and still stores the candles', async () => {
    t.sandbox.control.failNext('kite.historical', 2, 'rate-limit');
    const res = await fetchCandles({ source: 'kite', instrumentToken: '256265', interval: '15m', ...DAY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recordsInserted).toBeGreaterThan(0);
  });

  it('answers 429 with Retry-After when Kite keeps limiting past the retries, and stores nothing', async () => {
    t.sandbox.control.failNext('kite.historical', 50, 'rate-limit');
    const res = await fetchCandles({ source: 'kite', instrumentToken: '256265', interval: '15m', ...DAY });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().error).toMatch(
      /^Kite answered 429: the provider limits requests per second; try again in \d+ s$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await t.services.candles.latest({ source: 'kite', instrumentToken: '256265', interval: '15m' }, 1)).toEqual(
      [],
    );
  });

  it('fetches Binance klines', async () => {
    const res = await fetchCandles({
      source: 'binance',
      instrumentToken: 'BTCUSDT',
      interval: '1h',
      startDate: '2026-11-19T00:00:00.000Z',
      endDate: '2026-11-20T23:00:00.000Z',
    });
    expect(res.json().data.recordsInserted).toBe(48);
  });

  it("reports the provider's refusal as a 400 with its message", async () => {
    const res = await fetchCandles({ source: 'binance', instrumentToken: 'NOSUCHPAIR', interval: '1h', ...DAY });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Binance: /);
  });
});

describe('live sync', () => {
  it('starts with a subscription per config and the sources connected, and stops', async () => {
    await t.services.liveConfigs.create({ source: 'kite', instrument_token: '256265', interval: '1m' });
    await t.services.liveConfigs.create({ source: 'binance', instrument_token: 'BTCUSDT', interval: '5m' });
    const started = await t.request({ method: 'POST', url: '/api/live-sync/start', token: admin.token });
    expect(started.json().data.status.activeSubscriptions).toEqual(['binance:BTCUSDT:5m', 'kite:256265:1m']);
    await vi.waitFor(
      async () => {
        const res = await t.request({ method: 'GET', url: '/api/live-sync/status', token: admin.token });
        expect(res.json().data.status).toMatchObject({ isRunning: true, connectedSources: ['binance', 'kite'] });
      },
      { timeout: 5000 },
    );
    // A config added while running is followed at once.
    await t.request({
      method: 'POST',
      url: '/api/data/live-configs',
      token: admin.token,
      payload: { source: 'kite', instrument_token: '260105', interval: '15m' },
    });
    await vi.waitFor(async () => expect((await t.services.liveSync.status()).activeSubscriptions).toHaveLength(3));
    const stopped = await t.request({ method: 'POST', url: '/api/live-sync/stop', token: admin.token });
    expect(stopped.json().data.status).toEqual({
      isRunning: false,
      connectedSources: [],
      activeSubscriptions: [],
      haltedSources: [],
    });
  });

  it('logs in again when the ticker refuses an expired token (06:00 IST), and streams on', async () => {
    await t.services.liveConfigs.create({ source: 'kite', instrument_token: '256265', interval: '1m' });
    await t.services.liveSync.start();
    await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 5000 });
    // Every access token dies and the connection with it: the reconnect is refused (403) until a fresh login.
    const faults = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_tokens: true, drop_ticker: true }),
    });
    expect(faults.status).toBe(200);
    await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 10_000 });
    expect(t.services.hub.haltReason('kite')).toBeNull();
    await t.services.liveSync.stop();
  });

  it('persists closed candles from ticks, and keeps going after the ticker drops mid-stream', async () => {
    await t.services.liveConfigs.create({ source: 'kite', instrument_token: '256265', interval: '1m' });
    await t.services.liveSync.start();
    await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 5000 });
    const key = { source: 'kite', instrumentToken: '256265', interval: '1m' } as const;
    const stepMinute = () => {
      for (let s = 0; s < 6; s++) {
        t.clock.advance(10_000);
        t.sandbox.control.pump();
      }
    };
    const closeAndCount = async () => {
      await vi.waitFor(
        async () => {
          t.services.hub.flush(t.clock.now());
          expect((await t.services.candles.latest(key, 100)).length).toBeGreaterThan(0);
        },
        { timeout: 5000 },
      );
      return (await t.services.candles.latest(key, 100)).length;
    };
    stepMinute();
    await vi.waitFor(() => expect(t.services.hub.lastPricePaise('kite', '256265')).not.toBeNull(), { timeout: 5000 });
    stepMinute();
    const before = await closeAndCount();

    // Cut the ticker; minutes pass while it is down; it reconnects and the gap is filled from history.
    expect(t.sandbox.control.dropKiteTickerConnections()).toBeGreaterThan(0);
    t.clock.advance(180_000); // before the reconnect can happen: these minutes' ticks are never streamed
    await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 10_000 });
    // The gap is filled from history: consecutive minutes from the first stored candle on, no hole.
    await vi.waitFor(
      async () => {
        t.services.hub.flush(t.clock.now());
        const minutes = (await t.services.candles.latest(key, 100)).map((c) => c.ts / 60_000);
        expect(minutes.length).toBeGreaterThanOrEqual(before + 3);
        expect(minutes).toEqual(minutes.map((_, i) => (minutes[0] ?? 0) + i));
      },
      { timeout: 10_000 },
    );
    await t.services.liveSync.stop();
  });
});

describe('a console that cannot log in to Kite by itself', () => {
  it('stops the ticker on a refused token instead of retrying, and says why on the admin data tab and the running rows', async () => {
    await t.close();
    t = await buildTestApp({ selfLogin: false });
    admin = await buildAdmin(t);
    const generated = await t.request({
      method: 'POST',
      url: '/api/brokers/generate-kite-token',
      token: admin.token,
      payload: { appCode: sandboxTotpCode(t.clock.now()) },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const owner = await buildUser(t);
    const m = await buildMapping(t, owner, {});
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    await t.services.engine.start();
    await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 5000 });

    // 06:00 IST: every token dies and the connection with it; the reconnect is refused and nobody can log in.
    const faults = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expire_tokens: true, drop_ticker: true }),
    });
    expect(faults.status).toBe(200);
    await vi.waitFor(() => expect(t.services.hub.haltReason('kite')).toMatch(/refused the access token/), {
      timeout: 10_000,
    });
    await t.services.liveSync.follow(); // the leader shares what its streams do

    const status = await t.request({ method: 'GET', url: '/api/live-sync/status', token: admin.token });
    const halted = status.json<{ data: { status: LiveSyncStatus } }>().data.status.haltedSources;
    expect(halted).toEqual([{ source: 'kite', reason: expect.stringMatching(/refused the access token/) as string }]);
    const rows = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    const row = rows.json<{ data: Mapping[] }>().data.find((x) => x.id === m.id);
    expect(row?.status_detail).toMatch(/^Market data stopped: Kite refused the access token/);

    // A new token from the admin resumes it, and the rows stop saying so.
    const again = await t.request({
      method: 'POST',
      url: '/api/brokers/generate-kite-token',
      token: admin.token,
      payload: { appCode: sandboxTotpCode(t.clock.now()) },
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.services.marketDataTick(t.clock.now()); // the worker's next tick sees the new token
    expect(t.services.hub.haltReason('kite')).toBeNull();
    await vi.waitFor(() => expect(t.services.hub.connectedSources()).toContain('kite'), { timeout: 10_000 });
    const after = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    expect(after.json<{ data: Mapping[] }>().data.find((x) => x.id === m.id)?.status_detail).not.toMatch(
      /Market data stopped/,
    );
    await t.services.engine.stop();
  });
});
