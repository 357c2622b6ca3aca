/**
 * The sandbox's orders, fills and positions, per user. Every order is a LIMIT by the time it gets here
 * (a protected MARKET order arrives converted at its protection bound). A marketable order fills at once
 * against the depth of the current price step as far as the depth within its limit allows; the rest
 * stays OPEN and keeps filling on later steps until it is complete or cancelled. All money is integer
 * paise.
 *
 * `tag` is a label only, as at Kite: any number of orders may carry the same tag.
 *
 * The book holds plain data only, so a sandbox with a state file keeps it across restarts
 * (`toSnapshot`/`fromSnapshot`, sandbox-state-file.ts), as Kite keeps a day's orders and positions.
 */
import { formatKiteDateTime, type KiteErrorType } from '../protocols/kite-rest.js';
import { DepthLedger, type DepthLedgerSnapshot, type DepthSource, type Fill } from './order-matching.js';
import { istDayStart } from './instrument-pricing.js';
import { istDayNumber } from './option-expiries.js';

const SECONDS_PER_DAY = 86_400;

/**
 * Kite's order book is the day's: `GET /orders` lists "all orders (open and executed) for the day", and orders
 * of earlier sessions are no longer found (docs/SANDBOX.md). The day is the IST calendar day.
 */
export const isSameTradingDay = (aMs: number, bMs: number): boolean => istDayNumber(aMs) === istDayNumber(bMs);

/** What an order left resting when its day ended says: a DAY order does not outlive its session. */
export const DAY_ENDED_MESSAGE = 'Order cancelled at the end of the trading day.';

/** A validated order request. */
export interface OrderRequest {
  variety: 'regular';
  exchange: string;
  tradingsymbol: string;
  instrumentToken: number;
  transactionType: 'BUY' | 'SELL';
  /** Always LIMIT: Kite converts a protected MARKET order into a LIMIT at the protection bound. */
  orderType: 'LIMIT';
  product: string;
  validity: string;
  quantity: number;
  pricePaise: number;
  tag: string | null;
  /** The `market_protection` a MARKET order came with (−1 or a percentage); null for LIMIT orders. */
  marketProtection: number | null;
  /** The percentage its bound was computed with (the automatic one for −1); null for LIMIT orders. */
  protectionPercent: number | null;
  /** The autoslice parent id of a child slice. */
  autosliceParentId: string | null;
}

/** One fill of an order at one price level: Kite's trade (`GET /trades`, `GET /orders/{id}/trades`). */
export interface SandboxTrade {
  /** Kite-style 8-digit id, unique in the sandbox. */
  tradeId: string;
  orderId: string;
  userId: string;
  exchange: string;
  tradingsymbol: string;
  instrumentToken: number;
  product: string;
  transactionType: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: number;
  fillMs: number;
}

/** Why an order was REJECTED: the message a trader reads and the RMS text beside it (`status_message_raw`). */
export interface Rejection {
  message: string;
  raw: string;
}

/** Where an order stands. */
export type OrderStatus = 'OPEN' | 'COMPLETE' | 'CANCELLED' | 'REJECTED';

/** An order and what happened to it. */
export interface SandboxOrder extends OrderRequest {
  orderId: string;
  userId: string;
  status: OrderStatus;
  statusMessage: string | null;
  /** Kite's `status_message_raw` of a rejection (e.g. `RMS:Margin Exceeds,…`); null otherwise. */
  statusMessageRaw: string | null;
  placedMs: number;
  updatedMs: number;
  modifiedMs: number | null;
  filledQuantity: number;
  /** Σ quantity × price of the fills (exact; the average is derived from it). */
  filledValuePaise: number;
  /** The last price step this order has been matched against. */
  matchedSecond: number;
}

/** A user's net trading in one instrument and product, from fills and expiry settlements. */
export interface Leg {
  userId: string;
  exchange: string;
  tradingsymbol: string;
  instrumentToken: number;
  product: string;
  buyQuantity: number;
  buyValue: number;
  sellQuantity: number;
  sellValue: number;
}

