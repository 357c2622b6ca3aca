/**
 * Shapes sandbox state as Kite's JSON (kiteconnect-mocks `orders.json`, `order_info.json`,
 * `positions.json`, `generate_session.json`). Rupee floats appear only here, at the wire.
 */
import { toRupees } from '@app/contract';
import { formatKiteDateTime } from '../protocols/kite-rest.js';
import type { Leg, SandboxOrder, SandboxTrade } from './kite-order-book.js';
import type { KiteSession } from './kite-sessions.js';
import { protectionTags } from './market-protection.js';

const rupees = toRupees;

/** How an order looked at one point of its history; by default, now. */
interface OrderView {
  status: string;
  atMs: number;
  filledQuantity: number;
  filledValuePaise: number;
}

const FINAL_STATUSES = new Set(['COMPLETE', 'CANCELLED', 'REJECTED']);

/** Kite's `tags`: the caller's tag, then the system's (`mktp` for protection, `autoslice` for slices). */
function tagsOf(order: SandboxOrder): string[] {
  return [
    ...(order.tag ? [order.tag] : []),
    ...(order.protectionPercent === null ? [] : protectionTags(order.protectionPercent)),
    ...(order.autosliceParentId === null ? [] : ['autoslice', `autoslice:${order.autosliceParentId}`]),
  ];
}

/**
 * An order as `GET /orders` lists it; `view` shows it at an earlier point for history entries.
 * `market_protection` is 0 even on a protected order, as in Kite's replies (kiteconnect-mocks
 * `orders.json`): the applied percentage shows in `tags` as `mktp:<percent>`.
 */
export function orderJson(order: SandboxOrder, view: Partial<OrderView> = {}): Record<string, unknown> {
  const status = view.status ?? order.status;
  const atMs = view.atMs ?? order.updatedMs;
  const filled = view.filledQuantity ?? order.filledQuantity;
  const value = view.filledValuePaise ?? order.filledValuePaise;
  const isRejected = status === 'REJECTED';
  return {
    placed_by: order.userId,
    order_id: order.orderId,
    exchange_order_id: isRejected ? null : `1${order.orderId}`,
    parent_order_id: null,
    status,
    status_message: isRejected || status === 'CANCELLED' ? order.statusMessage : null,
    status_message_raw: isRejected ? order.statusMessageRaw : null,
    order_timestamp: formatKiteDateTime(order.placedMs),
    exchange_update_timestamp: isRejected ? null : formatKiteDateTime(atMs),
    exchange_timestamp: isRejected ? null : formatKiteDateTime(order.placedMs),
    variety: order.variety,
    modified: order.modifiedMs !== null && atMs >= order.modifiedMs,
    exchange: order.exchange,
    tradingsymbol: order.tradingsymbol,
    instrument_token: order.instrumentToken,
    order_type: order.orderType,
    transaction_type: order.transactionType,
    validity: order.validity,
    validity_ttl: 0,
    product: order.product,
    quantity: order.quantity,
    disclosed_quantity: 0,
    price: rupees(order.pricePaise),
    trigger_price: 0,
    average_price: filled > 0 ? rupees(Math.round(value / filled)) : 0,
    filled_quantity: filled,
    pending_quantity: FINAL_STATUSES.has(status) ? 0 : order.quantity - filled,
    cancelled_quantity: status === 'CANCELLED' ? order.quantity - filled : 0,
    market_protection: 0,
    meta: {},
    tag: order.tag,
    tags: tagsOf(order),
    guid: `sandbox-${order.orderId}`,
  };
}

/**
 * `GET /orders/{id}`: the states the order went through, oldest first, ending in its current one (the
 * entry clients read with `.at(-1)`). Fills before the last entry are not itemised.
 */
export function orderHistoryJson(order: SandboxOrder): object[] {
  const before = { atMs: order.placedMs, filledQuantity: 0, filledValuePaise: 0 };
  const entries = ['PUT ORDER REQ RECEIVED', 'VALIDATION PENDING'].map((status) =>
    orderJson(order, { ...before, status }),
  );
  if (order.status === 'REJECTED') return [...entries, orderJson(order)];
  entries.push(orderJson(order, { ...before, status: 'OPEN PENDING' }));
  if (order.modifiedMs !== null) {
    entries.push(orderJson(order, { ...before, status: 'OPEN' }));
    for (const status of ['MODIFY VALIDATION PENDING', 'MODIFY PENDING', 'MODIFIED']) {
      entries.push(orderJson(order, { atMs: order.modifiedMs, status }));
    }
  }
  if (order.status === 'OPEN') return [...entries, orderJson(order)];
  entries.push(orderJson(order, { ...before, atMs: order.modifiedMs ?? order.placedMs, status: 'OPEN' }));
  if (order.status === 'CANCELLED') entries.push(orderJson(order, { status: 'CANCEL PENDING' }));
  return [...entries, orderJson(order)];
}

