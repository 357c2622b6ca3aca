/**
 * Binance spot market-data wire formats (PROTOCOLS.md §4): REST kline rows, WebSocket kline events,
 * the combined-stream envelope, and the SUBSCRIBE/UNSUBSCRIBE control messages.
 * Prices and volumes stay decimal strings as Binance sends them; `decimalToScaledInt` converts exactly.
 */

/** Kline intervals, case-sensitive (`1m` is a minute, `1M` a month). */
export const BINANCE_INTERVALS = [
  '1s',
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const;

/** A Binance kline interval name. */
export type BinanceInterval = (typeof BINANCE_INTERVALS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Fixed interval lengths in ms; `1M` is a calendar month and has none. */
export const BINANCE_INTERVAL_MS: Record<Exclude<BinanceInterval, '1M'>, number> = {
  '1s': 1000,
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '4h': 4 * HOUR,
  '6h': 6 * HOUR,
  '8h': 8 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '3d': 3 * DAY,
  '1w': 7 * DAY,
};

/** `GET /api/v3/klines` row count: 500 by default, at most 1000. */
export const BINANCE_KLINE_LIMIT = { default: 500, max: 1000 } as const;

/** True when `value` is a Binance interval name. */
export function isBinanceInterval(value: string): value is BinanceInterval {
  return (BINANCE_INTERVALS as readonly string[]).includes(value);
}

/** A kline as REST returns it (times are epoch ms; closeTime is the next open − 1). */
export interface BinanceKline {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  closeTime: number;
  quoteVolume: string;
  trades: number;
  takerBuyBaseVolume: string;
  takerBuyQuoteVolume: string;
}

/** The 12-field REST row; the last field is unused (`"0"`). */
export type BinanceKlineRow = [
  number,
  string,
  string,
  string,
  string,
  string,
  number,
  string,
  number,
  string,
  string,
  string,
];

/** A Binance error body, e.g. `{"code":-1121,"msg":"Invalid symbol."}`. */
export interface BinanceErrorBody {
  code: number;
  msg: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new SyntaxError(`Binance ${what} is not a string`);
  return value;
}

function int(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new SyntaxError(`Binance ${what} is not an integer`);
  return value;
}

/** True for Binance's `{code, msg}` error body. */
export function isBinanceError(body: unknown): body is BinanceErrorBody {
  return isRecord(body) && typeof body.code === 'number' && typeof body.msg === 'string';
}

/** Parses one REST kline row; throws SyntaxError when it is not the 12-field shape. */
export function parseBinanceKlineRow(row: unknown): BinanceKline {
  if (!Array.isArray(row) || row.length < 11) throw new SyntaxError('Binance kline row is not a 12-field array');
  return {
    openTime: int(row[0], 'openTime'),
    open: str(row[1], 'open'),
    high: str(row[2], 'high'),
    low: str(row[3], 'low'),
    close: str(row[4], 'close'),
    volume: str(row[5], 'volume'),
    closeTime: int(row[6], 'closeTime'),
    quoteVolume: str(row[7], 'quoteVolume'),
    trades: int(row[8], 'trades'),
    takerBuyBaseVolume: str(row[9], 'takerBuyBaseVolume'),
    takerBuyQuoteVolume: str(row[10], 'takerBuyQuoteVolume'),
  };
}

/** Formats a kline as the REST row. */
export function formatBinanceKlineRow(k: BinanceKline): BinanceKlineRow {
  return [
    k.openTime,
    k.open,
    k.high,
    k.low,
    k.close,
    k.volume,
    k.closeTime,
    k.quoteVolume,
    k.trades,
    k.takerBuyBaseVolume,
    k.takerBuyQuoteVolume,
    '0',
  ];
}

/** The kline inside a stream event. Treat it as final only when `isClosed`. */
export interface BinanceStreamKline extends BinanceKline {
  symbol: string;
  interval: string;
  firstTradeId: number;
  lastTradeId: number;
  isClosed: boolean;
}

/** A `<symbol>@kline_<interval>` event. */
export interface BinanceKlineEvent {
  eventTime: number;
  symbol: string;
  kline: BinanceStreamKline;
}

/** The event as it travels: one-letter keys. */
export interface BinanceKlineEventWire {
  e: 'kline';
  E: number;
  s: string;
  k: {
    t: number;
    T: number;
    s: string;
    i: string;
    f: number;
    L: number;
    o: string;
    c: string;
    h: string;
    l: string;
    v: string;
    n: number;
    x: boolean;
    q: string;
    V: string;
    Q: string;
    B: string;
  };
}

/** Parses a raw kline event (not the combined envelope); null when `body` is some other event. */
export function parseBinanceKlineEvent(body: unknown): BinanceKlineEvent | null {
  if (!isRecord(body) || body.e !== 'kline' || !isRecord(body.k)) return null;
  const k = body.k;
  return {
    eventTime: int(body.E, 'E'),
    symbol: str(body.s, 's'),
    kline: {
      openTime: int(k.t, 'k.t'),
      closeTime: int(k.T, 'k.T'),
      symbol: str(k.s, 'k.s'),
      interval: str(k.i, 'k.i'),
      firstTradeId: int(k.f, 'k.f'),
      lastTradeId: int(k.L, 'k.L'),
      open: str(k.o, 'k.o'),
      close: str(k.c, 'k.c'),
      high: str(k.h, 'k.h'),
      low: str(k.l, 'k.l'),
      volume: str(k.v, 'k.v'),
      trades: int(k.n, 'k.n'),
      isClosed: k.x === true,
      quoteVolume: str(k.q, 'k.q'),
      takerBuyBaseVolume: str(k.V, 'k.V'),
      takerBuyQuoteVolume: str(k.Q, 'k.Q'),
    },
  };
}

/** Formats a kline event in wire form. */
export function formatBinanceKlineEvent(event: BinanceKlineEvent): BinanceKlineEventWire {
  const k = event.kline;
  return {
    e: 'kline',
    E: event.eventTime,
    s: event.symbol,
    k: {
      t: k.openTime,
      T: k.closeTime,
      s: k.symbol,
      i: k.interval,
      f: k.firstTradeId,
      L: k.lastTradeId,
      o: k.open,
      c: k.close,
      h: k.high,
      l: k.low,
      v: k.volume,
      n: k.trades,
      x: k.isClosed,
      q: k.quoteVolume,
      V: k.takerBuyBaseVolume,
      Q: k.takerBuyQuoteVolume,
      B: '0',
    },
  };
}

/** `<symbol>@kline_<interval>`, the symbol lowercased as Binance requires. */
export function binanceKlineStreamName(symbol: string, interval: BinanceInterval): string {
  return `${symbol.toLowerCase()}@kline_${interval}`;
}

/** Splits a kline stream name; the symbol comes back uppercase. Null for other streams or bad intervals. */
export function parseBinanceKlineStreamName(name: string): { symbol: string; interval: BinanceInterval } | null {
  const m = /^([a-z0-9]+)@kline_([0-9]+[smhdwM])$/.exec(name);
  if (!m || !isBinanceInterval(m[2] as string)) return null;
  return { symbol: (m[1] as string).toUpperCase(), interval: m[2] as BinanceInterval };
}

/** The combined-stream envelope `{"stream":..,"data":..}`. */
export interface BinanceCombinedMessage<T = unknown> {
  stream: string;
  data: T;
}

/** Wraps an event for a combined stream (`/stream?streams=...`). */
export function formatBinanceCombined<T>(stream: string, data: T): BinanceCombinedMessage<T> {
  return { stream, data };
}

/** Unwraps a combined-stream envelope; null when `body` is not one. */
export function parseBinanceCombined(body: unknown): BinanceCombinedMessage | null {
  if (!isRecord(body) || typeof body.stream !== 'string' || !('data' in body)) return null;
  return { stream: body.stream, data: body.data };
}

/** Live control methods on a stream connection. */
export type BinanceStreamMethod = 'SUBSCRIBE' | 'UNSUBSCRIBE' | 'LIST_SUBSCRIPTIONS';

/** `{"method":"SUBSCRIBE","params":[...],"id":1}`; `id` is an int, a string of ≤ 36 chars, or null. */
export interface BinanceStreamRequest {
  method: BinanceStreamMethod;
  params: string[];
  id: number | string | null;
}

/** Builds a control request (serialise with JSON.stringify). */
export function formatBinanceStreamRequest(
  method: BinanceStreamMethod,
  params: string[],
  id: number | string | null,
): BinanceStreamRequest {
  return method === 'LIST_SUBSCRIPTIONS' ? { method, params: [], id } : { method, params, id };
}

/** Parses a control request; an `error` string says what is wrong with it. */
export function parseBinanceStreamRequest(text: string): BinanceStreamRequest | { error: string; id: unknown } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: 'Invalid JSON', id: null };
  }
  if (!isRecord(body)) return { error: 'Invalid request', id: null };
  const { method, params, id } = body;
  const isId =
    id === null || (typeof id === 'number' && Number.isInteger(id)) || (typeof id === 'string' && id.length <= 36);
  if (!isId)
    return { error: "Invalid request: 'id' must be an integer, a string of at most 36 characters or null", id: null };
  if (method !== 'SUBSCRIBE' && method !== 'UNSUBSCRIBE' && method !== 'LIST_SUBSCRIPTIONS') {
    return { error: 'Invalid request: unknown method', id };
  }
  const list = params ?? [];
  if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) {
    return { error: 'Invalid request: params must be a list of stream names', id };
  }
  return { method, params: list, id: id };
}

