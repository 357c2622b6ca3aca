/**
 * Kite market-data endpoints: the instruments dump, quotes, and historical candles.
 */
import { toRupees } from '@app/contract';
import { formatKiteInstrumentsCsv } from '../protocols/kite-instruments-csv.js';
import {
  formatKiteCandleRow,
  isKiteInterval,
  KITE_INTERVAL_SECONDS,
  KITE_MAX_DAYS_PER_REQUEST,
  parseKiteDateTime,
  type KiteInterval,
} from '../protocols/kite-rest.js';
import { kiteCandleStarts } from './candle-windows.js';
import type { Route, SandboxRequest, SandboxResponse } from './http-kit.js';
import { istDayStart } from './instrument-pricing.js';
import { toKiteInstrumentRow, type SandboxInstrument } from './instrument-universe.js';
import { ltpQuoteJson, ohlcQuoteJson, quoteJson, snapshot } from './kite-quotes.js';
import {
  kiteFail,
  kiteOk,
  nowSecond,
  resolveInstrument,
  withKiteAuth,
  type SandboxContext,
} from './sandbox-context.js';

const DAY_MS = 86_400_000;

function instrumentsCsv(ctx: SandboxContext, exchange: string | null): SandboxResponse {
  const nowMs = ctx.clock.now();
  const dayStart = istDayStart(Math.floor(nowMs / 1000));
  const rows = ctx.universe
    .at(nowMs)
    .instruments.filter((i) => exchange === null || i.exchange === exchange)
    .map((i) => toKiteInstrumentRow(i, ctx.pricing.ltpPaise(i, dayStart)));
  // Exactly `text/csv`: kiteconnect compares the header verbatim before parsing the dump.
  return { status: 200, headers: { 'Content-Type': 'text/csv' }, body: formatKiteInstrumentsCsv(rows) };
}

function quoteKeys(request: SandboxRequest, max: number): string[] | SandboxResponse {
  const keys = request.query.getAll('i');
  if (keys.length === 0) return kiteFail('InputException', 'No instruments specified. Pass them as `i`.');
  if (keys.length > max) return kiteFail('InputException', `Too many tokens requested. Max permitted is ${max}.`);
  return keys;
}

/** Builds a quote-like reply keyed by the exact `i` strings; unknown instruments are left out, as Kite does. */
function quoteReply(
  ctx: SandboxContext,
  request: SandboxRequest,
  max: number,
  present: (instrument: SandboxInstrument, second: number) => object,
): SandboxResponse {
  const keys = quoteKeys(request, max);
  if (!Array.isArray(keys)) return keys;
  const second = nowSecond(ctx);
  const data: Record<string, object> = {};
  for (const key of keys) {
    const instrument = resolveInstrument(ctx, key);
    if (instrument) data[key] = present(instrument, second);
  }
  return kiteOk(data);
}

interface HistoricalQuery {
  instrument: SandboxInstrument;
  interval: KiteInterval;
  fromMs: number;
  toMs: number;
  isOi: boolean;
}

function parseHistorical(ctx: SandboxContext, request: SandboxRequest): HistoricalQuery | SandboxResponse {
  const { token, interval } = request.params;
  const instrument = /^\d+$/.test(token ?? '') ? ctx.universe.resolveToken(Number(token), ctx.clock.now()) : null;
  if (!instrument) return kiteFail('InputException', 'invalid token');
  if (!interval || !isKiteInterval(interval)) return kiteFail('InputException', 'invalid interval');
  const fromMs = parseKiteDateTime(request.query.get('from') ?? '');
  const toMs = parseKiteDateTime(request.query.get('to') ?? '');
  if (fromMs === null) return kiteFail('InputException', 'invalid from date (expected yyyy-mm-dd hh:mm:ss)');
  if (toMs === null) return kiteFail('InputException', 'invalid to date (expected yyyy-mm-dd hh:mm:ss)');
  if (toMs < fromMs) return kiteFail('InputException', 'from date should be before to date');
  const maxDays = KITE_MAX_DAYS_PER_REQUEST[interval];
  if (toMs - fromMs > maxDays * DAY_MS)
    return kiteFail('InputException', `interval exceeds max limit: ${maxDays} days`);
  return { instrument, interval, fromMs, toMs, isOi: request.query.get('oi') === '1' };
}

/**
 * Candles that start within [from, to] and not after now. The newest may still be forming and then
 * covers only the seconds so far, as Kite's does.
 */
function historical(ctx: SandboxContext, request: SandboxRequest): SandboxResponse {
  const query = parseHistorical(ctx, request);
  if ('status' in query) return query;
  const { instrument, interval, fromMs, toMs, isOi } = query;
  const now = nowSecond(ctx);
  const length = KITE_INTERVAL_SECONDS[interval];
  const toSecond = Math.min(Math.floor(toMs / 1000), now);
  const candles = [];
  for (const start of kiteCandleStarts(interval, Math.ceil(fromMs / 1000), toSecond)) {
    const bar = ctx.pricing.aggregate(instrument, start, Math.min(start + length, now + 1));
    if (!bar) continue;
    const oi = isOi ? ctx.pricing.openInterest(instrument, start) : null;
    const { open, high, low, close, volume } = bar;
    candles.push(
      formatKiteCandleRow({
        time: start * 1000,
        open: toRupees(open),
        high: toRupees(high),
        low: toRupees(low),
        close: toRupees(close),
        volume,
        oi,
      }),
    );
  }
  return kiteOk({ candles });
}

/** Routes under the Kite REST root. */
export function kiteMarketRoutes(ctx: SandboxContext): Route[] {
  const s = (instrument: SandboxInstrument, second: number) => snapshot(ctx.pricing, instrument, second);
  return [
    // The dump is public on Kite too: no access token needed.
    { method: 'GET', pattern: '/instruments', handler: () => instrumentsCsv(ctx, null) },
    { method: 'GET', pattern: '/instruments/:exchange', handler: (r) => instrumentsCsv(ctx, r.params.exchange ?? '') },
    {
      method: 'GET',
      pattern: '/quote',
      handler: withKiteAuth(ctx, (r) => quoteReply(ctx, r, 500, (i, sec) => quoteJson(s(i, sec)))),
    },
    {
      method: 'GET',
      pattern: '/quote/ohlc',
      handler: withKiteAuth(ctx, (r) => quoteReply(ctx, r, 1000, (i, sec) => ohlcQuoteJson(s(i, sec)))),
    },
    {
      method: 'GET',
      pattern: '/quote/ltp',
      handler: withKiteAuth(ctx, (r) =>
        quoteReply(ctx, r, 1000, (i, sec) => ltpQuoteJson(i.instrumentToken, ctx.pricing.ltpPaise(i, sec))),
      ),
    },
    {
      method: 'GET',
      pattern: '/instruments/historical/:token/:interval',
      handler: withKiteAuth(ctx, (r) => historical(ctx, r)),
    },
  ];
}
