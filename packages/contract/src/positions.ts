import { z } from 'zod';
import { LIMITS } from './constants.js';
import { defineRoute, IdParamsSchema } from './route.js';
import { IsoTimeSchema, rupees } from './fields.js';
import { CandleSchema } from './market-data.js';
import { MappingSchema } from './strategies.js';
import { TransactionSchema } from './transactions.js';

/*
 * What each strategy holds and made (issue 11). Every figure is derived from the fills alone (docs/LEDGER.md):
 * realized by FIFO per symbol, unrealized at the last price, charges as the Zerodha F&O contract note of each
 * day computes them (a strategy's share of its account's note), all exact in paise inside and rupees with two
 * decimals here. Quantity follows SPEC's transactions:
 * > 0 sold (short), < 0 bought (long).
 */

/** The four figures a P&L line shows, rupees. net = realized + unrealized − charges. */
export const PnlFiguresSchema = z.object({
  realized_pnl: z.number(),
  unrealized_pnl: z.number(),
  charges: z.number(),
  net_pnl: z.number(),
});
export type PnlFigures = z.infer<typeof PnlFiguresSchema>;

/**
 * A leg as the broker's (Kite's) positions screen shows it (issue 28), beside the console's FIFO figures:
 * the average price of what is held, unrealized against it, and the day's P&L from the previous close for what
 * was held overnight (docs/LEDGER.md, "The broker's way"). Rupees.
 */
export const BrokerWayLegSchema = z.object({
  average_price: z.number(),
  unrealized_pnl: z.number(),
  /** What was held at the day's start (IST), in SPEC's sign (> 0 short). */
  overnight_quantity: z.number().int(),
  /** The option's previous close (Kite's quote `ohlc.close`); null when not known. */
  previous_close: z.number().nullable(),
  /** Kite's day P&L (its `m2m`); null when held overnight and the previous close is not known. */
  day_pnl: z.number().nullable(),
});
export type BrokerWayLeg = z.infer<typeof BrokerWayLegSchema>;

/**
 * A strategy's P&L the broker's way (issue 28): realized and unrealized split at the average price (their sum
 * equals the FIFO realized + unrealized to the paisa; only the split differs), and Kite's day P&L, all before
 * charges. Rupees.
 */
export const BrokerWaySchema = z.object({
  realized_pnl: z.number(),
  unrealized_pnl: z.number(),
  /** Null when a symbol held overnight has no known previous close. */
  day_pnl: z.number().nullable(),
});
export type BrokerWay = z.infer<typeof BrokerWaySchema>;

/**
 * A held option leg's greeks (issue 34, docs/ANALYTICS.md "Greeks on positions"): the IV its last price implies
 * (Black-76 on S·e^{rT}, time in trading minutes, the RBI repo rate) and the position's greeks at it, each the
 * per-unit greek × the units held, bought positive and sold negative (so a sold call's delta is negative).
 */
export const LegGreeksSchema = z.object({
  /** Percent (14.23 for 14.23%). */
  iv: z.number(),
  /** Units of the underlying per point of the forward: ∂V/∂F × units held. */
  delta: z.number(),
  /** Change of delta per point of the forward, × units held. */
  gamma: z.number(),
  /** Rupees per trading day for the units held; positive for a sold option. */
  theta: z.number(),
  /** Rupees per vol point (IV up by 1) for the units held; negative for a sold option. */
  vega: z.number(),
});
export type LegGreeks = z.infer<typeof LegGreeksSchema>;

/**
 * Greeks summed over legs (a strategy's, or every listed strategy's): the sums of delta, gamma, theta and vega
 * of the open legs that have greeks (IV is not summed). `legs_left_out` counts the open legs that have none
 * (greeks null: no live quote, no IV at that price, expired, no spot); 0 means the sums are complete.
 */
export const GreeksTotalsSchema = z.object({
  delta: z.number(),
  gamma: z.number(),
  theta: z.number(),
  vega: z.number(),
  legs_left_out: z.number().int(),
});
export type GreeksTotals = z.infer<typeof GreeksTotalsSchema>;

/** One open symbol of a strategy: net quantity and the FIFO average entry of what is still open. */
export const PositionLegSchema = z.object({
  trading_symbol: z.string(),
  option_type: z.string().nullable(),
  /** Strike in rupees; null when the symbol's leg record is gone. */
  strike: z.number().nullable(),
  expiry: z.string().nullable(),
  quantity: z.number().int(),
  entry_price: z.number(),
  /** Last traded price in rupees; the last fill's price when no quote could be had (ltp_is_stale). */
  ltp: z.number().nullable(),
  ltp_is_stale: z.boolean(),
  unrealized_pnl: z.number(),
  broker_way: BrokerWayLegSchema,
  /** Null when no IV can be had: no live quote (ltp_is_stale), a price outside the bounds, expired, no spot. */
  greeks: LegGreeksSchema.nullable(),
});
export type PositionLeg = z.infer<typeof PositionLegSchema>;

