// Whether a placed order may be modified or cancelled, and its day's end: apart as rules that decide, never fill.
import type { KiteErrorType } from '../protocols/kite-rest.js';
import { istDayNumber } from './option-expiries.js';
import type { SandboxOrder } from './kite-order-placement.js';

/**
 * Kite's order book is the day's: `GET /orders` lists "all orders (open and executed) for the day", and orders
 * of earlier sessions are no longer found (docs/SANDBOX.md). The day is the IST calendar day.
 */
export const isSameTradingDay = (aMs: number, bMs: number): boolean => istDayNumber(aMs) === istDayNumber(bMs);

/** What an order left resting when its day ended says: a DAY order does not outlive its session. */
export const DAY_ENDED_MESSAGE = 'Order cancelled at the end of the trading day.';

/** A change to an OPEN order (`PUT /orders/regular/{id}`); absent fields stay as they are. */
export interface OrderChange {
  quantity?: number;
  pricePaise?: number;
  marketProtection?: number | null;
  protectionPercent?: number | null;
}

/** Kite's error reply to a change it refuses. */
export type Failure = { ok: false; type: KiteErrorType; message: string };

/** Kite's reply to a change of an order it does not find (another user's, or an earlier day's). */
export const orderNotFound = (): Failure => ({
  ok: false,
  type: 'InputException',
  message: "Couldn't find that `order_id`.",
});

/** Why `order` cannot be cancelled, as Kite words it; null when it can. */
export function cancelRefusal(order: SandboxOrder): Failure | null {
  if (order.status !== 'OPEN') {
    return { ok: false, type: 'OrderException', message: `Order cannot be cancelled as it is ${order.status}.` };
  }
  return null;
}

/** Why `order` cannot take `change`, as Kite words it; null when it can. */
export function modifyRefusal(order: SandboxOrder, change: OrderChange): Failure | null {
  if (order.status !== 'OPEN') {
    return { ok: false, type: 'OrderException', message: `Order cannot be modified as it is ${order.status}.` };
  }
  if (change.quantity !== undefined && change.quantity <= order.filledQuantity) {
    const message = `Quantity should be greater than the filled quantity ${order.filledQuantity}.`;
    return { ok: false, type: 'InputException', message };
  }
  return null;
}
