import { z } from 'zod';
import { defineRoute, IdParamsSchema } from './route.js';

/*
 * The exchange holiday calendar (issue 12): the days NSE does not trade besides weekends, kept by the admin
 * and seeded from the exchange's circulars (docs/CALENDAR.md). Dates are IST calendar days, `YYYY-MM-DD`.
 */

/** The exchanges the calendar knows; NSE's list also closes NFO (equity derivatives trade on NSE's days). */
export const CALENDAR_EXCHANGES = ['NSE'] as const;
export type CalendarExchange = (typeof CALENDAR_EXCHANGES)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` names a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

export const HolidaySchema = z.object({
  id: z.number().int(),
  exchange: z.enum(CALENDAR_EXCHANGES),
  /** The IST day the exchange is closed, `YYYY-MM-DD`. */
  date: z.string(),
  description: z.string(),
  /** Where the day comes from: the exchange circular, or who added it in the console. */
  source: z.string(),
});
export type Holiday = z.infer<typeof HolidaySchema>;

const dateError = 'Date must be a day as YYYY-MM-DD, e.g. 2026-11-24';

export const CreateHolidaySchema = z.object({
  date: z.string({ error: dateError }).trim().refine(isCalendarDate, { error: dateError }),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, { error: 'Description is required' })
    .max(120, { error: 'Description must be at most 120 characters' }),
  /** Optional: the circular or notice the day comes from; the console names the admin otherwise. */
  source: z
    .string()
    .trim()
    .max(200, { error: 'The source must be at most 200 characters' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateHoliday = z.infer<typeof CreateHolidaySchema>;

export const HolidaysReplySchema = z.object({ holidays: z.array(HolidaySchema) });
export type HolidaysReply = z.infer<typeof HolidaysReplySchema>;

/** The calendar's texts, shared by the server's replies and the admin screen. */
export const CALENDAR_MSG = {
  holidayExists: (date: string) => `${date} is already in the NSE holiday calendar`,
  holidayAdded: 'Holiday added',
  holidayDeleted: 'Holiday deleted',
  confirmDeleteHoliday: 'Are you sure you want to delete this holiday? Strategies will trade on that day.',
  failedLoadHolidays: 'Failed to load the holiday calendar',
  failedAddHoliday: 'Failed to add holiday',
  failedDeleteHoliday: 'Failed to delete holiday',
  noHolidays: 'No holidays in the calendar.',
} as const;

export const calendarRoutes = {
  /** Any signed-in user: traders see why a day does not trade. */
  listHolidays: defineRoute({ method: 'GET', path: '/calendar/holidays', access: 'user', data: HolidaysReplySchema }),
  addHoliday: defineRoute({
    method: 'POST',
    path: '/calendar/holidays',
    access: 'admin',
    body: CreateHolidaySchema,
    data: HolidaySchema,
  }),
  removeHoliday: defineRoute({
    method: 'DELETE',
    path: '/calendar/holidays/:id',
    access: 'admin',
    params: IdParamsSchema,
    data: z.object({ id: z.number().int() }),
  }),
};

/*
 * Trading days. Pure: NSE trades Monday to Friday except its listed holidays. Weekday maths is done on the
 * date itself (UTC midnight of the day), so the answer never depends on the machine's zone.
 */

/** The last day `weekdayOf` parsed: the engine asks about one day for every candle of it. */
let lastWeekday = { date: '', weekday: 0 };
function weekdayOf(dateIst: string): number {
  if (dateIst !== lastWeekday.date)
    lastWeekday = { date: dateIst, weekday: new Date(`${dateIst}T00:00:00Z`).getUTCDay() };
  return lastWeekday.weekday;
}
const isWeekend = (dateIst: string) => {
  const d = weekdayOf(dateIst);
  return d === 0 || d === 6;
};

/** The day after `dateIst`, `YYYY-MM-DD`. */
export function dayAfter(dateIst: string): string {
  const at = new Date(`${dateIst}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** Whether NSE trades on an IST day: a weekday that is not a listed holiday. */
export function isTradingDay(dateIst: string, holidays: ReadonlyArray<{ date: string }>): boolean {
  return !isWeekend(dateIst) && !holidays.some((h) => h.date === dateIst);
}

/** The first IST day after `dateIst` on which NSE trades. */
export function nextTradingDay(dateIst: string, holidays: ReadonlyArray<{ date: string }>): string {
  let day = dayAfter(dateIst);
  // A year's holidays never join into more than a few days, so this ends within a week or two.
  while (!isTradingDay(day, holidays)) day = dayAfter(day);
  return day;
}