/** A change to an OPEN order (`PUT /orders/regular/{id}`); absent fields stay as they are. */
export interface OrderChange {
  quantity?: number;
  pricePaise?: number;
  marketProtection?: number | null;
  protectionPercent?: number | null;
}

type Failure = { ok: false; type: KiteErrorType; message: string };

/** Everything the book holds, as plain data: what a sandbox state file keeps. */
export interface OrderBookSnapshot {
  /** The last order id's sequence number: ids are never given twice. */
  sequence: number;
  /** Oldest first; the OPEN ones are the resting orders. */
  orders: SandboxOrder[];
  /** In the order they were first traded. */
  legs: Leg[];
  /** What recent orders took from the depth, so no second's depth is taken twice. */
  usedDepth: DepthLedgerSnapshot;
  /** Every fill, oldest first. */
  trades: SandboxTrade[];
  /** The last trade id's sequence number. */
  tradeSequence: number;
}

/** Missed price steps an order catches up on when matching runs late (e.g. after a clock jump). */
export const MAX_CATCH_UP_SECONDS = 300;

/** The average fill price of an order, in (fractional) paise; 0 before any fill. */
export const averagePaise = (o: SandboxOrder): number =>
  o.filledQuantity > 0 ? o.filledValuePaise / o.filledQuantity : 0;

/** A user's leg is one per instrument and product. */
const legKey = (leg: Pick<Leg, 'userId' | 'instrumentToken' | 'product'>): string =>
  `${leg.userId}|${leg.instrumentToken}|${leg.product}`;

/** Orders of every sandbox user. */
export class OrderBook {
  private readonly orders = new Map<string, SandboxOrder>();
  private readonly open = new Set<SandboxOrder>();
  private readonly legs = new Map<string, Leg>();
  private ledger = new DepthLedger();
  private sequence = 0;
  private readonly trades: SandboxTrade[] = [];
  private tradeSequence = 0;

