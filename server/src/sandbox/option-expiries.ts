import { IST_OFFSET_MS } from '@app/contract';
import {
  dayNumber,
  dayString,
  isLastOfItsWeekdayInMonth,
  tradingDayOnOrBefore,
  weekdayOf,
} from '../domains/market-rules/calendar-days.logic.js';
/**
 * When the sandbox's options expire, pure. A root expires every week or only once a month (on the last
 * of its weekday in the month); an expiry that falls on one of the root's trading holidays moves to the
 * previous trading day, as NSE's contract specifications say. Sources in docs/SANDBOX.md.
 *
 * Dates are IST calendar days, handled as day numbers (days since 1970-01-01) and `YYYY-MM-DD` strings.
 */

/** How often a root's contracts expire. */
export type ExpiryCycle = 'weekly' | 'monthly';

/** What fixes a root's expiry dates. */
export interface ExpiryRule {
  expiryCycle: ExpiryCycle;
  /** 0 = Sunday … 6 = Saturday: the day contracts expire on when it is a trading day. */
  expiryWeekday: number;
  /** Weekdays the root does not trade (`YYYY-MM-DD`); an expiry on one moves to the day before. */
  holidays: ReadonlySet<string>;
}

/** An expiry day; `isMonthly` when it is the month's contract (its last), which Kite names by month. */
export interface Expiry {
  date: string;
  isMonthly: boolean;
}

const DAY_MS = 86_400_000;

// Day arithmetic is the market rules' (domains/market-rules), which date every index's lots and expiries.
export { dayNumber, dayString };

/** The IST day number of an instant. */
export function istDayNumber(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
}

/** Whole minutes since IST midnight at an instant (0–1439). */
export function istMinuteOfDay(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS - istDayNumber(ms) * DAY_MS) / 60_000);
}

const isWeekend = (day: number): boolean => weekdayOf(day) === 0 || weekdayOf(day) === 6;

/** Whether the IST day `day` is a trading day: a weekday that is not one of `holidays`. */
export const isTradingDay = (day: number, holidays: ReadonlySet<string>): boolean =>
  !isWeekend(day) && !holidays.has(dayString(day));
const isLastOfMonth = isLastOfItsWeekdayInMonth;

/** The first `weekday` on or after `day`. */
function onOrAfter(day: number, weekday: number): number {
  return day + ((weekday - weekdayOf(day) + 7) % 7);
}

/** The expiry of the contract nominally due on `nominal` (a `expiryWeekday`). */
function expiryDueOn(rule: ExpiryRule, nominal: number): Expiry {
  return { date: dayString(tradingDayOnOrBefore(nominal, rule.holidays)), isMonthly: isLastOfMonth(nominal) };
}

/**
 * The next `count` expiries listed on the IST day of `nowMs`, starting with today's when today is one:
 * a contract stays listed all day on its expiry day.
 */
export function listedExpiries(rule: ExpiryRule, nowMs: number, count: number): Expiry[] {
  const today = istDayNumber(nowMs);
  const out: Expiry[] = [];
  // A holiday only moves an expiry earlier, so no contract due before today can still be listed.
  for (let nominal = onOrAfter(today, rule.expiryWeekday); out.length < count; nominal += 7) {
    if (rule.expiryCycle === 'monthly' && !isLastOfMonth(nominal)) continue;
    const expiry = expiryDueOn(rule, nominal);
    if (dayNumber(expiry.date) >= today) out.push(expiry);
  }
  return out;
}

/** The expiry falling on `date`, or null when no contract of the rule expires that day. */
export function expiryOn(rule: ExpiryRule, date: string): Expiry | null {
  // A moved expiry lies less than a week before its nominal day, so the nominal is the next weekday.
  const nominal = onOrAfter(dayNumber(date), rule.expiryWeekday);
  if (rule.expiryCycle === 'monthly' && !isLastOfMonth(nominal)) return null;
  const expiry = expiryDueOn(rule, nominal);
  return expiry.date === date ? expiry : null;
}
