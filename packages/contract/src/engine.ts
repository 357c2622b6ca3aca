import { z } from 'zod';
import { LIMITS } from './constants.js';
import { IsoTimeSchema, rupees } from './fields.js';
import { defineRoute, IdParamsSchema, rowId } from './route.js';
import { StrategyReplySchema } from './strategies.js';

/**
 * A live strategy's order not yet settled with the broker. `is_past_order_book`: sent on an earlier IST day,
 * so Kite's order book (the day's) no longer holds it and nothing the broker says can tell whether it
 * filled; the trader checks the Kite account and settles it by hand.
 */
export const UnsettledOrderSchema = z.object({
  id: z.number().int(),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.number().int(),
  trading_symbol: z.string(),
  /** Opens a leg, or buys one back. */
  intent: z.enum(['open', 'close']),
  sent_at: IsoTimeSchema,
  is_past_order_book: z.boolean(),
});
export type UnsettledOrder = z.infer<typeof UnsettledOrderSchema>;

/** What the trader found in the Kite account: filled at `price` (rupees), all or `quantity` of it, or not at all. */
export const SettleOrderSchema = z.discriminatedUnion(
  'filled',
  [
    z.object({
      filled: z.literal(true),
      price: rupees('price')
        .refine((v) => v > 0, { error: 'Price must be more than 0' })
        .refine((v) => v <= LIMITS.maxFillPriceRupees, {
          error: `Price must be at most ${LIMITS.maxFillPriceRupees.toLocaleString('en-IN')}`,
        }),
      /** What filled when not all of it did (a protected order left resting, then cancelled); all by default. */
      quantity: z
        .number({ error: 'Filled quantity must be a whole number' })
        .int({ error: 'Filled quantity must be a whole number' })
        .positive({ error: 'Filled quantity must be more than 0' })
        .optional(),
    }),
    z.object({ filled: z.literal(false) }),
  ],
  { error: 'Say whether the order filled' },
);
export type SettleOrder = z.infer<typeof SettleOrderSchema>;

const OrderParamsSchema = IdParamsSchema.extend({
  orderId: rowId('Order id must be a positive whole number', true),
});

export const RdxServiceStatusSchema = z.object({ isRunning: z.boolean() });

/**
 * What a strategy's next entry would ask in margin before any order goes (issue 34 item 3), in rupees: `required`
 * the orders' own margins added up, `final` what the broker would block once they net against each other and the
 * account's positions, `available` what the account has for new orders (null when not known: `note` says why).
 */
export const EntryMarginSchema = z.object({
  required: z.number(),
  final: z.number(),
  available: z.number().nullable(),
  /** The orders priced: the entry the strategy's rules would make now, at the last price. */
  orders: z.array(z.object({ trading_symbol: z.string(), side: z.enum(['BUY', 'SELL']), quantity: z.number().int() })),
  note: z.string().nullable(),
});
export type EntryMargin = z.infer<typeof EntryMarginSchema>;

/** The RDX strategy service and per-mapping actions, served by the strategy-engine issue. */
export const engineRoutes = {
  start: defineRoute({ method: 'POST', path: '/rdx/start', access: 'admin', data: RdxServiceStatusSchema }),
  stop: defineRoute({ method: 'POST', path: '/rdx/stop', access: 'admin', data: RdxServiceStatusSchema }),
  /** Readable by users too: their home says when the service is stopped. */
  status: defineRoute({ method: 'GET', path: '/rdx/status', access: 'user', data: RdxServiceStatusSchema }),
  realign: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/realign',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: StrategyReplySchema,
  }),
  margin: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/margin',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: EntryMarginSchema,
  }),
  exit: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/exit',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: StrategyReplySchema,
  }),
  /** The strategy's orders not yet settled with the broker (a live strategy's; none for paper). */
  unsettledOrders: defineRoute({
    method: 'GET',
    path: '/strategies/user-mappings/:id/unsettled-orders',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: z.array(UnsettledOrderSchema),
  }),
  /** Settles by hand an order the broker's order book no longer holds, as the trader found it at Kite. */
  settleOrder: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/unsettled-orders/:orderId/settle',
    access: 'user',
    ownerScoped: true,
    params: OrderParamsSchema,
    body: SettleOrderSchema,
    data: StrategyReplySchema,
  }),
  testEvent: defineRoute({
    method: 'POST',
    path: '/realtime/test-event',
    access: 'admin',
    body: z.object({
      userId: rowId('User must be a positive whole number'),
      message: z.string().trim().max(200).default('Test event from the admin console'),
    }),
    data: z.object({ delivered: z.boolean() }),
  }),
};
