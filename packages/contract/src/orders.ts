import { z } from 'zod';
import { IsoTimeSchema, PageQuerySchema } from './fields.js';
import { defineRoute, IdParamsSchema } from './route.js';
import { optionalMapping, TransactionsExportQuerySchema } from './transactions.js';

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

/**
 * What made a live order and what came of it (issue 31 item 7, `GET /orders/{id}/trace`): its strategy type's
 * rules version and algo ID, the decision's inputs, who asked for it, and each fill the broker reported. Money
 * in rupees. `strategy`, `decision` and `author` are null on orders written before traces were kept.
 */
export const OrderTraceSchema = z.object({
  order: BookOrderSchema,
  strategy: z.object({ type: z.string(), version: z.number().int(), algo_id: z.string() }).nullable(),
  decision: z
    .object({
      action: z.enum(['enter', 'realign', 'squareOff']),
      /** Why a square-off squared off (exit, max_loss, …); null for entries and realigns. */
      reason: z.string().nullable(),
      /** The candle close (or the action's moment) it was decided at. */
      at: IsoTimeSchema,
      /** The underlying's price it decided on; null where none was needed (a square-off). */
      underlying_price: z.number().nullable(),
      /** The ATM it traded around; null for a square-off. */
      atm: z.number().nullable(),
      /** The strategy's settings as the engine read them (money in rupees). */
      config: z.record(z.string(), z.unknown()),
      /** A digest of the settings: the same for two orders decided under the same ones. */
      config_version: z.string(),
    })
    .nullable(),
  /** The engine (a candle close), a person (the trader, or an admin for them), or the console (limits, the chase). */
  author: z.object({ kind: z.enum(['engine', 'user', 'console']), username: z.string().nullable() }).nullable(),
  fills: z.array(
    z.object({
      id: z.number().int(),
      time: IsoTimeSchema,
      /** The broker's trade id; null when booked at the order's average or by hand. */
      trade_id: z.string().nullable(),
      /** Signed as in transactions: a sale positive. */
      quantity: z.number().int(),
      price: z.number(),
    }),
  ),
});
export type OrderTrace = z.infer<typeof OrderTraceSchema>;

export const OrderBookSchema = z.object({ orders: z.array(BookOrderSchema), total: z.number().int() });
export type OrderBook = z.infer<typeof OrderBookSchema>;

/** The admin's book: each order with its user's name (null if the user is gone). */
export const AdminBookOrderSchema = BookOrderSchema.extend({ user_username: z.string().nullable() });
export type AdminBookOrder = z.infer<typeof AdminBookOrderSchema>;
export const AdminOrderBookSchema = z.object({ orders: z.array(AdminBookOrderSchema), total: z.number().int() });
export type AdminOrderBook = z.infer<typeof AdminOrderBookSchema>;

const optionalStatus = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
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
  /** One live order's trace (its owner, or an admin). */
  trace: defineRoute({
    method: 'GET',
    path: '/orders/:id/trace',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: OrderTraceSchema,
  }),
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
    data: AdminOrderBookSchema,
  }),
};
