/**
 * Kite Connect v3 REST conventions (PROTOCOLS.md §1): the `{status, data}` envelope and its error form,
 * historical-candle intervals with their per-request day limits, the candle row format, IST date-time
 * strings, and the session checksum.
 */
import { createHash } from 'node:crypto';
import { IST_OFFSET_MS, toPaise } from '@app/contract';

/** Error types Kite puts in `error_type`. */
export const KITE_ERROR_TYPES = [
  'TokenException',
  'UserException',
  'OrderException',
  'InputException',
  'MarginException',
  'HoldingException',
  'NetworkException',
  'DataException',
  'GeneralException',
  'PermissionException',
] as const;

/** One of Kite's documented error types. */
export type KiteErrorType = (typeof KITE_ERROR_TYPES)[number];

/** The HTTP status Kite answers with for each error type (KDOC exceptions). */
export const KITE_ERROR_HTTP_STATUS: Record<KiteErrorType, number> = {
  TokenException: 403,
  UserException: 403,
  PermissionException: 403,
  OrderException: 400,
  InputException: 400,
  MarginException: 400,
  HoldingException: 400,
  NetworkException: 503,
  DataException: 502,
  GeneralException: 500,
};

/** `{"status":"success","data":...}` */
export interface KiteSuccessEnvelope<T> {
  status: 'success';
  data: T;
}

/** `{"status":"error","message":...,"error_type":...}`; `error_type` may be a type we do not know yet. */
export interface KiteErrorEnvelope {
  status: 'error';
  message: string;
  error_type: string;
  data?: unknown;
}

/** Any Kite REST reply body. */
export type KiteEnvelope<T> = KiteSuccessEnvelope<T> | KiteErrorEnvelope;

/** Wraps data in Kite's success envelope. */
export function kiteSuccess<T>(data: T): KiteSuccessEnvelope<T> {
  return { status: 'success', data };
}

/** Builds Kite's error envelope (Kite sends `data: null` alongside). */
export function kiteError(errorType: KiteErrorType, message: string): KiteErrorEnvelope {
  return { status: 'error', message, data: null, error_type: errorType };
}

/** An error reply from Kite, thrown by `unwrapKiteEnvelope`. */
export class KiteApiError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'KiteApiError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Classifies a parsed reply body. A body with `error_type` is an error whatever its `status` says (as KJS does). */
export function parseKiteEnvelope<T = unknown>(
  body: unknown,
): { ok: true; data: T } | { ok: false; error: KiteErrorEnvelope } {
  if (isRecord(body) && typeof body.error_type === 'string') {
    const message = typeof body.message === 'string' ? body.message : 'Unknown error';
    return { ok: false, error: { status: 'error', message, error_type: body.error_type, data: body.data } };
  }
  if (isRecord(body) && body.status === 'success' && 'data' in body) return { ok: true, data: body.data as T };
  return { ok: false, error: kiteError('DataException', 'Unrecognised reply from Kite') };
}

/** Returns the `data` of a success envelope or throws `KiteApiError`. */
export function unwrapKiteEnvelope<T = unknown>(body: unknown, httpStatus?: number): T {
  const parsed = parseKiteEnvelope<T>(body);
  if (parsed.ok) return parsed.data;
  throw new KiteApiError(parsed.error.error_type, parsed.error.message, httpStatus);
}

/** `hex(sha256(api_key + request_token + api_secret))`, the `checksum` of `POST /session/token`. */
export function kiteSessionChecksum(apiKey: string, requestToken: string, apiSecret: string): string {
  return createHash('sha256')
    .update(apiKey + requestToken + apiSecret)
    .digest('hex');
}

/** The only historical intervals Kite serves (no 4h, week or month). */
export const KITE_INTERVALS = [
  'minute',
  '3minute',
  '5minute',
  '10minute',
  '15minute',
  '30minute',
  '60minute',
  'day',
] as const;

/** A Kite historical interval name. */
export type KiteInterval = (typeof KITE_INTERVALS)[number];

/** Candle length of each interval, in seconds. */
export const KITE_INTERVAL_SECONDS: Record<KiteInterval, number> = {
  minute: 60,
  '3minute': 180,
  '5minute': 300,
  '10minute': 600,
  '15minute': 900,
  '30minute': 1800,
  '60minute': 3600,
  day: 86_400,
};

/** The most days one historical request may span (KF thread 3105); longer ranges must be split. */
export const KITE_MAX_DAYS_PER_REQUEST: Record<KiteInterval, number> = {
  minute: 60,
  '3minute': 100,
  '5minute': 100,
  '10minute': 100,
  '15minute': 200,
  '30minute': 200,
  '60minute': 400,
  day: 2000,
};

/** Our interval names → Kite's. `4h` is absent on purpose: build it from `60minute`. */
export const KITE_INTERVAL_BY_APP_INTERVAL = {
  '1m': 'minute',
  '3m': '3minute',
  '5m': '5minute',
  '15m': '15minute',
  '30m': '30minute',
  '1h': '60minute',
  '1d': 'day',
} as const satisfies Record<string, KiteInterval>;

