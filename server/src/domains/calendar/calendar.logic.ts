/**
 * NSE's holiday calendar applied to an instrument's market hours (docs/CALENDAR.md). Pure: takes the
 * holidays and the instant.
 */
import { IST_ZONE, istDay, isTradingDay } from '@app/contract';
import { localTime, parseDays, parseHhmm, zonedToUtc, type Hours } from '../instruments/market-hours.logic.js';

/** A listed holiday as decisions read it: its IST day and why. */
export interface HolidayDay {
  date: string;
  description: string;
}

/**
 * Whether an instrument keeps NSE's calendar. Instruments carry no exchange, only hours: one quoted in
 * Indian time that trades on some days of the week only is an NSE (or NFO) market. One open every day
 * (the sandbox's SANDBOX 24x7 index) keeps no exchange's calendar, nor does one in another zone (BTCUSDT).
 */
export function followsNseCalendar(hours: Hours): boolean {
  const isIndian = hours.timezone === IST_ZONE || hours.timezone === 'Asia/Calcutta';
  return isIndian && parseDays(hours.tradingDays).size < 7;
}

export interface CalendarDay {
  /** NSE does not trade on the IST day (a weekend or a listed holiday). */
  isClosed: boolean;
  /** The listed holiday when it is one. */
  holiday: HolidayDay | null;
}

const OPEN_DAY: CalendarDay = { isClosed: false, holiday: null };

/** What NSE's calendar says of the IST day of `at` for an instrument; always open for one that does not keep it. */
export function calendarDay(hours: Hours, holidays: readonly HolidayDay[], at: number): CalendarDay {
  if (!followsNseCalendar(hours)) return OPEN_DAY;
  const date = istDay(at);
  if (isTradingDay(date, holidays)) return OPEN_DAY;
  return { isClosed: true, holiday: holidays.find((h) => h.date === date) ?? null };
}

/** Why the calendar keeps an instrument's market shut all day at `at`, in a trader's words, or null. */
export function closureReason(hours: Hours, holidays: readonly HolidayDay[], at: number): string | null {
  const day = calendarDay(hours, holidays, at);
  if (!day.isClosed) return null;
  return day.holiday ? `market closed today (${day.holiday.description}, an NSE holiday)` : 'market closed';
}

/** How far ahead the next open is looked for: longer than any run of weekends and holidays NSE has. */
const LOOKAHEAD_DAYS = 21;

/**
 * When the market next opens after `now`: the instrument's open time on the next of its trading days that
 * NSE's calendar keeps open too (when it keeps the calendar); null when none does within three weeks.
 */
export function nextOpen(hours: Hours, holidays: readonly HolidayDay[], now: number): number | null {
  const days = parseDays(hours.tradingDays);
  const open = parseHhmm(hours.marketOpenTime);
  const today = localTime(now, hours.timezone);
  const keepsCalendar = followsNseCalendar(hours);
  for (let k = 0; k <= LOOKAHEAD_DAYS; k++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + k));
    if (!days.has(date.getUTCDay())) continue;
    // The instrument's zone is IST when it keeps the calendar, so its local date is the calendar's day.
    if (keepsCalendar && !isTradingDay(date.toISOString().slice(0, 10), holidays)) continue;
    const at = zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), open, hours.timezone);
    if (at > now) return at;
  }
  return null;
}
