import { toRupees } from '@app/contract';
import { createKiteTick, forEachKiteTick } from '../../../protocols/kite-ticker.js';
import { formatKiteTickerCommand } from '../../../protocols/kite-ticker-text.js';
import { tickBar } from '../candles.logic.js';
import type { LiveStream, StreamHandlers } from './adapter.js';
import { createReconnectingSocket } from '../../../platform/reconnecting-socket.js';

export interface KiteStreamOptions {
  wsRoot: string;
  apiKey: string;
  accessToken: () => Promise<string>;
  handlers: StreamHandlers;
  now: () => number;
  baseDelayMs?: number;
  /**
   * The ticker refused the access token (HTTP 403: Kite invalidates tokens at 06:00 IST). Forget it and
   * say whether a fresh one can be had without a person (true: try once more); false stops the ticker.
   */
  onTokenRejected?: () => Promise<boolean>;
}

/**
 * Kite's ticker (PROTOCOLS §3): binary ticks turned into price bars. Subscriptions use `full` mode
 * because only full packets carry the exchange timestamp: candles are then built on exchange time,
 * as history is, not on when a packet happened to arrive.
 */
export function createKiteStream(opts: KiteStreamOptions): LiveStream & { drop(): void; resume(): void } {
  const tokens = new Set<number>();
  // Kite sends the day's cumulative volume; a bar carries what traded since the previous tick.
  const lastVolume = new Map<number, number>();
  const reuse = createKiteTick();
  /** 403s since the last successful connection: a fresh token gets one try, then the ticker stops. */
  let refusals = 0;

  const socket = createReconnectingSocket({
    url: async () => {
      const q = new URLSearchParams({ api_key: opts.apiKey, access_token: await opts.accessToken() });
      return `${opts.wsRoot}?${q.toString()}`;
    },
    readTimeoutMs: 5000,
    onRefused: async (status) => {
      if (status !== 403) return 'retry';
      refusals += 1;
      const mayRetry = refusals === 1 && (await (opts.onTokenRejected?.() ?? Promise.resolve(false)));
      if (mayRetry) return 'retry';
      opts.handlers.onHalted?.('Kite refused the access token (it expires at 06:00 IST): generate a new one');
      return 'stop';
    },
    ...(opts.baseDelayMs !== undefined ? { baseDelayMs: opts.baseDelayMs } : {}),
    now: opts.now,
    onOpen: (send, isReconnect, lastMessageAt) => {
      refusals = 0;
      if (tokens.size > 0) {
        const list = [...tokens];
        send(formatKiteTickerCommand({ a: 'subscribe', v: list }));
        send(formatKiteTickerCommand({ a: 'mode', v: ['full', list] }));
      }
      if (isReconnect) opts.handlers.onReconnected(lastMessageAt ?? opts.now());
    },
    onMessage: (data, isBinary) => {
      if (!isBinary || !Buffer.isBuffer(data)) return;
      const receivedAt = opts.now();
      forEachKiteTick(
        data,
        (tick) => {
          if (!tokens.has(tick.instrumentToken)) return;
          const previous = lastVolume.get(tick.instrumentToken);
          lastVolume.set(tick.instrumentToken, tick.volume);
          const traded = previous === undefined || tick.volume < previous ? 0 : tick.volume - previous;
          const ts = tick.exchangeTimestamp > 0 ? tick.exchangeTimestamp * 1000 : receivedAt;
          const paise = tick.lastPricePaise;
          opts.handlers.onBar(String(tick.instrumentToken), tickBar(ts, toRupees(paise), traded), paise);
        },
        reuse,
      );
    },
    onConnectionChange: (c) => opts.handlers.onConnectionChange(c),
  });

  const numeric = (list: string[]) => list.map(Number).filter((n) => Number.isInteger(n) && n > 0);

  return {
    subscribe(list) {
      const fresh = numeric(list).filter((t) => !tokens.has(t));
      for (const t of fresh) tokens.add(t);
      if (fresh.length === 0) return;
      socket.send(formatKiteTickerCommand({ a: 'subscribe', v: fresh }));
      socket.send(formatKiteTickerCommand({ a: 'mode', v: ['full', fresh] }));
    },
    unsubscribe(list) {
      const gone = numeric(list).filter((t) => tokens.delete(t));
      for (const t of gone) lastVolume.delete(t);
      if (gone.length > 0) socket.send(formatKiteTickerCommand({ a: 'unsubscribe', v: gone }));
    },
    isConnected: () => socket.isConnected(),
    drop: () => socket.drop(),
    resume: () => socket.resume(),
    close: () => socket.close(),
  };
}
