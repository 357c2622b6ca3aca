/**
 * Binance spot REST market data: `GET /api/v3/klines` (plus `ping` and `time`, which clients call first).
 */
import { BINANCE_KLINE_LIMIT, formatBinanceKlineRow, isBinanceInterval } from '../protocols/binance.js';
import { buildBinanceKline, klineOpenTimes } from './binance-klines.js';
import { json, type Route, type SandboxRequest, type SandboxResponse } from './http-kit.js';
import type { PriceFeed } from './price-feed.js';
import { BINANCE_SYMBOLS } from './sandbox-market.js';
import type { SandboxClock } from './sandbox-clock.js';

/** A Binance `{code, msg}` error with HTTP 400. */
export function binanceFail(code: number, msg: string, status = 400): SandboxResponse {
  return json(status, { code, msg });
}

function mandatory(name: string): SandboxResponse {
  return binanceFail(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
}

function optionalInt(request: SandboxRequest, name: string): number | null | SandboxResponse {
  const raw = request.query.get(name);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  if (!Number.isSafeInteger(value))
    return binanceFail(-1100, `Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`);
  return value;
}

function klines(feed: PriceFeed, clock: SandboxClock, request: SandboxRequest): SandboxResponse {
  const symbol = request.query.get('symbol');
  if (!symbol) return mandatory('symbol');
  const spec = BINANCE_SYMBOLS.find((s) => s.symbol === symbol);
  if (!spec) return binanceFail(-1121, 'Invalid symbol.');
  const interval = request.query.get('interval');
  if (!interval) return mandatory('interval');
  if (!isBinanceInterval(interval)) return binanceFail(-1120, 'Invalid interval.');
  const [startTime, endTime, limitParam] = ['startTime', 'endTime', 'limit'].map((n) => optionalInt(request, n));
  for (const p of [startTime, endTime, limitParam]) if (p !== null && typeof p === 'object') return p;
  const start = startTime as number | null;
  const end = endTime as number | null;
  if (start !== null && end !== null && start > end) return binanceFail(-1023, 'Start time is greater than end time.');
  // Binance caps `limit` at 1000 rather than refusing larger values.
  const limit = Math.min(
    Math.max((limitParam as number | null) ?? BINANCE_KLINE_LIMIT.default, 1),
    BINANCE_KLINE_LIMIT.max,
  );
  const nowMs = clock.now();
  const rows = [];
  for (const open of klineOpenTimes(interval, nowMs, limit, start, end)) {
    const kline = buildBinanceKline(feed, spec, interval, open, nowMs);
    if (kline) rows.push(formatBinanceKlineRow(kline));
  }
  return json(200, rows);
}

/** Routes under the Binance REST root. */
export function binanceRoutes(feed: PriceFeed, clock: SandboxClock): Route[] {
  return [
    { method: 'GET', pattern: '/api/v3/klines', handler: (r) => klines(feed, clock, r) },
    { method: 'GET', pattern: '/api/v3/ping', handler: () => json(200, {}) },
    { method: 'GET', pattern: '/api/v3/time', handler: () => json(200, { serverTime: clock.now() }) },
  ];
}
