import { z } from 'zod';
import { defineRoute } from './route.js';
import { IsoTimeSchema, PageQuerySchema } from './fields.js';

/** How a paper fill was priced: from the quote's depth, or by the stated spread model (docs/LEDGER.md). */
export const PAPER_PRICE_SOURCES = ['quote_depth', 'spread_model'] as const;
export type PaperPriceSource = (typeof PAPER_PRICE_SOURCES)[number];

/** A fill. quantity > 0 is a SELL, < 0 a BUY (SPEC §3); price in rupees. */
export const TransactionSchema = z.object({
  id: z.number().int(),
  transaction_date: IsoTimeSchema,
  trading_symbol: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  strategy_name: z.string().nullable(),
  instrument_name: z.string().nullable(),
  user_username: z.string(),
  user_id: z.number().int(),
  user_strategy_mapping_id: z.number().int().nullable(),
  is_dummy: z.number().int(),
  /** 'trade' (an order filled) or 'settlement' (held to its contract's expiry, closed at intrinsic value). */
  kind: z.enum(['trade', 'settlement']).optional(),
  /**
   * How a paper fill's price was found (docs/LEDGER.md, "Paper fills"): 'quote_depth', the option's bids (a
   * sell) or offers (a buy) in its quote when the order would have gone, walked for the quantity as a market
   * order takes them; 'spread_model', no depth known, so the last price moved half the model's spread against
   * the trader. Absent on live fills (the broker's trades), settlements and paper booked before the rule.
   */
  price_source: z.enum(PAPER_PRICE_SOURCES).optional(),
  /** A live fill's order (issue 31 item 7): its trace is `GET /orders/{order_id}/trace`. Absent on paper fills. */
  order_id: z.number().int().optional(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionPageSchema = z.object({ transactions: z.array(TransactionSchema), total: z.number().int() });
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

const TotalsSchema = z.object({
  count: z.number().int(),
  buys: z.number().int(),
  sells: z.number().int(),
  /** Σ |quantity| × price, rupees. */
  turnover: z.number(),
  /** Σ quantity × price: premium received (sells) minus paid (buys), rupees. */
  net_premium: z.number(),
  /** FIFO realized P&L of everything closed, rupees (docs/LEDGER.md). */
  realized_pnl: z.number(),
  /**
   * Zerodha F&O charges of these fills, rupees: their share of each day's contract note (docs/LEDGER.md); the
   * share of a day not yet over is an estimate until it ends.
   */
  charges: z.number(),
  /** realized_pnl − charges. */
  net_pnl: z.number(),
});

export const TransactionSummarySchema = TotalsSchema.extend({
  per_strategy: z.array(TotalsSchema.extend({ strategy_name: z.string().nullable() })),
});
export type TransactionSummary = z.infer<typeof TransactionSummarySchema>;

const IST_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` names a day that exists (no 2026-02-30). */
function isCalendarDay(value: string): boolean {
  const m = IST_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** An IST calendar day on the wire, `YYYY-MM-DD`; the message names the field the way the URL does. */
const istDay = (field: 'from' | 'to') => {
  const error = `The ${field} date must be a day as YYYY-MM-DD, e.g. 2026-11-23`;
  return z.string({ error }).refine(isCalendarDay, { error });
};

/** One strategy (`user_strategy_mappings.id`); an empty field is none. */
export const optionalMapping = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: 'mapping_id must be a strategy id' }).int().positive().optional(),
);

const SYMBOL_ERROR = 'symbol must be part of a trading symbol: letters, digits, &, - and . (e.g. 24500CE)';

/** Part of a trading symbol, spaces dropped and upper-cased ("24500 ce" finds NIFTY26D0224500CE). */
const optionalSymbol = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
  z
    .string({ error: SYMBOL_ERROR })
    .max(40, { error: 'symbol must be at most 40 characters' })
    .regex(/^[A-Z0-9&.-]*$/, { error: SYMBOL_ERROR })
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
);

/** The trade book's filters: IST days `from`–`to` (both inclusive, either open), one strategy, part of a symbol. */
const bookFilters = {
  from: istDay('from').optional(),
  to: istDay('to').optional(),
  mapping_id: optionalMapping,
  symbol: optionalSymbol,
};
const isFromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const FROM_AFTER_TO = { error: 'The from date must not be after the to date', path: ['to'] };

/** The trade book export's filters (every fill of each day is read for its charges; the filters pick rows). */
export const TransactionsExportQuerySchema = z.object(bookFilters).refine(isFromNotAfterTo, FROM_AFTER_TO);
export type TransactionsExportQuery = z.infer<typeof TransactionsExportQuerySchema>;

/** A page of the trade book, filtered as the export is. */
export const TransactionsQuerySchema = PageQuerySchema.extend(bookFilters).refine(isFromNotAfterTo, FROM_AFTER_TO);
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

export const transactionsRoutes = {
  listMine: defineRoute({
    method: 'GET',
    path: '/transactions',
    access: 'user',
    query: TransactionsQuerySchema,
    data: TransactionPageSchema,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/transactions/summary',
    access: 'user',
    data: TransactionSummarySchema,
  }),
  listAll: defineRoute({
    method: 'GET',
    path: '/transactions/admin/all-transactions',
    access: 'admin',
    query: TransactionsQuerySchema,
    data: TransactionPageSchema,
  }),
  /**
   * The trade book as CSV, oldest first: the caller's own fills, or every user's (with a username column)
   * for an admin. Streamed as text/csv rather than the JSON envelope; errors still come in the envelope.
   * Columns: [username,] date (IST), trading_symbol, side (SELL/BUY), quantity, price and value (rupees, two
   * decimals), strategy, instrument, mode (DUMMY: paper, simulated fills; LIVE: orders at the broker; the
   * screens' words), exchange (`sandbox`: the console's built-in exchange, or `kite`), kind (`trade` or
   * `settlement`), transaction_id, user_strategy_mapping_id; then contract (as Kite names it), broker_account
   * (`Paper` for paper fills), order_id, trade_id; expiry, strike, option_type; and the fill's part of its day's
   * contract note in rupees: brokerage, stt, exchange_charges, sebi_fees, stamp_duty, gst, total_charges (a
   * strategy's fills add up to its charges on /positions, a day's to its note).
   */
  exportCsv: defineRoute({
    method: 'GET',
    path: '/transactions/export.csv',
    access: 'user',
    query: TransactionsExportQuerySchema,
    data: z.string(),
  }),
};
