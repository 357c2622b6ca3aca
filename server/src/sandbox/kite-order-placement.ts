// What a placed order is (request, record, rejection) and how one is minted: apart from the fills and changes on it.
import { formatKiteDateTime } from '../protocols/kite-rest.js';

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
  /**
   * The address the request came from, normalized (static-ips.logic.ts): test tooling's proof of which
   * registered IP an order left from (`GET /control/orders`). Empty for an order a version-2 state file kept.
   */
  sourceIp: string;
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

/** A just-placed order: OPEN, nothing filled, matched up to the second it was placed in. */
export function openOrder(request: OrderRequest, orderId: string, userId: string, nowMs: number): SandboxOrder {
  return {
    ...request,
    orderId,
    userId,
    status: 'OPEN',
    statusMessage: null,
    statusMessageRaw: null,
    placedMs: nowMs,
    updatedMs: nowMs,
    modifiedMs: null,
    filledQuantity: 0,
    filledValuePaise: 0,
    matchedSecond: Math.floor(nowMs / 1000),
  };
}

/** Marks a just-placed order REJECTED the way Kite's RMS does: it keeps its order_id and says why. */
export function reject(order: SandboxOrder, rejection: Rejection): void {
  order.status = 'REJECTED';
  order.statusMessage = rejection.message;
  order.statusMessageRaw = rejection.raw;
}

/** Kite-style 15-digit ids: IST yymmdd then a sequence number. */
export function kiteOrderId(nowMs: number, sequence: number): string {
  const date = formatKiteDateTime(nowMs).slice(2, 10).replace(/-/g, '');
  return `${date}${String(sequence).padStart(9, '0')}`;
}
