/**
 * The sandbox's orders and fills, per user. MARKET orders fill at once at the last price; LIMIT orders
 * fill at once when marketable, otherwise rest OPEN until the price reaches them (checked on every price
 * step) or they are cancelled. All money is integer paise.
 *
 * `tag` is honoured as an idempotency key: a second order with the same tag and the same parameters
 * returns the first order's id and places nothing; with different parameters it is refused with an
 * InputException. (Real Kite does not enforce unique tags; the product relies on this so that a retried
 * request can never fill twice.)
 */
import { formatKiteDateTime, type KiteErrorType } from '../protocols/kite-rest.js';

/** A validated order request. */
export interface OrderRequest {
  variety: 'regular';
  exchange: string;
  tradingsymbol: string;
  instrumentToken: number;
  transactionType: 'BUY' | 'SELL';
  orderType: 'MARKET' | 'LIMIT';
  product: string;
  validity: string;
  quantity: number;
  /** LIMIT price; 0 for MARKET. */
  pricePaise: number;
  tag: string | null;
}

/** An order and what happened to it. */
export interface SandboxOrder extends OrderRequest {
  orderId: string;
  userId: string;
  status: 'OPEN' | 'COMPLETE' | 'CANCELLED';
  placedMs: number;
  updatedMs: number;
  averagePricePaise: number;
  filledQuantity: number;
}

type Failure = { ok: false; type: KiteErrorType; message: string };

function isSameRequest(a: OrderRequest, b: OrderRequest): boolean {
  return (
    a.exchange === b.exchange &&
    a.tradingsymbol === b.tradingsymbol &&
    a.transactionType === b.transactionType &&
    a.orderType === b.orderType &&
    a.product === b.product &&
    a.quantity === b.quantity &&
    a.pricePaise === b.pricePaise
  );
}

function isMarketable(order: OrderRequest, lastPaise: number): boolean {
  if (order.orderType === 'MARKET') return true;
  return order.transactionType === 'BUY' ? lastPaise <= order.pricePaise : lastPaise >= order.pricePaise;
}

/** Orders of every sandbox user. */
export class OrderBook {
  private readonly orders = new Map<string, SandboxOrder>();
  private readonly byTag = new Map<string, string>();
  private sequence = 0;

  /**
   * Places (and maybe fills) an order. `isReplay` is true when the tag matched an earlier identical
   * order, which is returned unchanged.
   */
  place(
    userId: string,
    request: OrderRequest,
    lastPaise: number,
    nowMs: number,
  ): { ok: true; order: SandboxOrder; isReplay: boolean } | Failure {
    const tagKey = request.tag === null ? null : `${userId}|${request.tag}`;
    const earlierId = tagKey ? this.byTag.get(tagKey) : undefined;
    const earlier = earlierId ? this.orders.get(earlierId) : undefined;
    if (earlier) {
      if (isSameRequest(earlier, request)) return { ok: true, order: earlier, isReplay: true };
      const message = `Tag \`${request.tag}\` was already used by order ${earlier.orderId} with different parameters.`;
      return { ok: false, type: 'InputException', message };
    }
    const order: SandboxOrder = {
      ...request,
      orderId: this.nextId(nowMs),
      userId,
      status: 'OPEN',
      placedMs: nowMs,
      updatedMs: nowMs,
      averagePricePaise: 0,
      filledQuantity: 0,
    };
    this.orders.set(order.orderId, order);
    if (tagKey) this.byTag.set(tagKey, order.orderId);
    // A marketable order fills at the last price, which for a LIMIT is at or better than its limit.
    if (isMarketable(order, lastPaise)) this.fill(order, lastPaise, nowMs);
    return { ok: true, order, isReplay: false };
  }

  /** Fills resting LIMIT orders the price has reached; returns the ones filled. */
  matchOpen(priceOf: (token: number) => number | null, nowMs: number): SandboxOrder[] {
    const filled: SandboxOrder[] = [];
    for (const order of this.orders.values()) {
      if (order.status !== 'OPEN') continue;
      const last = priceOf(order.instrumentToken);
      if (last === null || !isMarketable(order, last)) continue;
      // A resting limit order fills at its limit price, never better than the market gave.
      this.fill(order, order.pricePaise, nowMs);
      filled.push(order);
    }
    return filled;
  }

  /** Cancels an open order. */
  cancel(userId: string, orderId: string, nowMs: number): { ok: true; order: SandboxOrder } | Failure {
    const order = this.get(userId, orderId);
    if (!order) return { ok: false, type: 'InputException', message: "Couldn't find that `order_id`." };
    if (order.status !== 'OPEN') {
      return { ok: false, type: 'OrderException', message: `Order cannot be cancelled as it is ${order.status}.` };
    }
    order.status = 'CANCELLED';
    order.updatedMs = nowMs;
    return { ok: true, order };
  }

  /** A user's order by id. */
  get(userId: string, orderId: string): SandboxOrder | undefined {
    const order = this.orders.get(orderId);
    return order?.userId === userId ? order : undefined;
  }

  /** A user's orders, oldest first. */
  list(userId: string): SandboxOrder[] {
    return [...this.orders.values()].filter((o) => o.userId === userId);
  }

  private fill(order: SandboxOrder, pricePaise: number, nowMs: number): void {
    order.status = 'COMPLETE';
    order.averagePricePaise = pricePaise;
    order.filledQuantity = order.quantity;
    order.updatedMs = nowMs;
  }

  /** Kite-style 15-digit ids: IST yymmdd then a sequence number. */
  private nextId(nowMs: number): string {
    this.sequence += 1;
    const date = formatKiteDateTime(nowMs).slice(2, 10).replace(/-/g, '');
    return `${date}${String(this.sequence).padStart(9, '0')}`;
  }
}
