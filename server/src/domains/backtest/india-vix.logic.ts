/*
 * India VIX as the `model` price source's volatility (issue 30 item 3). NSE computes India VIX from the NIFTY
 * option book as an annualised volatility in percent (NSE "India VIX" white paper), so a reading of 14.25
 * prices the options at σ = 0.1425. Pure.
 */

/** A stored VIX candle: when it closed (its start plus its interval) and its closing reading, in percent. */
export interface VixReading {
  closedAt: number;
  percent: number;
}

/**
 * The oldest reading a close may still use: a Monday's first minutes use Friday's last, a day after a
 * holiday the day before's. Older than this and the close has no volatility (a missing price, never a guess).
 */
export const VIX_STALE_MS = 5 * 86_400_000;

/**
 * The volatility the market showed at `at`: the last VIX candle closed at or before it (never one still
 * open then: no look-ahead), as a fraction; null when none is recent enough. `readings` oldest first.
 */
export function volatilityAt(readings: readonly VixReading[], at: number): number | null {
  let lo = 0;
  let hi = readings.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (readings[mid]!.closedAt <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return null;
  const r = readings[found]!;
  return at - r.closedAt > VIX_STALE_MS || !(r.percent > 0) ? null : r.percent / 100;
}
