import { z } from 'zod';
import { parseKiteTextMessage } from '../../../../protocols/kite-ticker-text.js';
import type { KiteOrder } from '../../../../protocols/kite-rest-client.js';

/**
 * An order update from the Kite ticker's text frames (PROTOCOLS.md §3: `{"type":"order","data":<postback>}`),
 * reduced to the fields the console acts on, which are those of an order in `GET /orders` (KiteOrder).
 */
export type KiteOrderFrame = KiteOrder;

const OrderFrameSchema = z.object({
  order_id: z.string(),
  status: z.string(),
  tag: z.string().nullable().optional(),
  tradingsymbol: z.string(),
  transaction_type: z.string(),
  quantity: z.number(),
  filled_quantity: z.number(),
  average_price: z.number(),
  status_message: z.string().nullable().optional(),
});

/** Where an order's story ends: nothing more will fill (Kite's order statuses). */
const FINAL_STATUSES = new Set(['COMPLETE', 'CANCELLED', 'REJECTED']);

/** Whether a status is final. UPDATE (a partial fill or a modification) and OPEN are not. */
export const isFinalKiteStatus = (status: string): boolean => FINAL_STATUSES.has(status);

/**
 * The order update a ticker text frame carries, or null for any other frame (errors, broadcasts) and for
 * an update missing a field we rely on: a frame we cannot trust is dropped, and polling still finds the order.
 */
export function parseKiteOrderFrame(text: string): KiteOrderFrame | null {
  const message = parseKiteTextMessage(text);
  if (message?.type !== 'order') return null;
  const parsed = OrderFrameSchema.safeParse(message.data);
  if (!parsed.success) return null;
  const o = parsed.data;
  return {
    order_id: o.order_id,
    status: o.status,
    tag: o.tag ?? null,
    tradingsymbol: o.tradingsymbol,
    transaction_type: o.transaction_type,
    quantity: o.quantity,
    filled_quantity: o.filled_quantity,
    average_price: o.average_price,
    status_message: o.status_message ?? null,
  };
}
