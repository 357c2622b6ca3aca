import { zoneLabel } from '../../lib/format';

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Seconds `timeZone`'s clock is ahead of UTC at an instant (19,800 for IST). */
export function zoneOffsetSeconds(epochSeconds: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(epochSeconds * 1000)) p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) / 1000;
  return wall - Math.floor(epochSeconds);
}

/**
 * The chart's clock. lightweight-charts reads every time as UTC and puts its day marks at UTC midnights, so
 * an IST chart labelled in IST showed "26 Nov" at 05:30 IST. Times go in shifted to the zone's wall clock
 * (its midnights are then the chart's) and come back out for the labels.
 */
export const toChartTime = (epochSeconds: number, timeZone: string): number =>
  epochSeconds + zoneOffsetSeconds(epochSeconds, timeZone);

/** The instant a chart time stands for (exact but for the hour a daylight-saving change repeats). */
export const fromChartTime = (chartSeconds: number, timeZone: string): number =>
  chartSeconds - zoneOffsetSeconds(chartSeconds - zoneOffsetSeconds(chartSeconds, timeZone), timeZone);

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
