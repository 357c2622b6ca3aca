/** The zone Indian markets and the product's schedules run on. */
export const IST_ZONE = 'Asia/Kolkata';

/** India Standard Time is UTC+05:30 all year (no daylight saving), so one offset serves every date. */
export const IST_OFFSET_MS = 19_800_000;

const DAY_MS = 86_400_000;

/** The last day `istDay` worked out: a backtest asks about the same day for every candle of it. */
let lastDayNumber = Number.NaN;
let lastDay = '';

/** The IST calendar day of an instant, `YYYY-MM-DD`. */
export function istDay(ms: number): string {
  const dayNumber = Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
  if (dayNumber !== lastDayNumber) {
    lastDay = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    lastDayNumber = dayNumber;
  }
  return lastDay;
}

/** IST midnight at or before an instant (epoch ms): where "today" starts for the P&L strip and the charts. */
export function istMidnight(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A short name of a zone at an instant, as a trader reads it: IST for India (ICU's own "GMT+5:30" reads as
 * jargon), otherwise the usual abbreviation (EST, GMT, BST) or the UTC offset (GMT+9); the zone's own
 * name when the runtime does not know it. Shared by the server's status texts and the screens.
 */
export function zoneLabel(timeZone: string, at: number | Date = Date.now()): string {
  if (timeZone === IST_ZONE || timeZone === 'Asia/Calcutta') return 'IST';
  try {
    let f = zoneFormatters.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
      zoneFormatters.set(timeZone, f);
    }
    return f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
