import { z } from 'zod';
import { defineRoute } from './route.js';
import { TransactionsExportQuerySchema } from './transactions.js';

/*
 * P&L by day (issue 32 item 4): what the caller's strategies realized and paid in charges on each IST day,
 * per strategy and in total. The same ledger arithmetic as the positions screen (docs/LEDGER.md): realized by
 * FIFO per symbol, booked on the day of the closing fill; charges as each day's contract note shares them.
 * Rupees with two decimals; net = realized − charges (open legs' unrealized P&L belongs to no day yet).
 */

/** The longest window one request may ask for: five years of days (and a leap day or two). */
export const PNL_DAILY_MAX_DAYS = 5 * 366;

const DAY_MS = 86_400_000;

/** The three figures of a day, rupees. */
const DayFiguresSchema = z.object({
  realized_pnl: z.number(),
  charges: z.number(),
  net_pnl: z.number(),
});

/** One strategy's part of a day: the strategy as it runs now (paper or live) and the fills of that mode. */
export const PnlStrategyDaySchema = DayFiguresSchema.extend({
  user_strategy_mapping_id: z.number().int(),
  strategy_name: z.string().nullable(),
  /** 1 = paper (simulated fills), 0 = live: the mode whose fills the strategy's figures are made of. */
  is_dummy: z.number().int(),
});
export type PnlStrategyDay = z.infer<typeof PnlStrategyDaySchema>;

/** One IST day with a fill of a strategy; the totals are the sums of `per_strategy`. */
export const PnlDaySchema = DayFiguresSchema.extend({
  /** The IST calendar day, `YYYY-MM-DD`. */
  day: z.string(),
  per_strategy: z.array(PnlStrategyDaySchema),
});
export type PnlDay = z.infer<typeof PnlDaySchema>;

/** The days of the window that had fills, oldest first; a day without any is left out. */
export const PnlDailySchema = z.object({ days: z.array(PnlDaySchema) });
export type PnlDaily = z.infer<typeof PnlDailySchema>;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** The window: IST days `from`–`to`, both inclusive and both required, at most five years. */
export const PnlDailyQuerySchema = z
  .object({
    from: TransactionsExportQuerySchema.shape.from.unwrap(),
    to: TransactionsExportQuerySchema.shape.to.unwrap(),
  })
  .refine((q) => q.from <= q.to, { error: 'The from date must not be after the to date', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < PNL_DAILY_MAX_DAYS, {
    error: 'The from and to dates may be at most 5 years apart',
    path: ['from'],
  });
export type PnlDailyQuery = z.infer<typeof PnlDailyQuerySchema>;

export const pnlRoutes = {
  /** The caller's own P&L by day (an admin's too: their own strategies, as /positions). */
  daily: defineRoute({
    method: 'GET',
    path: '/pnl/daily',
    access: 'user',
    query: PnlDailyQuerySchema,
    data: PnlDailySchema,
  }),
  /**
   * The same figures as CSV: one row per strategy per day, then the day's total row (strategy `Total`).
   * Columns: day, user_strategy_mapping_id, strategy, mode (DUMMY/LIVE, the screens' words), realized_pnl,
   * charges, net_pnl (rupees, two decimals).
   */
  exportCsv: defineRoute({
    method: 'GET',
    path: '/pnl/daily/export.csv',
    access: 'user',
    query: PnlDailyQuerySchema,
    data: z.string(),
  }),
};
