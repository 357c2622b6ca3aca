/**
 * Reads the sandbox's price paths with caching, and aggregates any range of seconds into OHLCV, the one
 * routine behind historical candles, quotes' day OHLC, Binance klines and live kline events.
 * Aggregation uses per-minute summaries for whole minutes and per-second prices at the edges, so a
 * day candle costs ~1,500 steps rather than 86,400.
 */
import { LruCache } from './lru-cache.js';
import { buildDayPath, SECONDS_PER_DAY, type DayPath, type WalkSpec } from './price-path.js';

/** Aggregated prices of a range, in minor units. `quoteVolume` is Σ price × volume (minor × quantity units). */
export interface Ohlcv {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  quoteVolume: number;
  /** Seconds in the range that traded, our stand-in for a trade count. */
  trades: number;
}

interface MinuteSummaries {
  /** open, high, low, close per minute. */
  ohlc: Int32Array;
  volume: Float64Array;
  quote: Float64Array;
  trades: Int32Array;
}

/** Cached access to every underlying's prices. */
export interface PriceFeed {
  /** Price (minor units) during `second` (unix seconds). */
  priceAt(key: string, second: number): number;
  /** Quantity traded during `second`. */
  volumeAt(key: string, second: number): number;
  /** One UTC day of per-second prices. */
  dayPath(key: string, day: number): DayPath;
  /** OHLCV over seconds [fromSecond, toSecond); null for an empty range. */
  aggregate(key: string, fromSecond: number, toSecond: number): Ohlcv | null;
}

const MINUTES_PER_DAY = SECONDS_PER_DAY / 60;

function summarise(path: DayPath): MinuteSummaries {
  const ohlc = new Int32Array(MINUTES_PER_DAY * 4);
  const volume = new Float64Array(MINUTES_PER_DAY);
  const quote = new Float64Array(MINUTES_PER_DAY);
  const trades = new Int32Array(MINUTES_PER_DAY);
  for (let m = 0; m < MINUTES_PER_DAY; m++) {
    const first = m * 60;
    let high = path.prices[first] as number;
    let low = high;
    for (let s = first; s < first + 60; s++) {
      const p = path.prices[s] as number;
      if (p > high) high = p;
      if (p < low) low = p;
      const v = path.volumes ? (path.volumes[s] as number) : 0;
      volume[m] = (volume[m] as number) + v;
      quote[m] = (quote[m] as number) + p * v;
      if (v > 0) trades[m] = (trades[m] as number) + 1;
    }
    ohlc[m * 4] = path.prices[first] as number;
    ohlc[m * 4 + 1] = high;
    ohlc[m * 4 + 2] = low;
    ohlc[m * 4 + 3] = path.prices[first + 59] as number;
  }
  return { ohlc, volume, quote, trades };
}

class Accumulator {
  open = 0;
  high = -Infinity;
  low = Infinity;
  close = 0;
  volume = 0;
  quoteVolume = 0;
  trades = 0;
  isEmpty = true;

  add(open: number, high: number, low: number, close: number, volume: number, quote: number, trades: number): void {
    if (this.isEmpty) this.open = open;
    this.isEmpty = false;
    if (high > this.high) this.high = high;
    if (low < this.low) this.low = low;
    this.close = close;
    this.volume += volume;
    this.quoteVolume += quote;
    this.trades += trades;
  }

  addMinute(sum: MinuteSummaries, m: number): void {
    const o = sum.ohlc;
    const i = m * 4;
    const open = o[i] as number;
    const close = o[i + 3] as number;
    this.add(
      open,
      o[i + 1] as number,
      o[i + 2] as number,
      close,
      sum.volume[m] as number,
      sum.quote[m] as number,
      sum.trades[m] as number,
    );
  }

  result(): Ohlcv | null {
    if (this.isEmpty) return null;
    const { open, high, low, close, volume, quoteVolume, trades } = this;
    return { open, high, low, close, volume, quoteVolume, trades };
  }
}

// Shared by every feed in the process: paths are pure functions of (seed, underlying, day), so sandboxes
// with the same seed (tests start many) reuse them; an underlying key always names the same spec.
// About 0.5 MB per path and 46 KB per summary day.
const paths = new LruCache<string, DayPath>(32);
const summaries = new LruCache<string, MinuteSummaries>(512);

class CachedPriceFeed implements PriceFeed {
  private readonly byKey: Map<string, WalkSpec>;

  constructor(
    private readonly seed: number,
    specs: readonly WalkSpec[],
  ) {
    this.byKey = new Map(specs.map((s) => [s.key, s]));
  }

  dayPath(key: string, day: number): DayPath {
    return paths.getOrSet(`${this.seed}|${key}|${day}`, () => buildDayPath(this.seed, this.spec(key), day));
  }

  priceAt(key: string, second: number): number {
    const day = Math.floor(second / SECONDS_PER_DAY);
    return this.dayPath(key, day).prices[second - day * SECONDS_PER_DAY] as number;
  }

  volumeAt(key: string, second: number): number {
    const day = Math.floor(second / SECONDS_PER_DAY);
    const volumes = this.dayPath(key, day).volumes;
    return volumes ? (volumes[second - day * SECONDS_PER_DAY] as number) : 0;
  }

  aggregate(key: string, fromSecond: number, toSecond: number): Ohlcv | null {
    const acc = new Accumulator();
    let s = fromSecond;
    while (s < toSecond) {
      const day = Math.floor(s / SECONDS_PER_DAY);
      const dayStart = day * SECONDS_PER_DAY;
      const end = Math.min(toSecond, dayStart + SECONDS_PER_DAY);
      this.addDaySlice(acc, key, day, s - dayStart, end - dayStart);
      s = end;
    }
    return acc.result();
  }

  private spec(key: string): WalkSpec {
    const found = this.byKey.get(key);
    if (!found) throw new Error(`Unknown sandbox underlying ${key}`);
    return found;
  }

  private minuteSummaries(key: string, day: number): MinuteSummaries {
    return summaries.getOrSet(`${this.seed}|${key}|${day}`, () => summarise(this.dayPath(key, day)));
  }

  /** Adds seconds [from, to) of one day: whole minutes from summaries, loose seconds from the path. */
  private addDaySlice(acc: Accumulator, key: string, day: number, from: number, to: number): void {
    let s = from;
    while (s < to) {
      if (s % 60 === 0 && s + 60 <= to) {
        acc.addMinute(this.minuteSummaries(key, day), s / 60);
        s += 60;
      } else {
        const path = this.dayPath(key, day);
        const p = path.prices[s] as number;
        const v = path.volumes ? (path.volumes[s] as number) : 0;
        acc.add(p, p, p, p, v, p * v, v > 0 ? 1 : 0);
        s += 1;
      }
    }
  }
}

/** Creates the feed for `specs`, all driven by one seed hash. */
export function createPriceFeed(seed: number, specs: readonly WalkSpec[]): PriceFeed {
  return new CachedPriceFeed(seed, specs);
}
