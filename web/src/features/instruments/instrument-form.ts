import {
  AUTO_MARKET_PROTECTION,
  HH_MM,
  TIMEZONES,
  TRADING_DAY_SETS,
  type api,
  type BodyOf,
  type Instrument,
} from '@app/contract';

/** What the instrument form holds while the admin types (inputs give strings). */
export interface InstrumentDraft {
  name: string;
  instrumentToken: string;
  lotSize: string;
  ticker: string;
  openTime: string;
  closeTime: string;
  timezone: string;
  tradingDays: string;
  /** −1 (Kite's automatic bound) or a whole percentage 1–100. */
  marketProtection: string;
}

export type InstrumentBody = BodyOf<typeof api.instruments.create>;

/** SPEC §3 defaults: 09:15–15:30 Asia/Kolkata, Monday to Friday. */
export const EMPTY_INSTRUMENT_DRAFT: InstrumentDraft = {
  name: '',
  instrumentToken: '',
  lotSize: '',
  ticker: '',
  openTime: '09:15',
  closeTime: '15:30',
  timezone: TIMEZONES[0],
  tradingDays: TRADING_DAY_SETS[0].value,
  marketProtection: String(AUTO_MARKET_PROTECTION),
};

export function draftFromInstrument(i: Instrument): InstrumentDraft {
  return {
    name: i.name,
    instrumentToken: i.instrument_token,
    lotSize: String(i.lot_size),
    ticker: i.ticker ?? '',
    openTime: i.market_open_time,
    closeTime: i.market_close_time,
    timezone: i.timezone,
    tradingDays: i.trading_days,
    marketProtection: String(i.market_protection),
  };
}

/**
 * SPEC §5: name and token non-empty after trimming, lot size above 0, both times HH:MM;
 * otherwise null and the submit is silently ignored. The ticker is sent only when non-empty. Market
 * protection must be a whole number; whether it is −1 or 1–100 the server says, in words.
 */
export function instrumentPayload(d: InstrumentDraft): InstrumentBody | null {
  const name = d.name.trim();
  const token = d.instrumentToken.trim();
  const lotSize = Number(d.lotSize.trim() || 'NaN');
  // Never truncated: 2.5 lots is no lot size (lotSizeError says so); the number is sent only when whole.
  if (!Number.isInteger(lotSize)) return null;
  if (!name || !token || lotSize <= 0 || !HH_MM.test(d.openTime) || !HH_MM.test(d.closeTime)) return null;
  if (!WHOLE_NUMBER.test(d.marketProtection.trim())) return null;
  const ticker = d.ticker.trim();
  return {
    name,
    instrument_token: token,
    lot_size: lotSize,
    ...(ticker ? { ticker } : {}),
    market_open_time: d.openTime,
    market_close_time: d.closeTime,
    timezone: d.timezone,
    trading_days: d.tradingDays,
    market_protection: Number(d.marketProtection.trim()),
  };
}

const WHOLE_NUMBER = /^-?\d+$/;

/**
 * A lot size with a fraction is refused in words (issue 27: 2.5 was silently sent as 2). An empty, zero or
 * negative one stays SPEC §5's silent ignore.
 */
export function lotSizeError(text: string): string | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) && !Number.isInteger(n) ? 'Lot Size must be a whole number' : null;
}

/** How the list shows an instrument's market protection. */
export function marketProtectionLabel(protection: number): string {
  return protection === AUTO_MARKET_PROTECTION ? 'Auto (-1)' : `${protection}%`;
}

/** 'Mon-Fri' for a known day set, else the stored list itself. */
export function tradingDaysLabel(days: string): string {
  return TRADING_DAY_SETS.find((s) => s.value === days)?.label ?? days;
}
