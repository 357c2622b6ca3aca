import { z } from 'zod';
import { IsoTimeSchema, PageQuerySchema } from './fields.js';
import { defineRoute } from './route.js';
import { TransactionsExportQuerySchema } from './transactions.js';

/*
 * The order book (issue 32 item 2): every order the console sent to a broker or simulated on paper, newest first.
 */

/** open: at the broker, not yet settled; complete: filled; rejected: refused (the broker's words); cancelled. */
export const ORDER_STATUSES = ['open', 'complete', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const BookOrderSchema = z.object({
  /** `live`: sent to a broker (its row's `id`); `paper`: simulated, filled at the quote (no id of its own). */
  kind: z.enum(['live', 'paper']),
  id: z.number().int().nullable(),
  time: IsoTimeSchema,
  user_strategy_mapping_id: z.number().int().nullable(),
  strategy_name: z.string().nullable(),
  instrument_name: z.string().nullable(),
  /** The broker account's user ID, or "Paper". */
  account: z.string(),
  /** The order's tag at the broker (live only). */
  tag: z.string().nullable(),
  broker_order_id: z.string().nullable(),
  trading_symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.number().int(),
  filled_quantity: z.number().int(),
  /** Rupees, two decimals: the fills' average per unit; null with nothing filled. */
  average_price: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** Why it was rejected or cancelled, in the broker's words; null otherwise. */
  message: z.string().nullable(),
});
export type BookOrder = z.infer<typeof BookOrderSchema>;

export const OrderBookSchema = z.object({ orders: z.array(BookOrderSchema), total: z.number().int() });
export type OrderBook = z.infer<typeof OrderBookSchema>;

const optionalStatus = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
);
const optionalMapping = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: 'mapping_id must be a strategy id' }).int().positive().optional(),
);

/** The book's filters: IST days `from`–`to` (both inclusive, either open), a status, one strategy. */
export const OrderBookQuerySchema = PageQuerySchema.extend({
  from: TransactionsExportQuerySchema.shape.from,
  to: TransactionsExportQuerySchema.shape.to,
  status: optionalStatus,
  mapping_id: optionalMapping,
}).refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
  error: 'The from date must not be after the to date',
  path: ['to'],
});
export type OrderBookQuery = z.infer<typeof OrderBookQuerySchema>;

/** The admin's: everyone's, or one user's by username. */
export const AdminOrderBookQuerySchema = OrderBookQuerySchema.and(
  z.object({ user: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(64).optional()) }),
);
export type AdminOrderBookQuery = z.infer<typeof AdminOrderBookQuerySchema>;

export const ordersRoutes = {
  /** The caller's orders, live and paper, newest first. */
  list: defineRoute({
    method: 'GET',
    path: '/orders',
    access: 'user',
    query: OrderBookQuerySchema,
    data: OrderBookSchema,
  }),
  /** Every user's orders (admin), optionally one user's. */
  listAll: defineRoute({
    method: 'GET',
    path: '/orders/admin/all',
    access: 'admin',
    query: AdminOrderBookQuerySchema,
    data: OrderBookSchema,
  }),
};
