import { localTime, marketState, parseDays, parseHhmm, zonedToUtc } from '../instruments/market-hours.logic.js';

/** SPEC §9: live sync runs 09:15-15:30 IST, Monday to Friday. */
export const SCHEDULE = {
  startTime: '09:15',
  stopTime: '15:30',
  timezone: 'Asia/Kolkata',
  days: '1,2,3,4,5',
} as const;

const DAY_MS = 86_400_000;

/** Whether `now` falls inside the live-sync window. */
export function isInsideWindow(now: number): boolean {
  return marketState(
    {
      marketOpenTime: SCHEDULE.startTime,
      marketCloseTime: SCHEDULE.stopTime,
      timezone: SCHEDULE.timezone,
      tradingDays: SCHEDULE.days,
    },
    now,
  ).isOpen;
}

/** The instant `hhmm` falls on, on a scheduled day `daysFromToday` days from `now`'s date; null if not a scheduled day. */
function edgeOnDay(hhmm: string, now: number, daysFromToday: number): number | null {
  const t = localTime(now + daysFromToday * DAY_MS, SCHEDULE.timezone);
  if (!parseDays(SCHEDULE.days).has(t.weekday)) return null;
  return zonedToUtc(t.year, t.month, t.day, parseHhmm(hhmm), SCHEDULE.timezone);
}

/** The latest scheduled `hhmm` (start or stop time) at or before `now`. */
export function lastEdgeAtOrBefore(hhmm: string, now: number): number | null {
  for (let k = 0; k >= -8; k--) {
    const edge = edgeOnDay(hhmm, now, k);
    if (edge !== null && edge <= now) return edge;
  }
  return null;
}

/** The next scheduled `hhmm` after `now`. */
export function nextEdgeAfter(hhmm: string, now: number): number | null {
  for (let k = 0; k <= 8; k++) {
    const edge = edgeOnDay(hhmm, now, k);
    if (edge !== null && edge > now) return edge;
  }
  return null;
}

/** Whether a scheduled `hhmm` fell in (prev, now]: the edge a tick must act on. */
export function crossedEdge(hhmm: string, prev: number, now: number): boolean {
  const edge = lastEdgeAtOrBefore(hhmm, now);
  return edge !== null && edge > prev;
}
