/**
 * Order updates as the Kite ticker pushes them (PROTOCOLS.md §3): `{"type":"order","data":<postback>}`
 * for every change of one of a user's orders, the payload shaped exactly as Kite's postback
 * (kiteconnect-mocks `postback.json`). Statuses follow Kite's postback rule: COMPLETE, CANCELLED, REJECTED,
 * and UPDATE "when an open order is modified or when there's a partial fill" (Kite Connect docs,
 * "Postbacks"); a freshly placed order that rests reads OPEN. Pure; sources in docs/SANDBOX.md.
 */
import type { KiteOrderUpdate } from '../protocols/kite-ticker-text.js';
import type { SandboxOrder } from './kite-order-book.js';
import { orderJson } from './kite-presenters.js';

/** What happened to an order. */
export type OrderEvent = 'placed' | 'filled' | 'modified' | 'cancelled';

/** How far an order had filled before the event (for the state it is reported in first). */
export interface FillState {
  filledQuantity: number;
  filledValuePaise: number;
}

/**
 * The sandbox's `app_id` in pushed updates. Kite's is the numeric id of the app; the sandbox does not track
 * which of its apps placed an order, so every update carries this one.
 */
export const SANDBOX_APP_ID = 7400;

const NOTHING_FILLED: FillState = { filledQuantity: 0, filledValuePaise: 0 };

/**
 * The postback payload of `order` reported as `status`, optionally as it stood before (`view`). Kite sends
 * the WebSocket copy with an empty `checksum` (the checksum is for HTTP postbacks: Kite forum thread 6808).
 */
export function postbackJson(
  order: SandboxOrder,
  status: string,
  view: Partial<FillState> & { atMs?: number } = {},
): KiteOrderUpdate {
  const o = orderJson(order, { ...view, status });
  const filled = view.filledQuantity ?? order.filledQuantity;
  return {
    user_id: order.userId,
    unfilled_quantity: o.pending_quantity,
    app_id: SANDBOX_APP_ID,
    checksum: '',
    placed_by: o.placed_by,
    order_id: order.orderId,
    exchange_order_id: o.exchange_order_id,
    parent_order_id: o.parent_order_id,
    status,
    status_message: o.status_message,
    status_message_raw: o.status_message_raw,
    order_timestamp: o.order_timestamp,
    exchange_update_timestamp: o.exchange_update_timestamp,
    exchange_timestamp: o.exchange_timestamp,
    variety: o.variety,
    exchange: order.exchange,
    tradingsymbol: order.tradingsymbol,
    instrument_token: order.instrumentToken,
    order_type: o.order_type,
    transaction_type: order.transactionType,
    validity: o.validity,
    product: o.product,
    quantity: order.quantity,
    disclosed_quantity: o.disclosed_quantity,
    price: o.price,
    trigger_price: o.trigger_price,
    average_price: o.average_price as number,
    filled_quantity: filled,
    pending_quantity: o.pending_quantity,
    cancelled_quantity: o.cancelled_quantity,
    market_protection: o.market_protection,
    meta: o.meta,
    tag: order.tag,
    guid: o.guid,
  };
}

/** The status a fill or a modification is reported with: UPDATE while the order stays open. */
const afterTrading = (order: SandboxOrder) => (order.status === 'OPEN' ? 'UPDATE' : order.status);

/**
 * The updates one event sends, oldest first. `before` is how far the order had filled before the event
 * (nothing, for a placement): an order that traded in part as it was placed is reported accepted (OPEN)
 * and then partly filled (UPDATE); a modification that made it trade is reported modified, then filled.
 */
export function orderUpdatesFor(
  order: SandboxOrder,
  event: OrderEvent,
  before: FillState = NOTHING_FILLED,
): KiteOrderUpdate[] {
  const hasTraded = order.filledQuantity > before.filledQuantity;
  switch (event) {
    case 'placed':
      if (order.status !== 'OPEN' || !hasTraded) return [postbackJson(order, order.status)];
      return [postbackJson(order, 'OPEN', { ...before, atMs: order.placedMs }), postbackJson(order, 'UPDATE')];
    case 'modified': {
      const modified = postbackJson(order, 'UPDATE', { ...before, atMs: order.modifiedMs ?? order.updatedMs });
      return hasTraded ? [modified, postbackJson(order, afterTrading(order))] : [modified];
    }
    case 'filled':
      return [postbackJson(order, afterTrading(order))];
    case 'cancelled':
      return [postbackJson(order, order.status)];
  }
}
