/**
 * Wall-clock maths for instrument market hours in IANA time zones, DST-safe through Intl.
 * Pure: every function takes the instant it reasons about.
 */

export interface LocalTime {
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Sunday
  minutes: number; // minutes since local midnight
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

// Intl formatting is the slow part of this file; engines ask the same (instant, zone) thousands of
// times on one candle close, so the last answer per zone is kept.
const lastAnswer = new Map<string, { minute: number; value: LocalTime }>();

/** The local calendar date, weekday and minute-of-day of an instant in a zone. */
export function localTime(ms: number, tz: string): LocalTime {
  const minute = Math.floor(ms / 60_000);
  const cached = lastAnswer.get(tz);
  if (cached && cached.minute === minute) return cached.value;
  const value = computeLocalTime(ms, tz);
  lastAnswer.set(tz, { minute, value });
  return value;
}

/**
 * Zones whose offset from UTC never changes (minutes east): IST has kept +05:30 without daylight saving since
 * 1945 (IANA tzdata, "Asia/Kolkata"). Their local time is arithmetic, not Intl: a backtest asks for a year of
 * minutes, each one new.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  UTC: 0,
  'Etc/UTC': 0,
};

function computeLocalTime(ms: number, tz: string): LocalTime {
  const fixed = FIXED_OFFSET_MINUTES[tz];
  if (fixed !== undefined) {
    const local = new Date(Math.floor(ms / 60_000) * 60_000 + fixed * 60_000);
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      weekday: local.getUTCDay(),
      minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    };
  }
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(ms)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Offset of a zone from UTC at an instant, in minutes. */
function offsetMinutes(ms: number, tz: string): number {
  const t = localTime(ms, tz);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, 0, t.minutes);
  return Math.round((asUtc - Math.floor(ms / 60000) * 60000) / 60000);
}

/**
 * The instant a local wall time occurs in a zone. Two passes settle DST edges; a wall time
 * skipped by a spring-forward maps to the instant just after the gap.
 */
export function zonedToUtc(year: number, month: number, day: number, minutes: number, tz: string): number {
  const naive = Date.UTC(year, month - 1, day, 0, minutes);
  const first = naive - offsetMinutes(naive, tz) * 60000;
  const second = naive - offsetMinutes(first, tz) * 60000;
  const wanted = ((minutes % 1440) + 1440) % 1440;
  if (localTime(second, tz).minutes === wanted) return second;
  if (localTime(first, tz).minutes === wanted) return first;
  return Math.max(first, second);
}

const parsedTimes = new Map<string, number>();

/** "09:15" → 555 minutes; memoised like `parseDays`: every close asks for the same few times. */
export function parseHhmm(hhmm: string): number {
  const known = parsedTimes.get(hhmm);
  if (known !== undefined) return known;
  const [h, m] = hhmm.split(':');
  const minutes = Number(h) * 60 + Number(m);
  if (parsedTimes.size < 10_000) parsedTimes.set(hhmm, minutes);
  return minutes;
}

const parsedDays = new Map<string, Set<number>>();

/** "1,2,3" → {1,2,3}; memoised, as engines ask for the same few strings on every candle. */
export function parseDays(days: string): Set<number> {
  const known = parsedDays.get(days);
  if (known) return known;
  const set = new Set(
    days
      .split(',')
      .filter((d) => d.trim() !== '')
      .map((d) => Number(d.trim()))
      .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6),
  );
  if (parsedDays.size < 64) parsedDays.set(days, set);
  return set;
}

export interface Hours {
  marketOpenTime: string;
  marketCloseTime: string;
  timezone: string;
  tradingDays: string;
}

export interface MarketState {
  isOpen: boolean;
  /** Next open (when closed) or close (when open), epoch ms; null if the instrument never trades. */
  nextChange: number | null;
}

/** Whether the market is open at `now`, and when that next changes. */
export function marketState(hours: Hours, now: number): MarketState {
  const days = parseDays(hours.tradingDays);
  const open = parseHhmm(hours.marketOpenTime);
  const close = parseHhmm(hours.marketCloseTime);
  const today = localTime(now, hours.timezone);
  const isOpen = days.has(today.weekday) && today.minutes >= open && today.minutes < close;
  if (isOpen) {
    return { isOpen, nextChange: zonedToUtc(today.year, today.month, today.day, close, hours.timezone) };
  }
  for (let k = 0; k <= 7; k++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + k));
    if (!days.has(date.getUTCDay())) continue;
    const at = zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), open, hours.timezone);
    if (at > now) return { isOpen, nextChange: at };
  }
  return { isOpen, nextChange: null };
}

/**
 * Where `at` stands for trading. A candle closing exactly at the market close still counts as in
 * session, so the last candle can square off. The strategy window is [start, end); its effective end
 * is the earlier of its end and the market close, so a window crossing the close squares off at the close.
 */
export function sessionAt(hours: Hours, window: { startTime: string | null; endTime: string | null }, at: number) {
  const t = localTime(at, hours.timezone);
  const open = parseHhmm(hours.marketOpenTime);
  const close = parseHhmm(hours.marketCloseTime);
  const isTradingDay = parseDays(hours.tradingDays).has(t.weekday);
  const isMarketOpen = isTradingDay && t.minutes >= open && t.minutes <= close;
  if (!window.startTime || !window.endTime) return { isMarketOpen, isInWindow: isMarketOpen, isPastWindowEnd: false };
  const start = parseHhmm(window.startTime);
  const end = Math.min(parseHhmm(window.endTime), close);
  return {
    isMarketOpen,
    isInWindow: isMarketOpen && t.minutes >= start && t.minutes < end,
    isPastWindowEnd: isMarketOpen && t.minutes >= end,
  };
}