function positionJson(leg: Leg, lastPaise: number): object {
  const quantity = leg.buyQuantity - leg.sellQuantity;
  const value = leg.sellValue - leg.buyValue;
  const pnl = value + quantity * lastPaise;
  const buyPrice = leg.buyQuantity ? leg.buyValue / leg.buyQuantity : 0;
  const sellPrice = leg.sellQuantity ? leg.sellValue / leg.sellQuantity : 0;
  const average = quantity > 0 ? buyPrice : quantity < 0 ? sellPrice : 0;
  return {
    tradingsymbol: leg.tradingsymbol,
    exchange: leg.exchange,
    instrument_token: leg.instrumentToken,
    product: leg.product,
    quantity,
    overnight_quantity: 0,
    multiplier: 1,
    average_price: rupees(Math.round(average)),
    close_price: 0,
    last_price: rupees(lastPaise),
    value: rupees(value),
    pnl: rupees(pnl),
    m2m: rupees(pnl),
    // Kite reports the whole P&L as unrealised within the day; so do we.
    unrealised: rupees(pnl),
    realised: 0,
    buy_quantity: leg.buyQuantity,
    buy_price: rupees(Math.round(buyPrice)),
    buy_value: rupees(leg.buyValue),
    buy_m2m: rupees(leg.buyValue),
    sell_quantity: leg.sellQuantity,
    sell_price: rupees(Math.round(sellPrice)),
    sell_value: rupees(leg.sellValue),
    sell_m2m: rupees(leg.sellValue),
    day_buy_quantity: leg.buyQuantity,
    day_buy_price: rupees(Math.round(buyPrice)),
    day_buy_value: rupees(leg.buyValue),
    day_sell_quantity: leg.sellQuantity,
    day_sell_price: rupees(Math.round(sellPrice)),
    day_sell_value: rupees(leg.sellValue),
  };
}

/**
 * `GET /portfolio/positions` from the user's legs (fills and expiry settlements). The sandbox never
 * rolls positions overnight, so `day` equals `net`.
 */
export function positionsJson(legs: readonly Leg[], lastPaiseOf: (token: number) => number): object {
  const net = legs.map((leg) => positionJson(leg, lastPaiseOf(leg.instrumentToken)));
  return { net, day: net };
}

/** The `data` of `POST /session/token`, like `generate_session.json`. */
export function sessionJson(session: KiteSession): object {
  return {
    user_type: 'individual',
    email: `${session.userId.toLowerCase()}@sandbox.invalid`,
    user_name: `Sandbox ${session.userId}`,
    user_shortname: session.userId,
    broker: 'ZERODHA',
    exchanges: ['NSE', 'NFO', 'BSE', 'BFO'],
    products: ['CNC', 'NRML', 'MIS'],
    order_types: ['MARKET', 'LIMIT'],
    avatar_url: null,
    user_id: session.userId,
    api_key: session.apiKey,
    access_token: session.accessToken,
    public_token: session.publicToken,
    enctoken: session.enctoken,
    refresh_token: '',
    silo: '',
    login_time: formatKiteDateTime(session.loginMs),
    meta: { demat_consent: 'physical' },
  };
}

/**
 * A trade as `GET /trades` and `GET /orders/{id}/trades` list it (kiteconnect-mocks `trades.json`): one per
 * fill. `order_timestamp` is a bare `HH:MM:SS`, as in Kite's replies; the other two times are full.
 */
export function tradeJson(trade: SandboxTrade): object {
  const at = formatKiteDateTime(trade.fillMs);
  return {
    trade_id: trade.tradeId,
    order_id: trade.orderId,
    exchange: trade.exchange,
    tradingsymbol: trade.tradingsymbol,
    instrument_token: trade.instrumentToken,
    product: trade.product,
    average_price: rupees(trade.pricePaise),
    quantity: trade.quantity,
    exchange_order_id: `1${trade.orderId}`,
    transaction_type: trade.transactionType,
    fill_timestamp: at,
    order_timestamp: at.slice(11),
    exchange_timestamp: at,
  };
}