export const PositionSchema = PnlFiguresSchema.extend({
  user_strategy_mapping_id: z.number().int(),
  user_id: z.number().int(),
  strategy_name: z.string().nullable(),
  instrument_name: z.string().nullable(),
  is_dummy: z.number().int(),
  running_status: z.number().int(),
  legs: z.array(PositionLegSchema),
  /** The same figures counting only today's (IST) fills and realizations; unrealized is the open one. */
  today: PnlFiguresSchema,
  /**
   * False while its charges include a day not yet over (today, IST): the day's contract note aggregates every
   * order of the day (STT per contract, stamp duty to the rupee), so until midnight they are an estimate.
   */
  charges_final: z.boolean(),
  /** The same P&L as Kite's positions screen computes it, to hold the console against it. */
  broker_way: BrokerWaySchema,
  /** Its open legs' greeks summed (issue 34). */
  greeks: GreeksTotalsSchema,
});
export type Position = z.infer<typeof PositionSchema>;

export const AdminPositionSchema = PositionSchema.extend({ user_username: z.string() });
export type AdminPosition = z.infer<typeof AdminPositionSchema>;

/** P&L totals with the listed strategies' greeks summed (issue 34). */
export const PositionTotalsSchema = PnlFiguresSchema.extend({ greeks: GreeksTotalsSchema });
export type PositionTotals = z.infer<typeof PositionTotalsSchema>;

/** The figures of the listed strategies of one mode: real money (live) or paper money, never summed unseen. */
export const ModeFiguresSchema = z.object({
  /** How many of the listed strategies run in this mode. */
  strategies: z.number().int(),
  totals: PositionTotalsSchema,
  today: PnlFiguresSchema,
});
export type ModeFigures = z.infer<typeof ModeFiguresSchema>;

export const PositionsReplySchema = z.object({
  positions: z.array(PositionSchema),
  /** Their sums; `greeks` adds every listed strategy's, live and paper (each mode's apart in `by_mode`). */
  totals: PositionTotalsSchema,
  /** Today's (IST) figures across the listed strategies: the P&L strip. */
  today: PnlFiguresSchema,
  /** The same figures apart for live and paper strategies (`totals` and `today` are their sums). */
  by_mode: z.object({ live: ModeFiguresSchema, paper: ModeFiguresSchema }),
  /** Whether every listed strategy's charges are final (`charges_final`); false: the figures say "estimate". */
  charges_final: z.boolean(),
  as_of: IsoTimeSchema,
});
export type PositionsReply = z.infer<typeof PositionsReplySchema>;

export const AdminPositionsReplySchema = PositionsReplySchema.extend({ positions: z.array(AdminPositionSchema) });
export type AdminPositionsReply = z.infer<typeof AdminPositionsReplySchema>;

/**
 * One contract the caller holds, netted across their strategies and accounts as Kite's positions screen shows
 * it (issue 32 item 1): each strategy counts the fills of the mode it runs in now (as /positions), paper and
 * live netted together. Unlike the rest of this file, quantity is Kite's sign: < 0 short (sold). Rupees.
 */
export const SymbolPositionSchema = z.object({
  trading_symbol: z.string(),
  /** Kite's sign: < 0 sold (short), > 0 bought. */
  quantity: z.number().int(),
  /** Kite's average price: the weighted average of what is held. */
  average_price: z.number(),
  /** The price it is marked at: the last quote, else its newest fill's (ltp_is_stale); null when none. */
  ltp: z.number().nullable(),
  ltp_is_stale: z.boolean(),
  /** Kite's day P&L (from the previous close for what was held overnight); null when that close is not known. */
  day_pnl: z.number().nullable(),
  /** Realized + unrealized before charges since it was first traded (Kite's P&L column). */
  mtm: z.number(),
  /** The caller's strategies whose own book holds it open. */
  mapping_ids: z.array(z.number().int()),
});
export type SymbolPosition = z.infer<typeof SymbolPositionSchema>;

export const SymbolPositionsReplySchema = z.object({ positions: z.array(SymbolPositionSchema) });
export type SymbolPositionsReply = z.infer<typeof SymbolPositionsReplySchema>;

/**
 * One symbol of a live broker account: the console's open quantity (its legs) beside the broker's net
 * position, both in SPEC's sign (> 0 short), and the difference. drift 0 means they agree.
 */
