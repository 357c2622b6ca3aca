import { z } from 'zod';
import { RDX_INTERVALS } from './constants.js';
import { intBetween } from './fields.js';
import { defineRoute } from './route.js';

/*
 * The Strategy Lab's backtests (issue 30): a strategy's own configuration run over history by the live
 * engine's own rules and fill code. Money as everywhere: rupees with two decimals.
 */

/** Where option prices come from (docs/BACKTEST.md says what each assumes). */
export const BACKTEST_PRICE_SOURCES = ['recorded', 'imported', 'model'] as const;
export type BacktestPriceSource = (typeof BACKTEST_PRICE_SOURCES)[number];

/** What a `model` run prices options at: `model_iv`, or India VIX's reading at each close (docs/BACKTEST.md). */
export const BACKTEST_IV_SOURCES = ['fixed', 'india_vix'] as const;
export type BacktestIvSource = (typeof BACKTEST_IV_SOURCES)[number];

/** At which price an order fills (docs/BACKTEST.md). */
export const BACKTEST_FILL_MODELS = ['close', 'next_open', 'paper', 'protected_worst'] as const;
export type BacktestFillModel = (typeof BACKTEST_FILL_MODELS)[number];

export const BACKTEST_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

/** The longest range one backtest covers. */
export const BACKTEST_MAX_YEARS = 5;
/** The most slippage a run may add to each fill, in ticks (₹0.05 each). */
export const BACKTEST_MAX_SLIPPAGE_TICKS = 100;

