/**
 * Where candles start, pure. Kite aligns intraday candles to the 09:15 IST session open (so 10minute
 * candles run 09:15, 09:25, … and 60minute ones 09:15, 10:15, …) and day candles to IST midnight; the
 * sandbox keeps that alignment around the clock. Binance aligns to UTC: fixed intervals to the epoch,
 * weeks to Monday 00:00, months to the calendar.
 */
import { BINANCE_INTERVAL_MS, type BinanceInterval } from '../protocols/binance.js';
import { KITE_INTERVAL_SECONDS, type KiteInterval } from '../protocols/kite-rest.js';

const IST_OFFSET_SECONDS = 19_800;
/** 09:15 IST is 03:45 UTC. */
const KITE_SESSION_ANCHOR_SECONDS = 13_500;
const DAY_MS = 86_400_000;
/** The epoch was a Thursday; the first Monday came four days later. */
const MONDAY_OFFSET_MS = 4 * DAY_MS;

function floorTo(value: number, step: number): number {
  return Math.floor(value / step) * step;
}

/** Start (unix seconds) of the Kite candle that contains `second`. */
export function kiteCandleStart(interval: KiteInterval, second: number): number {
  if (interval === 'day') return floorTo(second + IST_OFFSET_SECONDS, 86_400) - IST_OFFSET_SECONDS;
  const length = KITE_INTERVAL_SECONDS[interval];
  return floorTo(second - KITE_SESSION_ANCHOR_SECONDS, length) + KITE_SESSION_ANCHOR_SECONDS;
}

/** Starts of the Kite candles that begin within [fromSecond, toSecond], oldest first. */
export function kiteCandleStarts(interval: KiteInterval, fromSecond: number, toSecond: number): number[] {
  const length = KITE_INTERVAL_SECONDS[interval];
  let start = kiteCandleStart(interval, fromSecond);
  if (start < fromSecond) start += length;
  const starts: number[] = [];
  for (; start <= toSecond; start += length) starts.push(start);
  return starts;
}

/** Open time (epoch ms) of the Binance kline that contains `ms`. */
export function binanceCandleStart(interval: BinanceInterval, ms: number): number {
  if (interval === '1M') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (interval === '1w') return floorTo(ms - MONDAY_OFFSET_MS, 7 * DAY_MS) + MONDAY_OFFSET_MS;
  return floorTo(ms, BINANCE_INTERVAL_MS[interval]);
}

/** The next kline's open time, i.e. this kline's close time + 1 ms. */
export function binanceCandleEnd(interval: BinanceInterval, startMs: number): number {
  if (interval === '1M') {
    const d = new Date(startMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return startMs + BINANCE_INTERVAL_MS[interval];
}

/** The previous kline's open time. */
export function binancePreviousCandle(interval: BinanceInterval, startMs: number): number {
  if (interval === '1M') {
    const d = new Date(startMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  }
  return startMs - BINANCE_INTERVAL_MS[interval];
}