  /** `onChange` runs after every change to orders, fills or positions (the state file saves then). */
  constructor(
    private readonly depth: DepthSource,
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** A book holding what `snapshot` held; its resting orders catch up on the steps they missed. */
  static fromSnapshot(snapshot: OrderBookSnapshot, depth: DepthSource, onChange?: () => void): OrderBook {
    const book = new OrderBook(depth, onChange);
    book.sequence = snapshot.sequence;
    book.ledger = DepthLedger.fromSnapshot(snapshot.usedDepth);
    for (const saved of snapshot.orders) {
      const order = { ...saved };
      book.orders.set(order.orderId, order);
      if (order.status === 'OPEN') book.open.add(order);
    }
    for (const leg of snapshot.legs) book.legs.set(legKey(leg), { ...leg });
    book.trades.push(...snapshot.trades.map((t) => ({ ...t })));
    book.tradeSequence = snapshot.tradeSequence;
    return book;
  }

  /** A copy of everything held, as plain data. */
  toSnapshot(): OrderBookSnapshot {
    return {
      sequence: this.sequence,
      orders: [...this.orders.values()].map((order) => ({ ...order })),
      legs: [...this.legs.values()].map((leg) => ({ ...leg })),
      usedDepth: this.ledger.toSnapshot(),
      trades: this.trades.map((t) => ({ ...t })),
      tradeSequence: this.tradeSequence,
    };
  }

  /**
   * Places an order and matches it against the current step's depth. `rejection` places it only to
   * reject it with that status message, as Kite's RMS does (the reply still carries its order_id).
   */
  place(userId: string, request: OrderRequest, nowMs: number, rejection: Rejection | null = null): SandboxOrder {
    const second = Math.floor(nowMs / 1000);
    const order: SandboxOrder = {
      ...request,
      orderId: this.nextId(nowMs),
      userId,
      status: 'OPEN',
      statusMessage: null,
      statusMessageRaw: null,
      placedMs: nowMs,
      updatedMs: nowMs,
      modifiedMs: null,
      filledQuantity: 0,
      filledValuePaise: 0,
      matchedSecond: second,
    };
    this.orders.set(order.orderId, order);
    if (rejection !== null) {
      order.status = 'REJECTED';
      order.statusMessage = rejection.message;
      order.statusMessageRaw = rejection.raw;
      return order;
    }
    this.open.add(order);
    this.matchAt(order, second);
    return order;
  }

  /** An id from the order sequence that names no order (an autoslice parent). */
  reserveId(nowMs: number): string {
    return this.nextId(nowMs);
  }

  /**
   * Matches every OPEN order against each price step it has not seen yet (at most the last
   * MAX_CATCH_UP_SECONDS), oldest order first; returns the orders that filled further.
   */
  matchOpen(nowMs: number): SandboxOrder[] {
    const now = Math.floor(nowMs / 1000);
    const changed: SandboxOrder[] = [];
    for (const order of [...this.open]) {
      const before = order.filledQuantity;
      const from = Math.max(order.matchedSecond + 1, now - MAX_CATCH_UP_SECONDS + 1);
      // An order trades within its own day only (`expireEarlierDays` then cancels it).
      const until = Math.min(now, istDayStart(Math.floor(order.placedMs / 1000)) + SECONDS_PER_DAY - 1);
      for (let s = from; s <= until && order.status === 'OPEN'; s++) this.matchAt(order, s);
      order.matchedSecond = Math.max(order.matchedSecond, now);
      if (order.filledQuantity !== before) changed.push(order);
    }
    return changed;
  }

  /** Cancels what is left of an OPEN order; the filled part stays filled. */
  cancel(userId: string, orderId: string, nowMs: number): { ok: true; order: SandboxOrder } | Failure {
    const order = this.get(userId, orderId, nowMs);
    if (!order) return { ok: false, type: 'InputException', message: "Couldn't find that `order_id`." };
    if (order.status !== 'OPEN') {
      return { ok: false, type: 'OrderException', message: `Order cannot be cancelled as it is ${order.status}.` };
    }
    this.close(order, 'CANCELLED', nowMs, null);
    return { ok: true, order };
  }

  /** Modifies an OPEN order, which then trades again at once if it has become marketable. */
  modify(
    userId: string,
    orderId: string,
    change: OrderChange,
    nowMs: number,
  ): { ok: true; order: SandboxOrder } | Failure {
    const order = this.get(userId, orderId, nowMs);
    if (!order) return { ok: false, type: 'InputException', message: "Couldn't find that `order_id`." };
    if (order.status !== 'OPEN') {
      return { ok: false, type: 'OrderException', message: `Order cannot be modified as it is ${order.status}.` };
    }
    if (change.quantity !== undefined && change.quantity <= order.filledQuantity) {
      const message = `Quantity should be greater than the filled quantity ${order.filledQuantity}.`;
      return { ok: false, type: 'InputException', message };
    }
    Object.assign(order, change);
    order.modifiedMs = nowMs;
    order.updatedMs = nowMs;
    this.onChange();
    this.matchAt(order, Math.floor(nowMs / 1000));
    return { ok: true, order };
  }

  /** Cancels what is left of the DAY orders of earlier days: none outlives its session. Returns them. */
  expireEarlierDays(nowMs: number): SandboxOrder[] {
    return this.cancelOpen((o) => !isSameTradingDay(o.placedMs, nowMs), nowMs, DAY_ENDED_MESSAGE);
  }

  /** Cancels every OPEN order `isDue` picks (e.g. its contract expired), with a reason; returns them. */
  cancelOpen(isDue: (order: SandboxOrder) => boolean, nowMs: number, message: string): SandboxOrder[] {
    const cancelled = [...this.open].filter(isDue);
    for (const order of cancelled) this.close(order, 'CANCELLED', nowMs, message);
    return cancelled;
  }

  /** Books the exchange's settlement of a leg: the opposite trade of its net quantity at `pricePaise`. */
  settle(leg: Leg, pricePaise: number): void {
    const net = leg.buyQuantity - leg.sellQuantity;
    this.book(leg, net > 0 ? 'SELL' : 'BUY', { quantity: Math.abs(net), pricePaise });
  }

  /** A user's order by id, while its day lasts (Kite no longer finds an earlier day's). */
  get(userId: string, orderId: string, nowMs: number): SandboxOrder | undefined {
    const order = this.orders.get(orderId);
    return order?.userId === userId && isSameTradingDay(order.placedMs, nowMs) ? order : undefined;
  }

  /** A user's orders of the day, oldest first. */
  list(userId: string, nowMs: number): SandboxOrder[] {
    return [...this.orders.values()].filter((o) => o.userId === userId && isSameTradingDay(o.placedMs, nowMs));
  }

  /** Every user's orders, oldest first. */
  all(): SandboxOrder[] {
    return [...this.orders.values()];
  }

  /** A user's legs, in the order they were first traded. */
  positions(userId: string): Leg[] {
    return [...this.legs.values()].filter((l) => l.userId === userId);
  }

  /** A user's trades of the day (IST), oldest first; of one order when `orderId` is given. */
  tradesOf(userId: string, nowMs: number, orderId?: string): SandboxTrade[] {
    return this.trades.filter(
      (t) =>
        t.userId === userId && isSameTradingDay(t.fillMs, nowMs) && (orderId === undefined || t.orderId === orderId),
    );
  }

  /** A user's OPEN orders. */
  openOrders(userId: string): SandboxOrder[] {
    return [...this.open].filter((o) => o.userId === userId);
  }

  /** Every user's legs that still hold a quantity. */
  openLegs(): Leg[] {
    return [...this.legs.values()].filter((l) => l.buyQuantity !== l.sellQuantity);
  }

  private matchAt(order: SandboxOrder, second: number): void {
    const depth = this.depth.depthAt(order.instrumentToken, second);
    if (!depth) return;
    const want = {
      token: order.instrumentToken,
      side: order.transactionType,
      limitPaise: order.pricePaise,
      quantity: order.quantity - order.filledQuantity,
    };
    const fills = this.ledger.take(want, depth, second);
    if (fills.length === 0) return;
    const fillMs = Math.max(order.placedMs, second * 1000);
    for (const fill of fills) {
      order.filledQuantity += fill.quantity;
      order.filledValuePaise += fill.quantity * fill.pricePaise;
      this.book(this.legOf(order), order.transactionType, fill);
      this.recordTrade(order, fill, fillMs);
    }
    order.updatedMs = fillMs;
    if (order.filledQuantity >= order.quantity) this.close(order, 'COMPLETE', order.updatedMs, null);
  }

  private close(order: SandboxOrder, status: OrderStatus, nowMs: number, message: string | null): void {
    order.status = status;
    order.statusMessage = message;
    order.updatedMs = nowMs;
    this.open.delete(order);
    this.onChange();
  }

  private legOf(order: SandboxOrder): Leg {
    const key = legKey(order);
    const leg = this.legs.get(key) ?? {
      userId: order.userId,
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      instrumentToken: order.instrumentToken,
      product: order.product,
      buyQuantity: 0,
      buyValue: 0,
      sellQuantity: 0,
      sellValue: 0,
    };
    this.legs.set(key, leg);
    return leg;
  }

  private book(leg: Leg, side: 'BUY' | 'SELL', fill: Fill): void {
    if (side === 'BUY') {
      leg.buyQuantity += fill.quantity;
      leg.buyValue += fill.quantity * fill.pricePaise;
    } else {
      leg.sellQuantity += fill.quantity;
      leg.sellValue += fill.quantity * fill.pricePaise;
    }
    this.onChange();
  }

  /** Each level an order takes is one trade, as an exchange reports one per match. */
  private recordTrade(order: SandboxOrder, fill: Fill, fillMs: number): void {
    this.tradeSequence += 1;
    this.trades.push({
      tradeId: String(10_000_000 + this.tradeSequence),
      orderId: order.orderId,
      userId: order.userId,
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      instrumentToken: order.instrumentToken,
      product: order.product,
      transactionType: order.transactionType,
      quantity: fill.quantity,
      pricePaise: fill.pricePaise,
      fillMs,
    });
  }

  /** Kite-style 15-digit ids: IST yymmdd then a sequence number. */
  private nextId(nowMs: number): string {
    this.sequence += 1;
    this.onChange();
    const date = formatKiteDateTime(nowMs).slice(2, 10).replace(/-/g, '');
    return `${date}${String(this.sequence).padStart(9, '0')}`;
  }
}
