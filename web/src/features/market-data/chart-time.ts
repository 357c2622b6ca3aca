import { zoneLabel } from '../../lib/format';

/** lightweight-charts' TickMarkType values (Year, Month, DayOfMonth, Time, TimeWithSeconds). */
export type TickKind = 0 | 1 | 2 | 3 | 4;

/**
 * Axis labels in the viewer's time zone: the chart itself would print candle times in UTC,
 * which reads wrong for an Indian session (09:15 IST is 03:45 UTC).
 */
export function tickLabel(epochSeconds: number, kind: TickKind, timeZone?: string): string {
  const at = epochSeconds * 1000;
  const tz = timeZone ? { timeZone } : {};
  switch (kind) {
    case 0:
      return new Intl.DateTimeFormat('en-IN', { year: 'numeric', ...tz }).format(at);
    case 1:
      return new Intl.DateTimeFormat('en-IN', { month: 'short', ...tz }).format(at);
    case 2:
      return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', ...tz }).format(at);
    case 3:
      return new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...tz }).format(
        at,
      );
    case 4:
      return new Intl.DateTimeFormat('en-IN', {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        ...tz,
      }).format(at);
  }
}

/** The crosshair label: full date and time of a candle, with the zone named ("05 Jan 2026, 09:15 IST"). */
export function crosshairLabel(epochSeconds: number, timeZone: string): string {
  const at = epochSeconds * 1000;
  const text = new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
  return `${text} ${zoneLabel(timeZone, at)}`;
}
