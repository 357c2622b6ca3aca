import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { HistoryRequest, MarketAdapter, StreamHandlers } from './adapters/adapter.js';
import { tickBar, type Candle } from './candles.logic.js';
import { createMarketDataHub } from './hub.js';

const MIN = 60_000;
const T0 = 1_000 * MIN;

function fakeAdapter(history: Candle[] = []) {
  const calls = {
    subscribed: [] as string[][],
    unsubscribed: [] as string[][],
    closed: 0,
    history: [] as HistoryRequest[],
  };
  let handlers: StreamHandlers | null = null;
  const adapter: MarketAdapter = {
    source: 'binance',
    fetchHistory: (req) => {
      calls.history.push(req);
      return Promise.resolve(history.filter((c) => c.ts >= req.from && c.ts <= req.to));
    },
    openStream: (h) => {
      handlers = h;
      return {
        subscribe: (t) => void calls.subscribed.push(t),
        unsubscribe: (t) => void calls.unsubscribed.push(t),
        isConnected: () => true,
        close: () => {
          calls.closed += 1;
          return Promise.resolve();
        },
      };
    },
  };
  return { adapter, calls, handlers: () => handlers as StreamHandlers };
}

const candle = (ts: number, close: number): Candle => ({ ts, open: close, high: close, low: close, close, volume: 1 });

describe('market-data hub', () => {
  it('shares one stream subscription per instrument between subscribers and releases it with the last one', () => {
    const { adapter, calls } = fakeAdapter();
    let now = T0;
    const hub = createMarketDataHub({
      adapters: { binance: adapter },
      now: () => now,
      sessionOf: () => ({ timezone: 'UTC', marketOpenTime: '00:00' }),
      logger: pino({ level: 'silent' }),
    });
    const key = { source: 'binance', instrumentToken: 'BTCUSDT', interval: '1m' } as const;
    const a = hub.subscribe(key, () => undefined);
    const b = hub.subscribe({ ...key, interval: '5m' }, () => undefined);
    expect(calls.subscribed).toEqual([['BTCUSDT']]);
    expect(hub.subscriptionCount()).toBe(2);
    a();
    expect(calls.unsubscribed).toEqual([]);
    b();
    expect(calls.unsubscribed).toEqual([['BTCUSDT']]);
    expect(calls.closed).toBe(1);
    now += 1;
  });

  it('delivers each close once, on the next bucket or on time, and fills a hole from history after a reconnect', async () => {
    const { adapter, handlers } = fakeAdapter([candle(T0, 10), candle(T0 + MIN, 11), candle(T0 + 2 * MIN, 12)]);
    let now = T0;
    const hub = createMarketDataHub({
      adapters: { binance: adapter },
      now: () => now,
      sessionOf: () => ({ timezone: 'UTC', marketOpenTime: '00:00' }),
      logger: pino({ level: 'silent' }),
      graceMs: 0,
    });
    const got: Array<[number, boolean]> = [];
    hub.subscribe(
      { source: 'binance', instrumentToken: 'BTCUSDT', interval: '1m' },
      (c, _k, meta) => void got.push([c.ts, meta.isGapFill]),
    );
    handlers().onBar('BTCUSDT', tickBar(T0 + 5_000, 10), 10e8);
    // The feed drops during the second minute; the first tick after it is in the third.
    now = T0 + 2 * MIN + 1_000;
    handlers().onBar('BTCUSDT', tickBar(now, 12), 12e8);
    expect(got).toEqual([[T0, false]]);
    handlers().onReconnected(T0 + 5_000);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([
      [T0, false],
      [T0 + MIN, true],
    ]);
    now = T0 + 3 * MIN;
    hub.flush(now);
    expect(got.map(([ts]) => ts)).toEqual([T0, T0 + MIN, T0 + 2 * MIN]);
    await hub.stop();
  });

  it('keeps a Kite price in the integer paise the ticker decoded, with when it came', async () => {
    const { adapter, handlers } = fakeAdapter();
    const kite: MarketAdapter = { ...adapter, source: 'kite' };
    const now = T0;
    const hub = createMarketDataHub({
      adapters: { kite },
      now: () => now,
      sessionOf: () => ({ timezone: 'Asia/Kolkata', marketOpenTime: '09:15' }),
      logger: pino({ level: 'silent' }),
    });
    const release = hub.watchPrice('kite', '256265');
    expect(hub.lastPricePaise('kite', '256265')).toBeNull();
    // The decoder's paise reach the reader untouched: no float rupees in between.
    handlers().onBar('256265', tickBar(now, 24135.05), 2413505);
    expect(hub.lastPricePaise('kite', '256265')).toBe(2413505);
    expect(hub.lastPriceAt('kite', '256265')).toBe(now);
    release();
    expect(hub.lastPricePaise('kite', '256265')).toBeNull();
    await hub.stop();
  });
});
