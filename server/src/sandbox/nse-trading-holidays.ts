/**
 * The weekdays NSE's F&O segment does not trade, for moving option expiries: an expiry that falls on one
 * moves to the previous trading day, as NSE's contract specifications say (sources in docs/SANDBOX.md).
 * Prices still run on these days; the sandbox keeps no market hours.
 *
 * The console's calendar (server/src/domains/calendar/nse-holidays.ts) lists the same days, but the
 * sandbox keeps its own copy: it imports nothing from the console, and an admin's edits to the console's
 * calendar must not move the exchange's expiries.
 *
 * 2025: NSE circular NSE/CMTR/65587 (13 Dec 2024), the same days for F&O; 21 Oct (Diwali Laxmi Pujan)
 *   had only a one-hour Muhurat session, so it is no expiry day.
 * 2026: NSE circular NSE/FAOP/71777 (12 Dec 2025), "Trading holidays for the calendar year 2026" (F&O),
 *   plus 15 Jan 2026 (Municipal Corporation elections in Maharashtra, NSE circular of 12 Jan 2026).
 * 2027: not yet published (NSE issues the list in December). Until it is, contracts expiring in 2027 are
 *   listed on their nominal day, as NSE lists them; NSE then moves them by circular (it moved the
 *   31 Mar 2026 expiry to 30 Mar in NSE/FAOP/71876, 18 Dec 2025) and this list should gain the year.
 */
export const NSE_FO_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2025
  '2025-02-26',
  '2025-03-14',
  '2025-03-31',
  '2025-04-10',
  '2025-04-14',
  '2025-04-18',
  '2025-05-01',
  '2025-08-15',
  '2025-08-27',
  '2025-10-02',
  '2025-10-21',
  '2025-10-22',
  '2025-11-05',
  '2025-12-25',
  // 2026
  '2026-01-15',
  '2026-01-26',
  '2026-03-03',
  '2026-03-26',
  '2026-03-31',
  '2026-04-03',
  '2026-04-14',
  '2026-05-01',
  '2026-05-28',
  '2026-06-26',
  '2026-09-14',
  '2026-10-02',
  '2026-10-20',
  '2026-11-10',
  '2026-11-24',
  '2026-12-25',
]);
