import { istDay, istMidnight } from '@app/contract';
import type { ContractGaps } from './option-history.types.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** NSE's F&O session in IST, minutes after midnight: candles start 09:15…15:29. */
const OPEN_MINUTE = 9 * 60 + 15;
const CLOSE_MINUTE = 15 * 60 + 30;

/** Whether an IST day trades on NSE: a weekday that is no holiday. */
function isTradingDay(dayStart: number, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(dayStart + DAY_MS / 2).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(istDay(dayStart + DAY_MS / 2));
}

/**
 * Every NSE minute (a candle's start, UTC epoch ms) in [from, to): 09:15–15:29 IST of each weekday that is
 * no holiday (`holidays`: YYYY-MM-DD, IST).
 */
export function* nseMinutes(from: number, to: number, holidays: ReadonlySet<string>): Generator<number> {
  for (let day = istMidnight(from); day < to; day += DAY_MS) {
    if (!isTradingDay(day, holidays)) continue;
    const first = Math.max(from, day + OPEN_MINUTE * MINUTE_MS);
    const start = Math.ceil(first / MINUTE_MS) * MINUTE_MS;
    const end = Math.min(to, day + CLOSE_MINUTE * MINUTE_MS);
    for (let t = start; t < end; t += MINUTE_MS) yield t;
  }
}

/**
 * Where one contract's candles leave NSE minutes of [from, to) without a price: how many, and the first. A
 * contract trades until its expiry day's close, so minutes after it are not missing. Never filled: the
 * backtest reports them (issue 30).
 */
export function gapsOf(
  candleTimes: ReadonlySet<number>,
  expiry: string,
  from: number,
  to: number,
  holidays: ReadonlySet<string>,
): ContractGaps {
  const expiryClose = istMidnight(Date.parse(expiry)) + CLOSE_MINUTE * MINUTE_MS;
  let missing = 0;
  let firstMissing: number | null = null;
  for (const t of nseMinutes(from, Math.min(to, expiryClose), holidays)) {
    if (candleTimes.has(t)) continue;
    missing += 1;
    firstMissing ??= t;
  }
  return { missing, firstMissing };
}
