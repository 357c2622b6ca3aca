import { IST_OFFSET_MS, PNL_DAILY_MAX_DAYS, toPaise, toRupees, type PnlDay } from '@app/contract';

/*
 * What the P&L-by-day view draws from the days the server sends: the calendar's cells, the cumulative curve
 * and the window. Sums are made in integer paise (the contract's money.ts), so a curve never drifts from the
 * table by a paisa.
 */

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How many days the view opens on: the last quarter or so, which fits a phone's calendar in a few months. */
export const DEFAULT_DAYS = 90;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The IST day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number) => dayOf(dayMs(day) + n * DAY_MS);

/** The window the view opens on: the `DEFAULT_DAYS` days up to today (IST). */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

/** Why a window cannot be asked for, in the form's words; null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both a From and a To day.';
  if (from > to) return 'The From day must not be after the To day.';
  if ((dayMs(to) - dayMs(from)) / DAY_MS >= PNL_DAILY_MAX_DAYS) return 'Choose at most 5 years of days.';
  return null;
}

/** A cell's colour: gains green, losses red, a flat day grey; stronger the bigger the day against the window's biggest. */
export type CellTone = 'up' | 'down' | 'flat';

export interface CalendarCell {
  day: string;
  /** Day of the month, as the cell shows it. */
  date: number;
  /** Null: no fills that day (or outside the window). */
  net: number | null;
  tone: CellTone | null;
  /** 1–4: how strong the colour is. */
  level: number;
  isInWindow: boolean;
}

export interface CalendarMonth {
  /** `2026-11`. */
  key: string;
  /** "Nov 2026". */
  title: string;
  /** Blank cells before the 1st, so the weeks start on Monday as a trader's week does. */
  leading: number;
  cells: CalendarCell[];
}

/** The colour strength of a day's net against the window's largest day (either way). */
export function levelOf(netPaise: number, maxPaise: number): number {
  if (netPaise === 0 || maxPaise === 0) return 0;
  return Math.max(1, Math.ceil((4 * Math.abs(netPaise)) / maxPaise));
}

/** Every month the window touches, each day a cell; a day outside the window is shown but blank. */
export function calendarMonths(days: readonly PnlDay[], from: string, to: string): CalendarMonth[] {
  const netOf = new Map(days.map((d) => [d.day, toPaise(d.net_pnl)]));
  const maxPaise = Math.max(0, ...[...netOf.values()].map(Math.abs));
  const months: CalendarMonth[] = [];
  const first = new Date(dayMs(from));
  let cursor = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1);
  while (dayOf(cursor) <= to) {
    const start = new Date(cursor);
    const nextMonth = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    const cells: CalendarCell[] = [];
    for (let ms = cursor; ms < nextMonth; ms += DAY_MS) {
      const day = dayOf(ms);
      const isInWindow = day >= from && day <= to;
      const net = isInWindow ? (netOf.get(day) ?? null) : null;
      const tone: CellTone | null = net === null ? null : net > 0 ? 'up' : net < 0 ? 'down' : 'flat';
      cells.push({
        day,
        date: new Date(ms).getUTCDate(),
        net: net === null ? null : toRupees(net),
        tone,
        level: net === null ? 0 : levelOf(net, maxPaise),
        isInWindow,
      });
    }
    months.push({
      key: dayOf(cursor).slice(0, 7),
      title: `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`,
      leading: (start.getUTCDay() + 6) % 7,
      cells,
    });
    cursor = nextMonth;
  }
  return months;
}

/** A point of the cumulative curve: epoch seconds (the day's IST start) and rupees. */
export interface CumulativePoint {
  time: number;
  value: number;
}

/**
 * Net P&L summed day by day over the window, as the chart draws it, from zero at the start of the day before
 * the first traded day: one traded day still draws a line from nothing to what it made.
 */
export function cumulativeNet(days: readonly PnlDay[]): CumulativePoint[] {
  const first = days[0];
  if (!first) return [];
  const at = (day: string) => (dayMs(day) - IST_OFFSET_MS) / 1000;
  let paise = 0;
  const points = days.map((d) => {
    paise += toPaise(d.net_pnl);
    return { time: at(d.day), value: toRupees(paise) };
  });
  return [{ time: at(addDays(first.day, -1)), value: 0 }, ...points];
}

/** The window's totals, summed in paise. */
export function windowTotals(days: readonly PnlDay[]) {
  const sum = (pick: (d: PnlDay) => number) => toRupees(days.reduce((s, d) => s + toPaise(pick(d)), 0));
  return {
    realized_pnl: sum((d) => d.realized_pnl),
    charges: sum((d) => d.charges),
    net_pnl: sum((d) => d.net_pnl),
    gains: days.filter((d) => toPaise(d.net_pnl) > 0).length,
    losses: days.filter((d) => toPaise(d.net_pnl) < 0).length,
  };
}

/** "Mon 23 Nov 2026": a day as the table and the calendar name it (a locale's format puts commas in odd places). */
export function formatDay(day: string): string {
  const d = new Date(dayMs(day));
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