/** The reply to a control request: `{"result":null,"id":1}` (a list for LIST_SUBSCRIPTIONS). */
export interface BinanceStreamResult {
  result: null | string[];
  id: number | string | null;
}

/** Builds a control reply. */
export function formatBinanceStreamResult(
  id: number | string | null,
  result: null | string[] = null,
): BinanceStreamResult {
  return { result, id };
}

/** Anything a stream connection can receive, classified. */
export type BinanceStreamMessage =
  | { kind: 'kline'; stream: string | null; event: BinanceKlineEvent }
  | { kind: 'result'; id: unknown; result: unknown }
  | { kind: 'error'; id: unknown; code: number; msg: string }
  | { kind: 'other'; stream: string | null; data: unknown };

/** Classifies a text frame from a raw (`/ws`) or combined (`/stream`) connection. */
export function parseBinanceStreamMessage(text: string): BinanceStreamMessage {
  const body: unknown = JSON.parse(text);
  const combined = parseBinanceCombined(body);
  const stream = combined?.stream ?? null;
  const data = combined ? combined.data : body;
  const event = parseBinanceKlineEvent(data);
  if (event) return { kind: 'kline', stream, event };
  if (isRecord(data) && 'result' in data && 'id' in data) return { kind: 'result', id: data.id, result: data.result };
  if (isRecord(data) && isBinanceError(data.error)) {
    return { kind: 'error', id: data.id, code: data.error.code, msg: data.error.msg };
  }
  return { kind: 'other', stream, data };
}
