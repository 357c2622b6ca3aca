/**
 * NSE's index option rules as they stood on a given day, pure (docs/architecture/market-rules.md): the lot of
 * a contract, the expiry schedule in force, and every expiry in a range with holiday shifts. The facts and
 * their sources are in index-contract-rules.ts; a backtest asks here instead of using today's lot and weekday.
 */
import {
  dayNumber,
  dayString,
  isLastOfItsWeekdayInMonth,
  mondayOf,
  tradingDayOnOrBefore,
  weekdayOf,
} from './calendar-days.logic.js';
import { EXPIRY_SCHEDULES, LOT_REVISIONS, RULES_COVER_FROM } from './index-contract-rules.js';
import type { ExpirySchedule, IndexExpiry, IndexRoot, LotRevision } from './market-rules.types.js';

export type { ExpirySchedule, IndexExpiry, IndexRoot, LotRevision } from './market-rules.types.js';
export { INDEX_ROOTS } from './market-rules.types.js';
export { RULES_COVER_FROM } from './index-contract-rules.js';

/** Throws RangeError unless `date` is a real `YYYY-MM-DD` day the tables cover. */
function checkCovered(date: string, what: string): void {
  dayNumber(date);
  if (date < RULES_COVER_FROM)
    throw new RangeError(`${what} ${date} is before ${RULES_COVER_FROM}, which the rules cover`);
}

/** Whether `revision` applies to the contract expiring on `expiry`, traded on `tradeDate`. */
function applies(revision: LotRevision, expiry: string, tradeDate: string): boolean {
  if (expiry < revision.firstExpiry) return false;
  if (revision.keptPreviousLot?.includes(expiry)) return false;
  const converted = revision.convertedListed;
  return !(converted && expiry >= converted.fromExpiry && tradeDate <= converted.previousLotThrough);
}

/**
 * The revision that gave `root`'s contract expiring on `expiry` (its actual expiry day) its market lot, as
 * NSE's revisions apply by contract: the lot it was listed with. `tradeDate` matters only for the long-dated
 * contracts NSE converted on a stated day (a March 2025 NIFTY quarterly traded at 25 until 26 Dec 2024 and at
 * 75 after); without it the answer is the lot the contract had when it expired.
 */
export function lotRevisionOn(root: IndexRoot, expiry: string, tradeDate: string = expiry): LotRevision {
  checkCovered(expiry, 'expiry');
  dayNumber(tradeDate);
  let found: LotRevision | undefined;
  for (const revision of LOT_REVISIONS[root]) if (applies(revision, expiry, tradeDate)) found = revision;
  if (!found) throw new RangeError(`no lot known for ${root} expiring ${expiry}`);
  return found;
}

/** The market lot of `root`'s contract expiring on `expiry`, traded on `tradeDate` (see lotRevisionOn). */
export const lotSizeOn = (root: IndexRoot, expiry: string, tradeDate: string = expiry): number =>
  lotRevisionOn(root, expiry, tradeDate).lot;

/**
 * The expiry schedule in force for `root` on `date`: the cycle (weekly or monthly only) and weekdays of the
 * contracts due that day, with its source. NSE re-dates listed contracts when it changes the day, so on any
 * trade date every contract still to expire in the period follows this schedule.
 */
export function expiryRuleOn(root: IndexRoot, date: string): ExpirySchedule {
  checkCovered(date, 'date');
  const schedule = EXPIRY_SCHEDULES[root].find((s) => s.from <= date && (s.until === undefined || date <= s.until));
  if (!schedule) throw new RangeError(`no expiry schedule for ${root} on ${date}`);
  return schedule;
}

/** Whether a monthly contract of `schedule` is due in the week (Monday to Sunday) of `day`. */
function hasMonthlyInWeek(schedule: ExpirySchedule, day: number): boolean {
  const monday = mondayOf(day);
  for (let d = monday; d < monday + 7; d++) {
    if (weekdayOf(d) === schedule.monthlyWeekday && isLastOfItsWeekdayInMonth(d)) return true;
  }
  return false;
}

/** What is due on `day` under `schedule`: the month's contract, a weekly, or nothing. */
function dueOn(schedule: ExpirySchedule, day: number): IndexExpiry['kind'] | null {
  const weekday = weekdayOf(day);
  if (weekday === schedule.monthlyWeekday && isLastOfItsWeekdayInMonth(day)) return 'monthly';
  if (weekday !== schedule.weeklyWeekday) return null;
  return hasMonthlyInWeek(schedule, day) ? null : 'weekly';
}

/** A holiday moves an expiry back by a few days at most; this is the furthest ahead of `to` a due day is sought. */
const HOLIDAY_SHIFT_DAYS = 7;

/**
 * Every expiry of `root` from `from` to `to` (inclusive), oldest first: each contract due under the schedule
 * in force on its due day, moved to the previous trading day when that is a weekend or one of `holidays`
 * (NSE's trading holidays, e.g. calendar/nse-holidays.ts or the calendar's rows). Holidays not passed in are
 * not known: an expiry on one then stays on its due day.
 */
export function expiriesBetween(
  root: IndexRoot,
  from: string,
  to: string,
  holidays: ReadonlyArray<{ date: string }>,
): IndexExpiry[] {
  checkCovered(from, 'from');
  const first = dayNumber(from);
  const last = dayNumber(to);
  const closed = new Set(holidays.map((h) => h.date));
  const out: IndexExpiry[] = [];
  for (let due = first; due <= last + HOLIDAY_SHIFT_DAYS; due++) {
    const dueDate = dayString(due);
    const kind = dueOn(expiryRuleOn(root, dueDate), due);
    if (kind === null) continue;
    const day = tradingDayOnOrBefore(due, closed);
    if (day >= first && day <= last) out.push({ date: dayString(day), dueDate, kind });
  }
  return out;
}
