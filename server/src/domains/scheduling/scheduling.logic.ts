import { Cron } from 'croner';
import { marketState } from '../instruments/market-hours.logic.js';

/** SPEC §9: live sync runs 09:15-15:30 IST, Monday to Friday. */
export const SCHEDULE = {
  startTime: '09:15',
  stopTime: '15:30',
  timezone: 'Asia/Kolkata',
  days: '1,2,3,4,5',
} as const;

const cronAt = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return `${Number(m)} ${Number(h)} * * ${SCHEDULE.days}`;
};
export const START_CRON = cronAt(SCHEDULE.startTime);
export const STOP_CRON = cronAt(SCHEDULE.stopTime);

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

/** When a schedule pattern next fires after `now` (croner computes it; nothing waits). */
export function nextFire(pattern: string, now: number): number | null {
  const job = new Cron(pattern, { timezone: SCHEDULE.timezone, paused: true });
  const next = job.nextRun(new Date(now));
  job.stop();
  return next ? next.getTime() : null;
}
