// A fill's arithmetic (order totals, the leg, the trade reported) and the steps an order matches: the book's sums.
import { istDayStart } from './instrument-pricing.js';
import type { SandboxOrder } from './kite-order-placement.js';
import type { Fill } from './order-matching.js';

const SECONDS_PER_DAY = 86_400;

/** Missed price steps an order catches up on when matching runs late (e.g. after a clock jump). */
export const MAX_CATCH_UP_SECONDS = 300;

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

/** The average fill price of an order, in (fractional) paise; 0 before any fill. */
export const averagePaise = (o: SandboxOrder): number =>
  o.filledQuantity > 0 ? o.filledValuePaise / o.filledQuantity : 0;

/** A user's leg is one per instrument and product. */
export const legKey = (leg: Pick<Leg, 'userId' | 'instrumentToken' | 'product'>): string =>
  `${leg.userId}|${leg.instrumentToken}|${leg.product}`;

/** The steps an OPEN order has yet to match up to `now` (s): at most MAX_CATCH_UP_SECONDS, within its own day. */
export function stepsToMatch(order: SandboxOrder, now: number): { from: number; until: number } {
  const from = Math.max(order.matchedSecond + 1, now - MAX_CATCH_UP_SECONDS + 1);
  // An order trades within its own day only (`expireEarlierDays` then cancels it).
  const until = Math.min(now, istDayStart(Math.floor(order.placedMs / 1000)) + SECONDS_PER_DAY - 1);
  return { from, until };
}

/** A leg with nothing traded yet, for the order's user, instrument and product. */
export function emptyLeg(order: SandboxOrder): Leg {
  return {
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
}

/** Adds a fill to one side of a leg, in exact paise. */
export function addToLeg(leg: Leg, side: 'BUY' | 'SELL', fill: Fill): void {
  if (side === 'BUY') {
    leg.buyQuantity += fill.quantity;
    leg.buyValue += fill.quantity * fill.pricePaise;
  } else {
    leg.sellQuantity += fill.quantity;
    leg.sellValue += fill.quantity * fill.pricePaise;
  }
}

/** Each level an order takes is one trade, as an exchange reports one per match; `sequence` numbers its id. */
export function tradeOf(order: SandboxOrder, fill: Fill, fillMs: number, sequence: number): SandboxTrade {
  return {
    tradeId: String(10_000_000 + sequence),
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
  };
}
