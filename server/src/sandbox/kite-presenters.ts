/**
 * Shapes sandbox state as Kite's JSON (kiteconnect-mocks `orders.json`, `order_info.json`,
 * `positions.json`, `generate_session.json`). Rupee floats appear only here, at the wire.
 */
import { formatKiteDateTime } from '../protocols/kite-rest.js';
import type { SandboxOrder } from './kite-order-book.js';
import type { KiteSession } from './kite-sessions.js';

const rupees = (paise: number): number => paise / 100;

/** An order as `GET /orders` lists it; `status` may be overridden for history entries. */
export function orderJson(
  order: SandboxOrder,
  status: string = order.status,
  atMs = order.updatedMs,
): Record<string, unknown> {
  const isDone = status === 'COMPLETE';
  const isCancelled = status === 'CANCELLED';
  const filled = isDone ? order.filledQuantity : 0;
  return {
    placed_by: order.userId,
    order_id: order.orderId,
    exchange_order_id: `1${order.orderId}`,
    parent_order_id: null,
    status,
    status_message: null,
    status_message_raw: null,
    order_timestamp: formatKiteDateTime(order.placedMs),
    exchange_update_timestamp: formatKiteDateTime(atMs),
    exchange_timestamp: formatKiteDateTime(order.placedMs),
    variety: order.variety,
    modified: false,
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
    average_price: isDone ? rupees(order.averagePricePaise) : 0,
    filled_quantity: filled,
    pending_quantity: isDone || isCancelled ? 0 : order.quantity,
    cancelled_quantity: isCancelled ? order.quantity : 0,
    market_protection: 0,
    meta: {},
    tag: order.tag,
    tags: order.tag ? [order.tag] : [],
    guid: `sandbox-${order.orderId}`,
  };
}

/** `GET /orders/{id}`: the states the order went through, oldest first, ending in its current one. */
export function orderHistoryJson(order: SandboxOrder): object[] {
  const steps = ['PUT ORDER REQ RECEIVED', 'VALIDATION PENDING', 'OPEN PENDING', 'OPEN'];
  const entries = steps.map((status) => orderJson(order, status, order.placedMs));
  if (order.status === 'CANCELLED') entries.push(orderJson(order, 'CANCEL PENDING'));
  if (order.status !== 'OPEN') entries.push(orderJson(order));
  return entries;
}

interface Leg {
  exchange: string;
  tradingsymbol: string;
  instrumentToken: number;
  product: string;
  buyQuantity: number;
  buyValue: number;
  sellQuantity: number;
  sellValue: number;
}

function legsOf(orders: readonly SandboxOrder[]): Leg[] {
  const legs = new Map<string, Leg>();
  for (const o of orders) {
    if (o.status !== 'COMPLETE') continue;
    const key = `${o.instrumentToken}|${o.product}`;
    const leg = legs.get(key) ?? {
      exchange: o.exchange,
      tradingsymbol: o.tradingsymbol,
      instrumentToken: o.instrumentToken,
      product: o.product,
      buyQuantity: 0,
      buyValue: 0,
      sellQuantity: 0,
      sellValue: 0,
    };
    if (o.transactionType === 'BUY') {
      leg.buyQuantity += o.filledQuantity;
      leg.buyValue += o.filledQuantity * o.averagePricePaise;
    } else {
      leg.sellQuantity += o.filledQuantity;
      leg.sellValue += o.filledQuantity * o.averagePricePaise;
    }
    legs.set(key, leg);
  }
  return [...legs.values()];
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

/** `GET /portfolio/positions`. The sandbox never rolls positions overnight, so `day` equals `net`. */
export function positionsJson(orders: readonly SandboxOrder[], lastPaiseOf: (token: number) => number): object {
  const net = legsOf(orders).map((leg) => positionJson(leg, lastPaiseOf(leg.instrumentToken)));
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
