import type { DataInterval } from '@app/contract';
import { BINANCE_KLINE_LIMIT, isBinanceError, parseBinanceKlineRow } from '../../../protocols/binance.js';
import { INTERVAL_MS, type Candle } from '../candles.logic.js';
import type { HistoryRequest, LiveStream, MarketAdapter, RefusalReader, StreamHandlers } from './adapter.js';
import { createBinanceStream } from './binance-stream.js';
import {
  fetchWithTimeout,
  RetryableError,
  retryAfterMs,
  withRetry,
  type RetryOptions,
} from '../../../platform/outbound.js';

export interface BinanceAdapterOptions {
  apiRoot: string;
  wsRoot: string;
  now: () => number;
  retry?: RetryOptions;
  reconnectBaseDelayMs?: number;
}

/** A Binance error reply (`{"code":-1121,"msg":"Invalid symbol."}`). */
export class BinanceApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BinanceApiError';
  }
}

/** Binance's error replies in the trader's words (Binance has no access token to refuse). */
export const binanceRefusal: RefusalReader = (err) =>
  err instanceof BinanceApiError ? { kind: 'upstream', provider: 'Binance', message: err.message } : null;

export function createBinanceAdapter(opts: BinanceAdapterOptions): MarketAdapter {
  const root = opts.apiRoot.replace(/\/$/, '');

  async function klinePage(symbol: string, interval: DataInterval, startTime: number, endTime: number) {
    return withRetry(async () => {
      const q = new URLSearchParams({
        symbol,
        interval,
        startTime: String(startTime),
        endTime: String(endTime),
        limit: String(BINANCE_KLINE_LIMIT.max),
      });
      const res = await fetchWithTimeout(`${root}/api/v3/klines?${q.toString()}`);
      // 429 is a rate limit and 418 an IP ban; both say when to come back.
      if (res.status === 429 || res.status === 418 || res.status >= 500) {
        throw new RetryableError(
          `Binance answered ${res.status}`,
          retryAfterMs(res.headers.get('retry-after')),
          res.status,
        );
      }
      const body: unknown = await res.json();
      if (!res.ok || isBinanceError(body)) {
        const err = isBinanceError(body) ? body : { code: res.status, msg: `Binance answered ${res.status}` };
        throw new BinanceApiError(err.code, err.msg);
      }
      if (!Array.isArray(body)) throw new BinanceApiError(-1, 'Binance sent an unexpected klines reply');
      return body.map(parseBinanceKlineRow);
    }, opts.retry);
  }

  return {
    source: 'binance',

    async fetchHistory(req: HistoryRequest): Promise<Candle[]> {
      const out: Candle[] = [];
      let start = req.from;
      while (start <= req.to) {
        const page = await klinePage(req.instrumentToken, req.interval, start, req.to);
        for (const k of page) {
          out.push({
            ts: k.openTime,
            open: Number(k.open),
            high: Number(k.high),
            low: Number(k.low),
            close: Number(k.close),
            volume: Number(k.volume),
          });
        }
        const last = page[page.length - 1];
        if (!last || page.length < BINANCE_KLINE_LIMIT.max) break;
        start = last.openTime + INTERVAL_MS[req.interval];
      }
      return out;
    },

    openStream(handlers: StreamHandlers): LiveStream {
      return createBinanceStream({
        wsRoot: opts.wsRoot,
        handlers,
        now: opts.now,
        ...(opts.reconnectBaseDelayMs !== undefined ? { baseDelayMs: opts.reconnectBaseDelayMs } : {}),
      });
    },
  };
}
