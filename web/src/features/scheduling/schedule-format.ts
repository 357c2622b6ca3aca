import type { Scheduling } from '@app/contract';

/** SPEC §9 auto-scheduling: start 9:15 AM, stop 3:30 PM IST, Monday to Friday. */
export const SPEC_SCHEDULE = { startTime: '09:15', stopTime: '15:30', timezone: 'Asia/Kolkata', days: '1,2,3,4,5' };

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ZONE_NAMES: Record<string, string> = { 'Asia/Kolkata': 'IST' };

/** '09:15' → '9:15 AM', '15:30' → '3:30 PM'. */
export function formatClock(hhmm: string): string {
  const [h = NaN, m = NaN] = hhmm.split(':').map(Number);
  if (!Number.isInteger(h) || !Number.isInteger(m)) return hhmm;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '1,2,3,4,5' → 'Monday–Friday'; a list with gaps is spelled out. */
export function formatDays(days: string): string {
  const list = days
    .split(',')
    .map(Number)
    .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6);
  if (list.length === 0) return days;
  const first = list[0] ?? 0;
  const isRange = list.length > 2 && list.every((d, i) => d === first + i);
  const names = list.map((d) => DAY_NAMES[d] ?? String(d));
  return isRange ? `${names[0]}–${names[names.length - 1]}` : names.join(', ');
}

/** The times and days to show: the server's when known, else SPEC's. */
export function scheduleSummary(s: Pick<Scheduling, 'startTime' | 'stopTime' | 'timezone' | 'days'> | undefined) {
  const v = s ?? SPEC_SCHEDULE;
  const zone = ZONE_NAMES[v.timezone] ?? v.timezone;
  return {
    start: `${formatClock(v.startTime)} ${zone}`,
    stop: `${formatClock(v.stopTime)} ${zone}`,
    days: formatDays(v.days),
  };
}

/**
 * SPEC §4: Enable is disabled when auto-start and auto-stop are both on, Disable when both
 * are off. With the status unknown both stay available.
 */
export function scheduleControls(s: Pick<Scheduling, 'autoStart' | 'autoStop'> | undefined) {
  if (!s) return { canEnable: true, canDisable: true };
  return { canEnable: !(s.autoStart && s.autoStop), canDisable: s.autoStart || s.autoStop };
}
