import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import {
  binanceKlineStreamName,
  formatBinanceStreamRequest,
  parseBinanceKlineRow,
  parseBinanceStreamMessage,
  type BinanceStreamMessage,
} from '../protocols/binance.js';
import {
  jsonOf,
  nextMessage,
  openSocket,
  startTestSandbox,
  TEST_START_MS,
  type ManualClock,
} from '../../test/sandbox-helpers.js';
import type { SandboxExchange } from './sandbox-exchange.js';

let sandbox: SandboxExchange;
let clock: ManualClock;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  ({ sandbox, clock } = await startTestSandbox({ binancePingMs: 30 }));
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await sandbox.close();
});

const klines = async (query: string) => {
  const res = await fetch(`${sandbox.urls.binanceApi}/api/v3/klines?${query}`);
  return { res, body: await jsonOf(res) };
};

describe('GET /api/v3/klines', () => {
  it('returns 12-field rows with string prices, the newest being the open kline', async () => {
    const { res, body } = await klines('symbol=BTCUSDT&interval=1m&limit=3');
    expect(res.status).toBe(200);
    const rows = (body as unknown[]).map(parseBinanceKlineRow);
    expect(rows.map((k) => k.openTime)).toEqual([TEST_START_MS - 120_000, TEST_START_MS - 60_000, TEST_START_MS]);
    expect((body as unknown[][])[0]).toHaveLength(12);
    expect(rows[0]?.open).toMatch(/^\d+\.\d{8}$/);
    expect(Number(rows[0]?.open)).toBeGreaterThan(50_000);
    expect(rows[0]?.closeTime).toBe((rows[1]?.openTime ?? 0) - 1);
    // The open kline has only its first second so far.
    expect(rows[2]?.open).toBe(rows[2]?.close);
  });

  it('honours startTime/endTime and limit (default 500, at most 1000)', async () => {
    // From mid-kline: the first kline is the next one to open; endTime is inclusive of open times.
    const start = Date.UTC(2025, 11, 8, 18, 0);
    const ranged = await klines(`symbol=ETHUSDT&interval=1h&startTime=${start - 1}&endTime=${start + 3 * 3_600_000}`);
    expect((ranged.body as unknown[][]).map((r) => r[0])).toEqual([0, 1, 2, 3].map((h) => start + h * 3_600_000));
    const shifted = await klines(`symbol=ETHUSDT&interval=1h&startTime=${start + 1}&limit=2`);
    expect((shifted.body as unknown[][]).map((r) => r[0])).toEqual([1, 2].map((h) => start + h * 3_600_000));
    expect(((await klines('symbol=BTCUSDT&interval=1m')).body as unknown[]).length).toBe(500);
    expect(((await klines('symbol=BTCUSDT&interval=1m&limit=5000')).body as unknown[]).length).toBe(1000);
  });

  it('answers with Binance error codes', async () => {
    const bad = await klines('symbol=NOPEUSDT&interval=1m');
    expect(bad.res.status).toBe(400);
    expect(bad.body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect((await klines('symbol=BTCUSDT&interval=7m')).body).toEqual({ code: -1120, msg: 'Invalid interval.' });
    expect((await klines('interval=1m')).body.code).toBe(-1102);
  });

  it('answers 429 with Retry-After when forced or over the limit', async () => {
    sandbox.control.failNext('binance.klines', 1, 'rate-limit');
    const limited = await klines('symbol=BTCUSDT&interval=1m&limit=1');
    expect(limited.res.status).toBe(429);
    expect(limited.res.headers.get('retry-after')).toBe('1');
    expect(limited.body.code).toBe(-1003);
    expect((await klines('symbol=BTCUSDT&interval=1m&limit=1')).res.status).toBe(200);
  });
});

describe('kline streams', () => {
  const collect = (ws: WebSocket) => {
    const messages: BinanceStreamMessage[] = [];
    ws.on('message', (data: Buffer) => messages.push(parseBinanceStreamMessage(data.toString())));
    const until = async (check: () => boolean) => {
      if (!check()) await nextMessage(ws, () => (check() ? true : undefined));
    };
    return { messages, until };
  };

  it('pushes combined-envelope kline events every step and a closed kline equal to the REST row', async () => {
    const stream = binanceKlineStreamName('BTCUSDT', '1m');
    const ws = await openSocket(`${sandbox.urls.binanceWs}/stream?streams=${stream}`);
    sockets.push(ws);
    const { messages, until } = collect(ws);
    clock.advance(60_000);
    sandbox.control.pump();
    const closedKline = () => messages.find((m) => m.kind === 'kline' && m.event.kline.isClosed);
    await until(() => closedKline() !== undefined);
    const closed = closedKline();
    if (closed?.kind !== 'kline') throw new Error('no closed kline');
    expect(closed.stream).toBe(stream);
    expect(closed.event.kline.openTime).toBe(TEST_START_MS);
    expect(messages.filter((m) => m.kind === 'kline' && !m.event.kline.isClosed).length).toBeGreaterThanOrEqual(58);
    const [row] = (await klines(`symbol=BTCUSDT&interval=1m&startTime=${TEST_START_MS}&limit=1`)).body as unknown[];
    const {
      symbol: _s,
      interval: _i,
      firstTradeId: _f,
      lastTradeId: _l,
      isClosed: _x,
      ...streamed
    } = closed.event.kline;
    expect(streamed).toEqual(parseBinanceKlineRow(row));
  });

  it('answers SUBSCRIBE, LIST_SUBSCRIPTIONS and UNSUBSCRIBE on a raw /ws connection', async () => {
    const ws = await openSocket(`${sandbox.urls.binanceWs}/ws`);
    sockets.push(ws);
    const { messages, until } = collect(ws);
    ws.send(JSON.stringify(formatBinanceStreamRequest('SUBSCRIBE', ['ethusdt@kline_1s'], 1)));
    await until(() => messages.some((m) => m.kind === 'result'));
    expect(messages[0]).toEqual({ kind: 'result', id: 1, result: null });
    clock.advance(1_000);
    sandbox.control.pump();
    await until(() => messages.some((m) => m.kind === 'kline'));
    const event = messages.find((m) => m.kind === 'kline');
    // Raw connections get bare events; a 1s kline closes on every step.
    expect(event).toMatchObject({
      kind: 'kline',
      stream: null,
      event: { symbol: 'ETHUSDT', kline: { interval: '1s', isClosed: true } },
    });
    ws.send(JSON.stringify(formatBinanceStreamRequest('LIST_SUBSCRIPTIONS', [], 'list')));
    await until(() => messages.some((m) => m.kind === 'result' && m.id === 'list'));
    expect(messages.find((m) => m.kind === 'result' && m.id === 'list')).toMatchObject({
      result: ['ethusdt@kline_1s'],
    });
    ws.send(JSON.stringify(formatBinanceStreamRequest('UNSUBSCRIBE', ['ethusdt@kline_1s'], 3)));
    ws.send('{not json');
    await until(() => messages.some((m) => m.kind === 'error'));
    expect(messages.find((m) => m.kind === 'result' && m.id === 3)).toBeDefined();
    expect(messages.find((m) => m.kind === 'error')).toMatchObject({ code: 3 });
  });

  it('serves raw /ws/<stream> connections and pings them', async () => {
    const ws = await openSocket(`${sandbox.urls.binanceWs}/ws/btcusdt@kline_5m`);
    sockets.push(ws);
    await new Promise<void>((resolve) => ws.once('ping', () => resolve()));
    const { messages, until } = collect(ws);
    clock.advance(1_000);
    sandbox.control.pump();
    await until(() => messages.length > 0);
    expect(messages[0]).toMatchObject({
      kind: 'kline',
      stream: null,
      event: { kline: { interval: '5m', isClosed: false } },
    });
    expect(sandbox.control.dropBinanceStreamConnections()).toBe(1);
  });
});
