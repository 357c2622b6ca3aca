/**
 * Calendar-day arithmetic for expiry dates, pure. Days are `YYYY-MM-DD` IST calendar days, handled as day
 * numbers (days since 1970-01-01) so that stepping and weekdays are integer sums. The sandbox's expiries
 * (sandbox/option-expiries.ts) are computed with these too.
 */

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The day number of `YYYY-MM-DD`; throws RangeError for anything else or a day that does not exist. */
export function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${date}`);
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
  if (dayString(day) !== date) throw new RangeError(`no such day: ${date}`);
  return day;
}

/** `YYYY-MM-DD` of a day number. */
export function dayString(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday. Day 0 (1970-01-01) was a Thursday. */
export const weekdayOf = (day: number): number => (day + 4) % 7;

const isWeekend = (day: number): boolean => weekdayOf(day) === 0 || weekdayOf(day) === 6;

/** Whether `day` is the last of its weekday in its month (the next one falls in another month). */
export const isLastOfItsWeekdayInMonth = (day: number): boolean =>
  dayString(day + 7).slice(0, 7) !== dayString(day).slice(0, 7);

/** The Monday of `day`'s week (weeks run Monday to Sunday, as NSE's "expiry week"). */
export const mondayOf = (day: number): number => day - ((weekdayOf(day) + 6) % 7);

/**
 * `day`, or the last trading day before it when it is a holiday or a weekend: NSE's rule for an expiry due on a
 * trading holiday ("the previous trading day"). Saturday special sessions are not known here.
 */
export function tradingDayOnOrBefore(day: number, holidays: ReadonlySet<string>): number {
  let d = day;
  while (isWeekend(d) || holidays.has(dayString(d))) d--;
  return d;
}