export const ReconcileSymbolSchema = z.object({
  trading_symbol: z.string(),
  exchange: z.string(),
  console_quantity: z.number().int(),
  broker_quantity: z.number().int(),
  drift: z.number().int(),
  /**
   * An order the console placed on this symbol is still settling (or settled while the broker was asked): the
   * two sides may differ for a moment, so drift is 0 and the symbol is shown as in flight, never as drift.
   * Absent means false.
   */
  in_flight: z.boolean().optional(),
  /**
   * The console's strategies holding the symbol, and how much each (issue 27): where the console counts more
   * than the broker holds, the banner offers to match each one to the broker.
   */
  holders: z
    .array(
      z.object({
        user_strategy_mapping_id: z.number().int(),
        strategy_name: z.string(),
        instrument_name: z.string(),
        quantity: z.number().int(),
      }),
    )
    .optional(),
});
export type ReconcileSymbol = z.infer<typeof ReconcileSymbolSchema>;

export const ReconcileAccountSchema = z.object({
  user_broker_id: z.number().int(),
  user_id: z.number().int(),
  user_username: z.string(),
  broker_username: z.string(),
  /** Every symbol either side holds; drifting ones first. */
  symbols: z.array(ReconcileSymbolSchema),
  in_sync: z.boolean(),
  /**
   * Why the broker could not be asked (no token, token expired, broker down); symbols then lists the console
   * side only. An order in flight is no error: its symbols say `in_flight`.
   */
  error: z.string().nullable(),
});
export type ReconcileAccount = z.infer<typeof ReconcileAccountSchema>;

export const ReconcileReplySchema = z.object({
  accounts: z.array(ReconcileAccountSchema),
  checked_at: IsoTimeSchema,
  /**
   * The caller's paper strategies (all users' for an admin; issue 27): paper fills never reach a broker, so
   * there is nothing to compare them with, and the banner says so rather than stay silent.
   */
  paper_strategies: z.number().int().optional(),
});
export type ReconcileReply = z.infer<typeof ReconcileReplySchema>;

/**
 * What a strategy's chart shows: its underlying's stored candles at the strategy's RDX interval, and the
 * strategy's fills of today (IST), oldest first, to mark entries, realigns and exits on them.
 */
export const StrategyChartSchema = z.object({
  user_strategy_mapping_id: z.number().int(),
  instrument_name: z.string().nullable(),
  source: z.string(),
  interval: z.string(),
  candles: z.array(CandleSchema),
  fills: z.array(TransactionSchema),
  /** True when today's fills were more than the reply carries (the newest are kept). */
  fills_truncated: z.boolean(),
  /** The strategy's MTM through today (IST): realized + unrealized before charges, rupees, at most a point a minute and one at each fill. */
  marks: z.array(z.object({ time: z.number().int(), mtm: z.number() })),
});
export type StrategyChart = z.infer<typeof StrategyChartSchema>;

/**
 * A strategy's leg the broker no longer holds (closed in Kite by hand; issue 27), booked as bought back at the
 * price the trader read in Kite, so the console matches the broker again. Nothing is sent to the broker.
 */
export const MatchBrokerSchema = z.object({
  trading_symbol: z
    .string({ error: 'Name the symbol to match' })
    .trim()
    .min(1, { error: 'Name the symbol to match' })
    .max(64, { error: 'Symbol must be at most 64 characters' }),
  price: rupees('price')
    .refine((v) => v > 0, { error: 'Price must be more than 0' })
    .refine((v) => v <= LIMITS.maxFillPriceRupees, {
      error: `Price must be at most ${LIMITS.maxFillPriceRupees.toLocaleString('en-IN')}`,
    }),
});
export type MatchBroker = z.infer<typeof MatchBrokerSchema>;

export const MatchBrokerReplySchema = z.object({
  strategy: MappingSchema,
  /** The quantity booked as bought back: what the console counted beyond what the broker holds. */
  closed_quantity: z.number().int(),
});
export type MatchBrokerReply = z.infer<typeof MatchBrokerReplySchema>;

export const positionsRoutes = {
  listMine: defineRoute({
    method: 'GET',
    path: '/positions',
    access: 'user',
    data: PositionsReplySchema,
  }),
  /** The caller's open positions netted per contract (issue 32 item 1). */
  bySymbol: defineRoute({
    method: 'GET',
    path: '/positions/by-symbol',
    access: 'user',
    data: SymbolPositionsReplySchema,
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/positions/admin/all',
    access: 'admin',
    data: AdminPositionsReplySchema,
  }),
  chart: defineRoute({
    method: 'GET',
    path: '/positions/:id/chart',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: StrategyChartSchema,
  }),
  reconcile: defineRoute({
    method: 'GET',
    path: '/positions/reconcile',
    access: 'user',
    data: ReconcileReplySchema,
  }),
  /** Books a leg the broker no longer holds as bought back at the trader's price (issue 27). */
  matchBroker: defineRoute({
    method: 'POST',
    path: '/positions/:id/match-broker',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    body: MatchBrokerSchema,
    data: MatchBrokerReplySchema,
  }),
};
