import { z } from 'zod';
import { defineRoute } from './route.js';
import { IsoTimeSchema, PageQuerySchema } from './fields.js';

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
});

export const TransactionSummarySchema = TotalsSchema.extend({
  per_strategy: z.array(TotalsSchema.extend({ strategy_name: z.string().nullable() })),
});
export type TransactionSummary = z.infer<typeof TransactionSummarySchema>;

export const transactionsRoutes = {
  listMine: defineRoute({
    method: 'GET',
    path: '/transactions',
    access: 'user',
    query: PageQuerySchema,
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
    query: PageQuerySchema,
    data: TransactionPageSchema,
  }),
};
