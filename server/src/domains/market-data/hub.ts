import type { DataInterval, DataSource } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { OPTIONS_DATA_SOURCE, type LiveStream, type MarketAdapter } from './adapters/adapter.js';
import { CandleBuilder, INTERVAL_MS, sessionBuckets, utcBuckets, type Candle } from './candles.logic.js';

/** Published here, the hub being market-data's face to the engine and the ledger (adapters/ is private). */
export { OPTIONS_DATA_SOURCE };

export interface HubKey {
  source: DataSource;
  instrumentToken: string;
  interval: DataInterval;
}

/** Called once per closed candle; `isGapFill` marks candles recovered from history after a drop. */
export type CandleListener = (candle: Candle, key: HubKey, meta: { isGapFill: boolean }) => void | Promise<void>;

interface Series {
  builder: CandleBuilder;
  listeners: Set<CandleListener>;
  lastClosedTs: number | null;
  /** Open times already delivered (bounded), so a gap fill never repeats a candle. */
  delivered: Set<number>;
}

const DELIVERED_KEPT = 2000;

interface TokenState {
  series: Map<DataInterval, Series>;
  /** The last price as the decoder read it: integer paise for Kite (the source's minor unit, `PRICE_DECIMALS`). */
  lastPriceMinor: number | null;
  /** When the last tick arrived (hub clock), so a caller can tell a live price from a stale one. */
  lastPriceAt: number | null;
  /** Holders of `watchPrice` (open option legs being marked): the token streams while any remains. */
  watchers: number;
}

export interface HubOptions {
  adapters: Partial<Record<DataSource, MarketAdapter>>;
  now: () => number;
  /** Trading session of a Kite instrument, for session-aligned buckets. */
  sessionOf: (instrumentToken: string) => { timezone: string; marketOpenTime: string };
  logger: FastifyBaseLogger;
  /** A candle closes this long after its end, so the provider's last update of it can still land. */
  graceMs?: number;
}

const tokenKey = (source: string, token: string) => `${source}:${token}`;

/**
 * The market-data hub (DESIGN §6): one live stream per source, ticks folded into candles per
 * (source, instrument, interval), candle closes handed to reference-counted subscribers — the
 * strategy engine and live sync alike, independent of each other.
 */
