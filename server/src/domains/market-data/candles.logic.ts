import type { DataInterval } from '@app/contract';
import { localTime, parseHhmm, zonedToUtc } from '../instruments/market-hours.logic.js';

/** A candle in plain numbers; `ts` is its open time in epoch ms. */
export interface Candle {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const INTERVAL_MS: Record<DataInterval, number> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** Where the candles of one interval start and end. */
export interface BucketClock {
  startOf(ts: number): number;
  endOf(start: number): number;
}

/** UTC-aligned buckets (Binance): 1m…4h from the epoch, 1d from UTC midnight. */
export function utcBuckets(interval: DataInterval): BucketClock {
  const ms = INTERVAL_MS[interval];
  return { startOf: (ts) => Math.floor(ts / ms) * ms, endOf: (start) => start + ms };
}

/**
 * Session-aligned buckets (Kite): intraday candles count from the market open in the instrument's
 * zone (09:15, 09:45, 10:15 … for 30m), day candles from local midnight. DST-safe per day.
 */
export function sessionBuckets(
  interval: DataInterval,
  session: { timezone: string; marketOpenTime: string },
): BucketClock {
  const ms = INTERVAL_MS[interval];
  const openMinutes = parseHhmm(session.marketOpenTime);
  const tz = session.timezone;
  if (interval === '1d') {
    return {
      startOf: (ts) => {
        const t = localTime(ts, tz);
        return zonedToUtc(t.year, t.month, t.day, 0, tz);
      },
      endOf: (start) => {
        const t = localTime(start, tz);
        const next = new Date(Date.UTC(t.year, t.month - 1, t.day + 1));
        return zonedToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, tz);
      },
    };
  }
  return {
    startOf: (ts) => {
      const t = localTime(ts, tz);
      const anchor = zonedToUtc(t.year, t.month, t.day, openMinutes, tz);
      return anchor + Math.floor((ts - anchor) / ms) * ms;
    },
    endOf: (start) => start + ms,
  };
}

/** Folds finer candles (or ticks, as one-price candles) into the buckets of a coarser interval. */
export function aggregate(candles: readonly Candle[], clock: BucketClock): Candle[] {
  const out: Candle[] = [];
  let current: Candle | null = null;
  for (const c of candles) {
    const start = clock.startOf(c.ts);
    if (current && current.ts === start) {
      merge(current, c);
    } else {
      if (current) out.push(current);
      current = { ...c, ts: start };
    }
  }
  if (current) out.push(current);
  return out;
}

function merge(into: Candle, c: Candle): void {
  if (c.high > into.high) into.high = c.high;
  if (c.low < into.low) into.low = c.low;
  into.close = c.close;
  into.volume += c.volume;
}

/**
 * Builds the live candle of one interval from a stream of ticks or finer bars and reports each
 * candle when it closes: on the first tick of the next bucket, or when time passes its end (`flush`).
 */
export class CandleBuilder {
  private current: Candle | null = null;
  private currentEnd = 0;

  constructor(private readonly clock: BucketClock) {}

  /** Adds a bar (a tick is a bar with open = high = low = close); returns candles that closed. */
  add(bar: Candle): Candle[] {
    const start = this.clock.startOf(bar.ts);
    if (this.current && start === this.current.ts) {
      merge(this.current, bar);
      return [];
    }
    if (this.current && start < this.current.ts) return []; // late tick of a closed candle
    const closed = this.current ? [this.current] : [];
    this.current = { ...bar, ts: start };
    this.currentEnd = this.clock.endOf(start);
    return closed;
  }

  /** Closes the open candle once `now` reaches its end. */
  flush(now: number): Candle[] {
    if (!this.current || now < this.currentEnd) return [];
    const closed = this.current;
    this.current = null;
    return [closed];
  }

  /** The candle still forming, if any. */
  peek(): Candle | null {
    return this.current ? { ...this.current } : null;
  }

  /** Forgets the forming candle (after a gap its contents cannot be trusted). */
  reset(seed: Candle | null = null): void {
    this.current = seed ? { ...seed } : null;
    this.currentEnd = seed ? this.clock.endOf(seed.ts) : 0;
  }
}

/** A tick as a one-price bar. */
export const tickBar = (ts: number, price: number, volume = 0): Candle => ({
  ts,
  open: price,
  high: price,
  low: price,
  close: price,
  volume,
});
