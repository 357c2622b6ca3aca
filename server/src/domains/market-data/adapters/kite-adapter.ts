import { KITE_MAX_DAYS_PER_REQUEST, toKiteInterval } from '../../../protocols/kite-rest.js';
import { aggregate, sessionBuckets, type Candle } from '../candles.logic.js';
import type { HistoryRequest, LiveStream, MarketAdapter, StreamHandlers } from './adapter.js';
import type { KiteRest } from '../../../protocols/kite-rest-client.js';
import { createKiteStream } from './kite-stream.js';

const DAY_MS = 86_400_000;

export interface KiteAdapterOptions {
  rest: KiteRest;
  wsRoot: string;
  apiKey: string;
  /** The market-data access token; rejects with a clear message when none can be had. */
  accessToken: () => Promise<string>;
  /** The ticker refused the token: forget it; true when a fresh one can be had without a person. */
  onTokenRejected?: () => Promise<boolean>;
  /** Trading session of an instrument, to align intraday buckets to its open. */
  sessionOf: (instrumentToken: string) => { timezone: string; marketOpenTime: string };
  now: () => number;
  reconnectBaseDelayMs?: number;
}

/** Splits [from, to] into windows of at most `days` days (Kite refuses longer ranges). */
export function kiteChunks(from: number, to: number, days: number): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  for (let start = from; start <= to; start += days * DAY_MS) {
    chunks.push([start, Math.min(to, start + days * DAY_MS - 1000)]);
  }
  return chunks;
}

export function createKiteAdapter(opts: KiteAdapterOptions): MarketAdapter {
  return {
    source: 'kite',

    async fetchHistory(req: HistoryRequest): Promise<Candle[]> {
      // Kite has no 4h candles: fetch 60minute ones and fold them, aligned to the session open.
      const base = req.interval === '4h' ? '1h' : req.interval;
      const kiteInterval = toKiteInterval(base);
      if (!kiteInterval) throw new Error(`Kite has no ${req.interval} candles`);
      await opts.accessToken();
      const byTs = new Map<number, Candle>();
      for (const [from, to] of kiteChunks(req.from, req.to, KITE_MAX_DAYS_PER_REQUEST[kiteInterval])) {
        for (const c of await opts.rest.historical(req.instrumentToken, kiteInterval, from, to)) {
          byTs.set(c.time, { ts: c.time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume });
        }
      }
      const candles = [...byTs.values()].sort((a, b) => a.ts - b.ts);
      return req.interval === '4h'
        ? aggregate(candles, sessionBuckets('4h', opts.sessionOf(req.instrumentToken)))
        : candles;
    },

    openStream(handlers: StreamHandlers): LiveStream {
      return createKiteStream({
        wsRoot: opts.wsRoot,
        apiKey: opts.apiKey,
        accessToken: opts.accessToken,
        ...(opts.onTokenRejected ? { onTokenRejected: opts.onTokenRejected } : {}),
        handlers,
        now: opts.now,
        ...(opts.reconnectBaseDelayMs !== undefined ? { baseDelayMs: opts.reconnectBaseDelayMs } : {}),
      });
    },
  };
}
