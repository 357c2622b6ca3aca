/**
 * Time to expiry for the option model (issue 34), counted in trading minutes. Pure.
 *
 * Convention: only minutes inside NSE's session, 09:15–15:30 IST on a weekday that is not a listed holiday,
 * count; an option loses no time value overnight or over a weekend in this measure, which is how Indian desks
 * quote theta (per trading day) and why a Friday-afternoon vol does not jump on Monday morning. The expiry is
 * the 15:30 IST close of its expiry day. A year is 252 sessions × 375 minutes = 94,500 trading minutes.
 * The same year fraction discounts at the annual rate; 252 sessions are about one calendar year, and over the
 * weeks an index option lives the difference is far below a paisa.
 */
import { IST_OFFSET_MS } from '@app/contract';

/** NSE's regular session in minutes after IST midnight: 09:15 to 15:30, 375 minutes. */
export const SESSION_OPEN_MINUTE = 9 * 60 + 15;
export const SESSION_CLOSE_MINUTE = 15 * 60 + 30;

/** 252 sessions of 375 minutes. */
export const TRADING_MINUTES_PER_YEAR = 252 * 375;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const dayText = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The instant of the 15:30 IST close on an IST day `YYYY-MM-DD`: when an NSE option of that expiry stops. */
export function expiryCloseAt(expiryDay: string): number {
  return Date.parse(`${expiryDay}T00:00:00Z`) - IST_OFFSET_MS + SESSION_CLOSE_MINUTE * MINUTE_MS;
}

/**
 * Trading minutes (fractional: the model's clock does not tick by whole minutes) between two instants, counting
 * only the session on weekdays whose IST day is not in `holidays` (`YYYY-MM-DD`). Zero when `to` ≤ `from`.
 */
export function tradingMinutesBetween(from: number, to: number, holidays: ReadonlySet<string>): number {
  if (!(to > from)) return 0;
  let totalMs = 0;
  const lastDay = Math.floor((to + IST_OFFSET_MS) / DAY_MS);
  for (let day = Math.floor((from + IST_OFFSET_MS) / DAY_MS); day <= lastDay; day++) {
    // Day 0 of the epoch, 1970-01-01, was a Thursday.
    const weekday = (day + 4) % 7;
    if (weekday === 0 || weekday === 6) continue;
    if (holidays.size > 0 && holidays.has(dayText(day))) continue;
    const midnight = day * DAY_MS - IST_OFFSET_MS;
    const open = Math.max(midnight + SESSION_OPEN_MINUTE * MINUTE_MS, from);
    const close = Math.min(midnight + SESSION_CLOSE_MINUTE * MINUTE_MS, to);
    if (close > open) totalMs += close - open;
  }
  return totalMs / MINUTE_MS;
}

/** The year fraction to an expiry's close in trading minutes (see the top of this file); 0 once it has passed. */
export function yearsToExpiry(input: {
  now: number;
  /** The IST expiry day, `YYYY-MM-DD`. */
  expiryDay: string;
  holidays?: ReadonlySet<string>;
  minutesPerYear?: number;
}): number {
  const minutes = tradingMinutesBetween(input.now, expiryCloseAt(input.expiryDay), input.holidays ?? new Set());
  return minutes / (input.minutesPerYear ?? TRADING_MINUTES_PER_YEAR);
}
