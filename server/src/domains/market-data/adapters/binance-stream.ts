import {
  binanceKlineStreamName,
  formatBinanceStreamRequest,
  parseBinanceStreamMessage,
} from '../../../protocols/binance.js';
import { decimalToScaledInt } from '../../../protocols/decimal.js';
import { wsText } from '../../../protocols/ws-data.js';
import { PRICE_DECIMALS, type LiveStream, type StreamHandlers } from './adapter.js';
import { createReconnectingSocket } from '../../../platform/reconnecting-socket.js';

export interface BinanceStreamOptions {
  wsRoot: string;
  handlers: StreamHandlers;
  now: () => number;
  baseDelayMs?: number;
}

/**
 * Binance kline streams on one combined connection: 1m klines per symbol, each update turned into a
 * bar (its open, high and low so far, the latest close, and the volume added since the last update).
 */
export function createBinanceStream(opts: BinanceStreamOptions): LiveStream & { drop(): void } {
  const symbols = new Set<string>();
  const seen = new Map<string, { openTime: number; volume: number }>();
  let requestId = 0;

  const request = (method: 'SUBSCRIBE' | 'UNSUBSCRIBE', list: string[]) =>
    JSON.stringify(
      formatBinanceStreamRequest(
        method,
        list.map((s) => binanceKlineStreamName(s, '1m')),
        ++requestId,
      ),
    );

  const socket = createReconnectingSocket({
    url: () => Promise.resolve(`${opts.wsRoot.replace(/\/$/, '')}/stream`),
    // Klines arrive every 2 s per stream; a quiet minute means the link is dead.
    readTimeoutMs: 60_000,
    ...(opts.baseDelayMs !== undefined ? { baseDelayMs: opts.baseDelayMs } : {}),
    now: opts.now,
    onOpen: (send, isReconnect, lastMessageAt) => {
      if (symbols.size > 0) send(request('SUBSCRIBE', [...symbols]));
      if (isReconnect) opts.handlers.onReconnected(lastMessageAt ?? opts.now());
    },
    onMessage: (data, isBinary) => {
      if (isBinary) return;
      const text = wsText(data);
      let message;
      try {
        message = parseBinanceStreamMessage(text);
      } catch {
        return;
      }
      if (message.kind !== 'kline') return;
      const k = message.event.kline;
      const symbol = k.symbol.toUpperCase();
      if (!symbols.has(symbol)) return;
      // The price in whole 1e-8 units, read once from Binance's decimal text (never through a float).
      let closeMinor: number;
      try {
        closeMinor = decimalToScaledInt(k.close, PRICE_DECIMALS.binance);
      } catch {
        return; // finer than Binance's eight decimals or beyond 2^53 units: not a price Binance sends
      }
      const volume = Number(k.volume);
      const before = seen.get(symbol);
      const traded = before && before.openTime === k.openTime ? Math.max(0, volume - before.volume) : volume;
      seen.set(symbol, { openTime: k.openTime, volume });
      opts.handlers.onBar(
        symbol,
        {
          ts: Math.min(Math.max(message.event.eventTime, k.openTime), k.closeTime),
          open: Number(k.open),
          high: Number(k.high),
          low: Number(k.low),
          close: Number(k.close),
          volume: traded,
        },
        closeMinor,
      );
    },
    onConnectionChange: (c) => opts.handlers.onConnectionChange(c),
  });

  return {
    subscribe(list) {
      const fresh = list.map((s) => s.toUpperCase()).filter((s) => !symbols.has(s));
      for (const s of fresh) symbols.add(s);
      if (fresh.length > 0) socket.send(request('SUBSCRIBE', fresh));
    },
    unsubscribe(list) {
      const gone = list.map((s) => s.toUpperCase()).filter((s) => symbols.delete(s));
      for (const s of gone) seen.delete(s);
      if (gone.length > 0) socket.send(request('UNSUBSCRIBE', gone));
    },
    isConnected: () => socket.isConnected(),
    drop: () => socket.drop(),
    close: () => socket.close(),
  };
}