/** True when `value` is one of Kite's interval names. */
export function isKiteInterval(value: string): value is KiteInterval {
  return (KITE_INTERVALS as readonly string[]).includes(value);
}

/** Maps our interval (`1m`…`1d`) to Kite's; null for intervals Kite lacks (e.g. `4h`). */
export function toKiteInterval(appInterval: string): KiteInterval | null {
  const map: Record<string, KiteInterval> = KITE_INTERVAL_BY_APP_INTERVAL;
  return Object.hasOwn(map, appInterval) ? (map[appInterval] ?? null) : null;
}

/** India Standard Time is UTC+05:30 all year (no daylight saving). */

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function istParts(ms: number): string[] {
  const d = new Date(ms + IST_OFFSET_MS);
  const date = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  const time = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  return [date, time];
}

/** `yyyy-mm-dd hh:mm:ss` in IST: the `from`/`to` of historical requests and Kite's order/quote times. */
export function formatKiteDateTime(ms: number): string {
  return istParts(ms).join(' ');
}

/** Candle timestamp as Kite writes it: `2017-12-15T09:15:00+0530` (no colon in the offset). */
export function formatKiteTimestamp(ms: number): string {
  return `${istParts(ms).join('T')}+0530`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parses an IST `yyyy-mm-dd[ hh:mm[:ss]]` into epoch ms; null when malformed or not a real date. */
export function parseKiteDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(utc);
  // Date.UTC rolls 2024-02-31 over into March; a real date survives the round trip.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return utc - IST_OFFSET_MS;
}

/** Parses an ISO timestamp with an offset (`+0530`, `+05:30` or `Z`) into epoch ms; null when malformed. */
export function parseKiteTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const offset = m[3] === 'Z' ? 'Z' : `${m[3]?.slice(0, 3)}:${m[3]?.slice(-2)}`;
  const ms = Date.parse(`${m[1]}T${m[2]}${offset}`);
  return Number.isNaN(ms) ? null : ms;
}

/** A historical candle row on the wire: `[timestamp, open, high, low, close, volume(, oi)]`. */
export type KiteCandleRow =
  [string, number, number, number, number, number] | [string, number, number, number, number, number, number];

/** What `formatKiteCandleRow` needs: epoch ms and rupee prices. */
export interface KiteCandleInput {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  oi?: number | null;
}

/** A parsed candle, with prices also in integer paise. `oi` is null unless requested with `oi=1`. */
export interface KiteCandle extends KiteCandleInput {
  oi: number | null;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
}

function finite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new SyntaxError(`Kite candle ${what} is not a number`);
  return value;
}

/** Parses one candle row; throws SyntaxError when it is not Kite's shape. */
export function parseKiteCandleRow(row: unknown): KiteCandle {
  if (!Array.isArray(row) || row.length < 6 || typeof row[0] !== 'string') {
    throw new SyntaxError('Kite candle row is not [timestamp, o, h, l, c, v(, oi)]');
  }
  const time = parseKiteTimestamp(row[0]);
  if (time === null) throw new SyntaxError(`Kite candle timestamp "${row[0]}" is malformed`);
  const [open, high, low, close, volume] = [1, 2, 3, 4, 5].map((i) => finite(row[i], `field ${i}`)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const oi = row.length > 6 ? finite(row[6], 'oi') : null;
  return {
    time,
    open,
    high,
    low,
    close,
    volume,
    oi,
    openPaise: toPaise(open),
    highPaise: toPaise(high),
    lowPaise: toPaise(low),
    closePaise: toPaise(close),
  };
}

/** Parses the `data` of a historical reply, `{candles: [...]}`. */
export function parseKiteHistoricalData(data: unknown): KiteCandle[] {
  if (!isRecord(data) || !Array.isArray(data.candles)) throw new SyntaxError('Kite historical data lacks candles');
  return data.candles.map(parseKiteCandleRow);
}

/** Formats a candle as Kite's row; `oi` is appended when present. */
export function formatKiteCandleRow(candle: KiteCandleInput): KiteCandleRow {
  const { open, high, low, close, volume } = candle;
  const stamp = formatKiteTimestamp(candle.time);
  return candle.oi === undefined || candle.oi === null
    ? [stamp, open, high, low, close, volume]
    : [stamp, open, high, low, close, volume, candle.oi];
}

const DAY_MS = 86_400_000;

/** The next 06:00 IST after `ms`: when Kite invalidates every access token issued before it. */
export function nextKiteTokenExpiry(ms: number): number {
  const ist = ms + IST_OFFSET_MS;
  const six = Math.floor(ist / DAY_MS) * DAY_MS + 6 * 3_600_000;
  return (ist < six ? six : six + DAY_MS) - IST_OFFSET_MS;
}
