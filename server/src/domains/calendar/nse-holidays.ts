/**
 * NSE trading holidays of the Capital Market and Equity Derivatives (F&O, NFO) segments: the weekdays NSE
 * is closed, as its annual circulars list them. Weekends are not listed (NSE never trades them), nor are
 * the circulars' "holidays falling on Saturday/Sunday", nor settlement-only holidays (trading is open).
 *
 * Where the list lives: https://www.nseindia.com/resources/exchange-communication-holidays
 *
 * 2025: NSE circular NSE/CMTR/65587 (Circular Ref. No. 170/2024), 13 December 2024, "Trading holidays for
 *   the calendar year 2025". 14 days. 21 October (Diwali Laxmi Pujan) is a holiday with a one-hour Muhurat
 *   trading session (from 13:45 IST); the engine treats the whole day as closed.
 * 2026: NSE circular NSE/CMTR/71775, "Trading holidays for the calendar year 2026" (December 2025), 15 days,
 *   plus Thursday 15 January 2026 (Municipal Corporation elections in Maharashtra), notified on 12 January
 *   2026 "in partial modification" of NSE/CMTR/71775. The annual circular's own date and the January
 *   circular's reference number were not confirmed when this list was written; the dates were, against
 *   several reports of the circulars (docs/CALENDAR.md).
 *
 * To add a year: append its rows here with the circular in `source`; the next start inserts the days the
 * database has not seen yet (calendar.seed.ts), leaving alone what an admin added or deleted.
 */
export interface SeedHoliday {
  /** IST calendar day, YYYY-MM-DD. */
  date: string;
  description: string;
  source: string;
}

const NSE_2025 = 'NSE circular NSE/CMTR/65587 (13 Dec 2024): Trading holidays for the calendar year 2025';
const NSE_2026 = 'NSE circular NSE/CMTR/71775: Trading holidays for the calendar year 2026';
const NSE_2026_JAN = 'NSE circular of 12 Jan 2026, in partial modification of NSE/CMTR/71775';

const rows = (source: string, list: Array<[string, string]>): SeedHoliday[] =>
  list.map(([date, description]) => ({ date, description, source }));

export const NSE_HOLIDAYS: readonly SeedHoliday[] = [
  ...rows(NSE_2025, [
    ['2025-02-26', 'Mahashivratri'],
    ['2025-03-14', 'Holi'],
    ['2025-03-31', 'Id-Ul-Fitr (Ramadan Eid)'],
    ['2025-04-10', 'Shri Mahavir Jayanti'],
    ['2025-04-14', 'Dr. Baba Saheb Ambedkar Jayanti'],
    ['2025-04-18', 'Good Friday'],
    ['2025-05-01', 'Maharashtra Day'],
    ['2025-08-15', 'Independence Day'],
    ['2025-08-27', 'Ganesh Chaturthi'],
    ['2025-10-02', 'Mahatma Gandhi Jayanti / Dussehra'],
    ['2025-10-21', 'Diwali Laxmi Pujan (Muhurat trading only)'],
    ['2025-10-22', 'Diwali-Balipratipada'],
    ['2025-11-05', 'Prakash Gurpurb Sri Guru Nanak Dev'],
    ['2025-12-25', 'Christmas'],
  ]),
  ...rows(NSE_2026_JAN, [['2026-01-15', 'Municipal Corporation Election in Maharashtra']]),
  ...rows(NSE_2026, [
    ['2026-01-26', 'Republic Day'],
    ['2026-03-03', 'Holi'],
    ['2026-03-26', 'Shri Ram Navami'],
    ['2026-03-31', 'Shri Mahavir Jayanti'],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-14', 'Dr. Baba Saheb Ambedkar Jayanti'],
    ['2026-05-01', 'Maharashtra Day'],
    ['2026-05-28', 'Bakri Id'],
    ['2026-06-26', 'Muharram'],
    ['2026-09-14', 'Ganesh Chaturthi'],
    ['2026-10-02', 'Mahatma Gandhi Jayanti'],
    ['2026-10-20', 'Dussehra'],
    ['2026-11-10', 'Diwali-Balipratipada'],
    ['2026-11-24', 'Prakash Gurpurb Sri Guru Nanak Dev'],
    ['2026-12-25', 'Christmas'],
  ]),
];
