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
 *
 * This file holds the book's state; what an order is, the rules for changing one and the arithmetic of a
 * fill live beside it (kite-order-placement.ts, kite-order-modify-cancel.ts, kite-order-fills.ts).
 */
import { DepthLedger, type DepthLedgerSnapshot, type DepthSource, type Fill } from './order-matching.js';
import { addToLeg, emptyLeg, legKey, stepsToMatch, tradeOf, type Leg, type SandboxTrade } from './kite-order-fills.js';
import {
  cancelRefusal,
  DAY_ENDED_MESSAGE,
  isSameTradingDay,
  modifyRefusal,
  orderNotFound,
  type Failure,
  type OrderChange,
} from './kite-order-modify-cancel.js';
import {
  kiteOrderId,
  openOrder,
  reject,
  type OrderRequest,
  type OrderStatus,
  type Rejection,
  type SandboxOrder,
} from './kite-order-placement.js';

// The sandbox imports these from here, as the one module of its order book.
export { averagePaise, MAX_CATCH_UP_SECONDS, type Leg, type SandboxTrade } from './kite-order-fills.js';
export { DAY_ENDED_MESSAGE, isSameTradingDay, type OrderChange } from './kite-order-modify-cancel.js';
export type { OrderRequest, OrderStatus, Rejection, SandboxOrder } from './kite-order-placement.js';

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
    const order = openOrder(request, this.nextId(nowMs), userId, nowMs);
    this.orders.set(order.orderId, order);
    if (rejection !== null) {
      reject(order, rejection);
      return order;
    }
    this.open.add(order);
    this.matchAt(order, order.matchedSecond);
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
      const { from, until } = stepsToMatch(order, now);
      for (let s = from; s <= until && order.status === 'OPEN'; s++) this.matchAt(order, s);
      order.matchedSecond = Math.max(order.matchedSecond, now);
      if (order.filledQuantity !== before) changed.push(order);
    }
    return changed;
  }

  /** Cancels what is left of an OPEN order; the filled part stays filled. */
  cancel(userId: string, orderId: string, nowMs: number): { ok: true; order: SandboxOrder } | Failure {
    const order = this.get(userId, orderId, nowMs);
    if (!order) return orderNotFound();
    const refusal = cancelRefusal(order);
    if (refusal) return refusal;
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
    if (!order) return orderNotFound();
    const refusal = modifyRefusal(order, change);
    if (refusal) return refusal;
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
    const leg = this.legs.get(key) ?? emptyLeg(order);
    this.legs.set(key, leg);
    return leg;
  }

  private book(leg: Leg, side: 'BUY' | 'SELL', fill: Fill): void {
    addToLeg(leg, side, fill);
    this.onChange();
  }

  private recordTrade(order: SandboxOrder, fill: Fill, fillMs: number): void {
    this.tradeSequence += 1;
    this.trades.push(tradeOf(order, fill, fillMs, this.tradeSequence));
  }

  private nextId(nowMs: number): string {
    this.sequence += 1;
    this.onChange();
    return kiteOrderId(nowMs, this.sequence);
  }
}
