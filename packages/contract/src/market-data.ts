import { z } from 'zod';
import { DataIntervalSchema, DataSourceSchema, instrumentTokenError } from './live-data.js';
import { labelOf } from './labels.js';
import { defineRoute, requiredText } from './route.js';

/**
 * Years a historical fetch may name. Providers keep no candles before 2000, and a start near the limits of
 * Date (year -271821 parses) would have the fetch walk its chunks for ever.
 */
const FETCH_YEARS = { from: Date.UTC(2000, 0, 1), to: Date.UTC(2100, 0, 1) };

/** Whether a leading YYYY-MM-DD names a real day: Date.parse reads 2026-02-30 as 2 March. */
function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return true;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

const optionalDate = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .max(40, { error: `${labelOf(field)} must be a date` })
      .refine((s) => !Number.isNaN(Date.parse(s)) && isCalendarDay(s), { error: `${labelOf(field)} must be a date` })
      .refine((s) => Date.parse(s) >= FETCH_YEARS.from && Date.parse(s) < FETCH_YEARS.to, {
        error: `${labelOf(field)} must be between 2000 and 2099`,
      })
      .optional(),
  );

/** SPEC §3 historical fetch request (instrumentToken, startDate, endDate on the wire). */
export const FetchHistoricalSchema = z
  .object({
    source: DataSourceSchema,
    instrumentToken: requiredText('instrumentToken', 64),
    interval: DataIntervalSchema,
    startDate: optionalDate('startDate'),
    endDate: optionalDate('endDate'),
  })
  .refine((v) => !v.startDate || !v.endDate || Date.parse(v.endDate) > Date.parse(v.startDate), {
    error: 'End Date must be later than Start Date',
    path: ['endDate'],
  })
  .superRefine((v, ctx) => {
    // A Kite token sent to Binance (or the reverse) is never a valid request.
    const error = instrumentTokenError(v.source, v.instrumentToken);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['instrumentToken'] });
  });
export type FetchHistorical = z.infer<typeof FetchHistoricalSchema>;

export const FetchResultSchema = z.object({ recordsInserted: z.number().int(), recordsFetched: z.number().int() });

export const CandleSchema = z.object({
  /** Open time, epoch seconds (what lightweight-charts takes). */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof CandleSchema>;

export const CandlesQuerySchema = z.object({
  source: DataSourceSchema,
  instrumentToken: requiredText('instrumentToken', 64),
  interval: DataIntervalSchema,
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});

export const LiveSyncStatusSchema = z.object({
  isRunning: z.boolean(),
  connectedSources: z.array(z.string()),
  activeSubscriptions: z.array(z.string()),
  /** Streams that stopped for good and why (the Kite ticker refused the access token); empty while all run. */
  haltedSources: z.array(z.object({ source: z.string(), reason: z.string() })),
});
export type LiveSyncStatus = z.infer<typeof LiveSyncStatusSchema>;

export const SchedulingSchema = z.object({
  autoStart: z.boolean(),
  autoStop: z.boolean(),
  startTime: z.string(),
  stopTime: z.string(),
  timezone: z.string(),
  days: z.string(),
});
export type Scheduling = z.infer<typeof SchedulingSchema>;

/** The exchange's lot size of each option root, from the instruments dump just loaded. */
export const ExchangeRefreshSchema = z.object({
  lot_sizes: z.array(z.object({ ticker: z.string(), lot_size: z.number().int() })),
});
export type ExchangeRefresh = z.infer<typeof ExchangeRefreshSchema>;

export const marketDataRoutes = {
  /**
   * Admin: load today's instruments dump from the exchange now (it also loads each morning): option chains,
   * and instruments' lot sizes brought in line with the exchange's (by ticker).
   */
  refreshFromExchange: defineRoute({
    method: 'POST',
    path: '/instruments/refresh-from-exchange',
    access: 'admin',
    data: ExchangeRefreshSchema,
  }),
  fetch: defineRoute({
    method: 'POST',
    path: '/data/fetch',
    access: 'admin',
    body: FetchHistoricalSchema,
    data: FetchResultSchema,
  }),
  candles: defineRoute({
    method: 'GET',
    path: '/data/candles',
    access: 'admin',
    query: CandlesQuerySchema,
    data: z.object({ candles: z.array(CandleSchema) }),
  }),
  liveSyncStart: defineRoute({
    method: 'POST',
    path: '/live-sync/start',
    access: 'admin',
    data: z.object({ status: LiveSyncStatusSchema }),
  }),
  liveSyncStop: defineRoute({
    method: 'POST',
    path: '/live-sync/stop',
    access: 'admin',
    data: z.object({ status: LiveSyncStatusSchema }),
  }),
  liveSyncStatus: defineRoute({
    method: 'GET',
    path: '/live-sync/status',
    access: 'admin',
    data: z.object({ status: LiveSyncStatusSchema }),
  }),
  scheduleStatus: defineRoute({
    method: 'GET',
    path: '/live-sync/schedule/status',
    access: 'admin',
    data: z.object({ scheduling: SchedulingSchema }),
  }),
  scheduleEnable: defineRoute({
    method: 'POST',
    path: '/live-sync/schedule/enable',
    access: 'admin',
    data: z.object({ scheduling: SchedulingSchema }),
  }),
  scheduleDisable: defineRoute({
    method: 'POST',
    path: '/live-sync/schedule/disable',
    access: 'admin',
    data: z.object({ scheduling: SchedulingSchema }),
  }),
};
