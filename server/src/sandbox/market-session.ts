/**
 * When a market trades, pure: NSE's normal market for index derivatives and their indices is 09:15 to 15:30
 * IST on trading days (weekdays that are not NSE holidays). Outside it Kite's prices stand still: the last
 * price, the quote and the day's figures stay those of the last session's last second, the ticker sends no
 * movement, and historical candles exist only inside sessions. The sandbox's own 24×7 index has no session.
 * Seconds are unix seconds; days are IST day numbers (option-expiries.ts).
 */
import { dayString } from './option-expiries.js';

/** A market's daily session in IST, on weekdays that are not `holidays`. */
export interface MarketSession {
  /** Minutes after IST midnight the session opens (555 = 09:15) and closes (930 = 15:30, exclusive). */
  openMinuteIst: number;
  closeMinuteIst: number;
  holidays: ReadonlySet<string>;
}

const IST_OFFSET_SECONDS = 19_800;
const SECONDS_PER_DAY = 86_400;
/** Further back than any run of NSE holidays and weekends (the longest is a few days). */
const MAX_CLOSED_DAYS = 30;

const istDayOf = (second: number): number => Math.floor((second + IST_OFFSET_SECONDS) / SECONDS_PER_DAY);
const dayStartSecond = (day: number): number => day * SECONDS_PER_DAY - IST_OFFSET_SECONDS;

/** Whether the IST day `day` has a session: a weekday (day 0, 1970-01-01, was a Thursday) not on holiday. */
export function isSessionDay(session: MarketSession, day: number): boolean {
  const weekday = (day + 4) % 7;
  return weekday !== 0 && weekday !== 6 && !session.holidays.has(dayString(day));
}

/** The first second of day `day`'s session and the second it closes at (exclusive). */
export function sessionBounds(session: MarketSession, day: number): [number, number] {
  const start = dayStartSecond(day);
  return [start + session.openMinuteIst * 60, start + session.closeMinuteIst * 60];
}

/** Whether `second` lies inside a session; always, for a market without one. */
export function isInSession(session: MarketSession | undefined, second: number): boolean {
  if (!session) return true;
  const day = istDayOf(second);
  const [open, close] = sessionBounds(session, day);
  return isSessionDay(session, day) && second >= open && second < close;
}

/**
 * The second whose price stands at `second`: `second` itself inside a session (or for a market without
 * one), otherwise the last second of the latest session before it.
 */
export function lastSessionSecond(session: MarketSession | undefined, second: number): number {
  if (!session) return second;
  let day = istDayOf(second);
  for (let back = 0; back <= MAX_CLOSED_DAYS; back++, day--) {
    if (!isSessionDay(session, day)) continue;
    const [open, close] = sessionBounds(session, day);
    if (second >= open) return Math.min(second, close - 1);
  }
  return second;
}

/** The parts of seconds [from, to) that lie inside sessions, oldest first; the whole range without one. */
export function sessionSlices(session: MarketSession | undefined, from: number, to: number): [number, number][] {
  if (!session) return from < to ? [[from, to]] : [];
  const slices: [number, number][] = [];
  for (let day = istDayOf(from); from < to && dayStartSecond(day) < to; day++) {
    if (!isSessionDay(session, day)) continue;
    const [open, close] = sessionBounds(session, day);
    const start = Math.max(from, open);
    const end = Math.min(to, close);
    if (start < end) slices.push([start, end]);
  }
  return slices;
}