export function createMarketDataHub(opts: HubOptions) {
  const graceMs = opts.graceMs ?? 1000;
  const streams = new Map<DataSource, LiveStream>();
  const connected = new Set<DataSource>();
  /** Why a source's stream stopped for good (a refused access token), until it resumes. */
  const halted = new Map<DataSource, string>();
  const tokens = new Map<string, TokenState>();

  const emit = (key: HubKey, series: Series, candle: Candle, isGapFill: boolean) => {
    if (series.delivered.has(candle.ts)) return;
    // Live closes only move forward; a gap fill may deliver an older candle the stream never built.
    if (!isGapFill && series.lastClosedTs !== null && candle.ts <= series.lastClosedTs) return;
    series.delivered.add(candle.ts);
    if (series.delivered.size > DELIVERED_KEPT) {
      const oldest = series.delivered.values().next().value;
      if (oldest !== undefined) series.delivered.delete(oldest);
    }
    series.lastClosedTs = Math.max(series.lastClosedTs ?? candle.ts, candle.ts);
    for (const listener of series.listeners) {
      try {
        const done = listener(candle, key, { isGapFill });
        if (done instanceof Promise)
          done.catch((err: unknown) => opts.logger.error({ err, key }, 'candle listener failed'));
      } catch (err) {
        opts.logger.error({ err, key }, 'candle listener failed');
      }
    }
  };

  const forEachSeries = (source: DataSource, token: string, fn: (key: HubKey, s: Series) => void) => {
    const state = tokens.get(tokenKey(source, token));
    if (!state) return;
    for (const [interval, series] of state.series) fn({ source, instrumentToken: token, interval }, series);
  };

  function onBar(source: DataSource, token: string, bar: Candle, lastPriceMinor: number) {
    const state = tokens.get(tokenKey(source, token));
    if (!state) return;
    state.lastPriceMinor = lastPriceMinor;
    state.lastPriceAt = opts.now();
    forEachSeries(source, token, (key, series) => {
      for (const closed of series.builder.add(bar)) emit(key, series, closed, false);
    });
  }

  async function gapFill(source: DataSource, token: string) {
    const adapter = opts.adapters[source];
    if (!adapter) return;
    const jobs: Promise<void>[] = [];
    forEachSeries(source, token, (key, series) => {
      const step = INTERVAL_MS[key.interval];
      const now = opts.now();
      const from =
        series.lastClosedTs !== null ? series.lastClosedTs + step : (series.builder.peek()?.ts ?? now - step);
      jobs.push(
        adapter.fetchHistory({ instrumentToken: token, interval: key.interval, from, to: now }).then((candles) => {
          const forming =
            candles.length > 0 && candles[candles.length - 1]!.ts + step > now ? candles.pop() : undefined;
          for (const c of candles) emit(key, series, c, true);
          series.builder.reset(forming ?? null);
        }),
      );
    });
    const results = await Promise.allSettled(jobs);
    for (const r of results)
      if (r.status === 'rejected') opts.logger.warn({ err: r.reason, source, token }, 'gap fill failed');
  }

  function streamFor(source: DataSource): LiveStream | null {
    const existing = streams.get(source);
    if (existing) return existing;
    const adapter = opts.adapters[source];
    if (!adapter) return null;
    const stream = adapter.openStream({
      onBar: (token, bar, lastPriceMinor) => onBar(source, token, bar, lastPriceMinor),
      onConnectionChange: (isUp) => {
        if (isUp) connected.add(source);
        else connected.delete(source);
        opts.logger.info({ source, connected: isUp }, 'market stream connection changed');
      },
      onHalted: (reason) => {
        halted.set(source, reason);
        opts.logger.error({ source, reason }, 'market stream stopped');
      },
      onReconnected: () => {
        for (const key of tokens.keys()) {
          const [src, token] = key.split(':') as [DataSource, string];
          if (src === source) void gapFill(source, token);
        }
      },
    });
    streams.set(source, stream);
    return stream;
  }

  /** A token's state, subscribing the stream the first time anyone needs it. */
  function stateFor(source: DataSource, token: string): TokenState {
    const tk = tokenKey(source, token);
    let state = tokens.get(tk);
    if (!state) {
      state = { series: new Map(), lastPriceMinor: null, lastPriceAt: null, watchers: 0 };
      tokens.set(tk, state);
      streamFor(source)?.subscribe([token]);
    }
    return state;
  }

  /** Unsubscribes a token nobody follows any more, and closes a source's stream when it was the last. */
  function dropIfUnused(source: DataSource, token: string) {
    const tk = tokenKey(source, token);
    const state = tokens.get(tk);
    if (!state || state.series.size > 0 || state.watchers > 0) return;
    tokens.delete(tk);
    const stream = streams.get(source);
    stream?.unsubscribe([token]);
    const sourceStillUsed = [...tokens.keys()].some((k) => k.startsWith(`${source}:`));
    if (stream && !sourceStillUsed) {
      streams.delete(source);
      connected.delete(source);
      void stream.close();
    }
  }

  const clockFor = (key: HubKey) =>
    key.source === OPTIONS_DATA_SOURCE
      ? sessionBuckets(key.interval, opts.sessionOf(key.instrumentToken))
      : utcBuckets(key.interval);

  return {
    /** Starts candle-close delivery for a key; the returned function releases it. */
    subscribe(key: HubKey, listener: CandleListener): () => void {
      const state = stateFor(key.source, key.instrumentToken);
      let series = state.series.get(key.interval);
      if (!series) {
        series = {
          builder: new CandleBuilder(clockFor(key)),
          listeners: new Set(),
          lastClosedTs: null,
          delivered: new Set(),
        };
        state.series.set(key.interval, series);
      }
      series.listeners.add(listener);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        this.release(key, listener);
      };
    },

    release(key: HubKey, listener: CandleListener) {
      const tk = tokenKey(key.source, key.instrumentToken);
      const state = tokens.get(tk);
      const series = state?.series.get(key.interval);
      if (!state || !series) return;
      series.listeners.delete(listener);
      if (series.listeners.size === 0) state.series.delete(key.interval);
      dropIfUnused(key.source, key.instrumentToken);
    },

    /**
     * Streams a token's last price without building candles (the marks of open option legs); the returned
     * function releases it. Read it with `lastPricePaise` / `lastPriceAt`.
     */
    watchPrice(source: DataSource, token: string): () => void {
      stateFor(source, token).watchers += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const state = tokens.get(tokenKey(source, token));
        if (state) state.watchers -= 1;
        dropIfUnused(source, token);
      };
    },

    /** Closes candles whose time is up even when no tick arrives (quiet markets, closed sessions). */
    flush(now = opts.now()) {
      for (const [tk, state] of tokens) {
        const [source, token] = tk.split(':') as [DataSource, string];
        for (const [interval, series] of state.series) {
          for (const closed of series.builder.flush(now - graceMs)) {
            emit({ source, instrumentToken: token, interval }, series, closed, false);
          }
        }
      }
    },

    /**
     * An instrument's last traded price in integer paise, exactly as the ticker decoded it; null before the
     * first tick. Only for the options source, the one rupee source (Binance prices keep their own minor unit).
     */
    lastPricePaise(source: typeof OPTIONS_DATA_SOURCE, token: string): number | null {
      return tokens.get(tokenKey(source, token))?.lastPriceMinor ?? null;
    },

    /** When the token's last tick arrived, or null before the first. */
    lastPriceAt(source: DataSource, token: string): number | null {
      return tokens.get(tokenKey(source, token))?.lastPriceAt ?? null;
    },

    connectedSources: (): DataSource[] => [...connected].sort(),

    /** Why a source's stream stopped for good, or null while it runs (or retries). */
    haltReason: (source: DataSource): string | null => halted.get(source) ?? null,

    /** Every source whose stream stopped for good, with why. */
    haltedSources: (): Array<{ source: DataSource; reason: string }> =>
      [...halted].map(([source, reason]) => ({ source, reason })).sort((a, b) => a.source.localeCompare(b.source)),

    /** Starts a halted source's stream again (a new access token is available). */
    resume(source: DataSource) {
      if (!halted.delete(source)) return;
      streams.get(source)?.resume?.();
    },

    subscriptionCount: () => [...tokens.values()].reduce((n, s) => n + s.series.size, 0),

    async stop() {
      const all = [...streams.values()];
      streams.clear();
      connected.clear();
      tokens.clear();
      await Promise.all(all.map((s) => s.close()));
    },

    /** For tests: the stream of a source, to drop its connection. */
    streamOf: (source: DataSource) => streams.get(source),
  };
}

export type MarketDataHub = ReturnType<typeof createMarketDataHub>;