/** `YYYY-MM-DD` (a whole IST day) or an ISO date-time to the minute (`2026-11-20T09:15` IST, or with a zone). */
const RangeBound = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD) or a date-time` })
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, {
      error: `${field} must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:MM)`,
    });

export const CreateBacktestSchema = z.object({
  strategy_id: z.number({ error: 'strategy_id must be a number' }).int(),
  instrument_id: z.number({ error: 'instrument_id must be a number' }).int(),
  /** The strategy's own configuration (RDX: its rdx-config fields), checked by the strategy's schema. */
  config: z.record(z.string(), z.unknown(), { error: 'config must be an object of the strategy’s settings' }),
  from: RangeBound('from'),
  to: RangeBound('to'),
  interval: z.enum(RDX_INTERVALS, { error: `interval must be one of ${RDX_INTERVALS.join(', ')}` }),
  /** The strategy's lot count, when given (it replaces the config's). */
  lots: intBetween('lots', 1, 1000).optional(),
  price_source: z.enum(BACKTEST_PRICE_SOURCES, {
    error: `price_source must be one of ${BACKTEST_PRICE_SOURCES.join(', ')}`,
  }),
  fill_model: z.enum(BACKTEST_FILL_MODELS, { error: `fill_model must be one of ${BACKTEST_FILL_MODELS.join(', ')}` }),
  slippage_ticks: intBetween('slippage_ticks', 0, BACKTEST_MAX_SLIPPAGE_TICKS).default(0),
  /** `model` only: the annual implied volatility in percent the options are priced at (default 14). */
  model_iv: z
    .number({ error: 'model_iv must be a number (percent)' })
    .min(1, { error: 'model_iv must be at least 1 (percent)' })
    .max(200, { error: 'model_iv must be at most 200 (percent)' })
    .optional(),
  /** `model` only: `fixed` (default) prices at `model_iv`; `india_vix` at India VIX's last reading at each close. */
  model_iv_source: z
    .enum(BACKTEST_IV_SOURCES, { error: `model_iv_source must be one of ${BACKTEST_IV_SOURCES.join(', ')}` })
    .optional(),
  /** A name the trader gives the run. */
  label: z.string().trim().max(80, { error: 'label must be at most 80 characters' }).optional(),
});
export type CreateBacktest = z.infer<typeof CreateBacktestSchema>;

export const BacktestSummarySchema = z.object({
  /** Fills, every one (a settlement at expiry included). */
  trades: z.number().int(),
  realized_pnl: z.number(),
  charges: z.number(),
  /** Realized plus what the legs still open at the end are worth at the last price, less charges. */
  net_pnl: z.number(),
  /** The largest fall of net P&L from an earlier high (≥ 0). */
  max_drawdown: z.number(),
  /** Of the closing fills (each matched first in, first out), the share that made money; null with none. */
  win_rate: z.number().nullable(),
  days: z.number().int(),
  result_hash: z.string(),
  /** Option prices a decision needed and the source did not have: how many closes, and the first one. */
  missing_prices: z.object({ count: z.number().int(), first: z.string().nullable() }),
  /**
   * The orders live would have sent (each slice above the freeze quantity one), and how many of them the
   * broker's order rate (Kite: 10 a second) would have held back a second or more. Absent on runs made before
   * it was counted.
   */
  orders: z.object({ count: z.number().int(), rate_limited: z.number().int() }).optional(),
});
export type BacktestSummary = z.infer<typeof BacktestSummarySchema>;

export const BacktestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  label: z.string().nullable(),
  status: z.enum(BACKTEST_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  strategy_id: z.number().int(),
  strategy_name: z.string(),
  instrument_id: z.number().int(),
  instrument_name: z.string(),
  config: z.record(z.string(), z.unknown()),
  from: z.string(),
  to: z.string(),
  interval: z.enum(RDX_INTERVALS),
  price_source: z.enum(BACKTEST_PRICE_SOURCES),
  fill_model: z.enum(BACKTEST_FILL_MODELS),
  slippage_ticks: z.number().int(),
  model_iv: z.number().nullable(),
  model_iv_source: z.enum(BACKTEST_IV_SOURCES).nullable(),
  summary: BacktestSummarySchema.nullable(),
  sweep_id: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Backtest = z.infer<typeof BacktestSchema>;

export const BacktestTradeSchema = z.object({
  time: z.string(),
  trading_symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  /** Signed as in transactions: a sell positive, a buy negative. */
  quantity: z.number().int(),
  price: z.number(),
  charges: z.number(),
  /** Why the engine traded: entry, realign, exit, expiry settlement… */
  reason: z.string(),
});
export type BacktestTrade = z.infer<typeof BacktestTradeSchema>;

export const BacktestEquitySchema = z.object({
  points: z.array(z.object({ time: z.string(), net_pnl: z.number() })),
  daily: z.array(z.object({ day: z.string(), realized_pnl: z.number(), charges: z.number(), net_pnl: z.number() })),
});
export type BacktestEquity = z.infer<typeof BacktestEquitySchema>;

const BacktestIdParams = z.object({ id: z.coerce.number().int() });

/** The most runs one sweep makes. */
export const BACKTEST_MAX_SWEEP_RUNS = 500;

export const CreateSweepSchema = z.object({
  /** A backtest request; each run takes it with the grid's values put into its `config`. */
  base: CreateBacktestSchema,
  /** Fields of `config` (RDX: offset_value, rdx_lot_count, interval…), each with the values to try. */
  grid: z.record(
    z.string(),
    z.array(z.unknown(), { error: 'each grid field takes a list of values' }).min(1, {
      error: 'each grid field takes at least one value',
    }),
    { error: 'grid must name config fields, each with a list of values' },
  ),
});
export type CreateSweep = z.infer<typeof CreateSweepSchema>;

export const SweepSchema = z.object({
  id: z.number().int(),
  /** Every run, best first: finished runs by net P&L (highest first), then the rest in order. */
  runs: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(BACKTEST_STATUSES),
      config: z.record(z.string(), z.unknown()),
      summary: BacktestSummarySchema.nullable(),
    }),
  ),
});
export type Sweep = z.infer<typeof SweepSchema>;

export const backtestsRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/backtests',
    access: 'user',
    body: CreateBacktestSchema,
    data: z.object({ id: z.number().int() }),
  }),
  createSweep: defineRoute({
    method: 'POST',
    path: '/backtests/sweeps',
    access: 'user',
    body: CreateSweepSchema,
    data: z.object({ id: z.number().int(), backtest_ids: z.array(z.number().int()) }),
  }),
  sweep: defineRoute({
    method: 'GET',
    path: '/backtests/sweeps/:id',
    access: 'user',
    ownerScoped: true,
    params: BacktestIdParams,
    data: SweepSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/backtests',
    access: 'user',
    data: z.object({ backtests: z.array(BacktestSchema) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/backtests/:id',
    access: 'user',
    ownerScoped: true,
    params: BacktestIdParams,
    data: BacktestSchema,
  }),
  trades: defineRoute({
    method: 'GET',
    path: '/backtests/:id/trades',
    access: 'user',
    ownerScoped: true,
    params: BacktestIdParams,
    data: z.object({ trades: z.array(BacktestTradeSchema) }),
  }),
  /** Every fill of a run as CSV (text/csv, not the JSON envelope; a refusal is still one): the trades' rows. */
  exportCsv: defineRoute({
    method: 'GET',
    path: '/backtests/:id/export.csv',
    access: 'user',
    ownerScoped: true,
    params: BacktestIdParams,
    data: z.string(),
  }),
  equity: defineRoute({
    method: 'GET',
    path: '/backtests/:id/equity',
    access: 'user',
    ownerScoped: true,
    params: BacktestIdParams,
    data: BacktestEquitySchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/backtests/:id',
    access: 'user',
    ownerScoped: true,
    params: BacktestIdParams,
    data: z.object({ id: z.number().int(), status: z.enum([...BACKTEST_STATUSES, 'deleted']) }),
  }),
};

/** The realtime event a run's owner hears as it goes. */
export const BacktestProgressSchema = z.object({
  id: z.number().int(),
  status: z.enum(BACKTEST_STATUSES),
  progress: z.number(),
});
export type BacktestProgress = z.infer<typeof BacktestProgressSchema>;
