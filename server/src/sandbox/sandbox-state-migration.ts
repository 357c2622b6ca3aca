/**
 * Reads a version-1 state file into today's shape, pure. Version 1 named option contracts by tokens that
 * could reach 2^31 and above (legacy-option-tokens.ts) and kept no trades. Migrated:
 * - every order's and position's `instrumentToken`, and the depth ledger's keys, renamed to the token the
 *   sandbox now gives the same contract (found by `legacyTokens`; a token it cannot read stays as it was);
 * - each filled order gets one trade at its average price, filled when it last changed (version 1 kept
 *   only the totals, so an order that filled at two levels then reads as one trade);
 * - a REJECTED order's raw reason is `RMS:<message>`, as version 1 reported it.
 */
import type { Leg, OrderBookSnapshot, SandboxOrder, SandboxTrade } from './kite-order-book.js';
import type { KiteSessionsSnapshot } from './kite-sessions.js';
import type { DepthLedgerSnapshot } from './order-matching.js';
import type { SandboxStateSnapshot } from './sandbox-state-snapshot.js';

/** The token the sandbox gives now to the contract a version-1 token named; null when it names none. */
export type LegacyTokenMap = (legacyToken: number) => number | null;

/** A version-1 state file. */
export interface Version1State {
  version: 1;
  kiteSessions: KiteSessionsSnapshot;
  orderBook: {
    sequence: number;
    orders: Omit<SandboxOrder, 'statusMessageRaw'>[];
    legs: Leg[];
    usedDepth: DepthLedgerSnapshot;
  };
}

function tradesOf(orders: readonly SandboxOrder[]): SandboxTrade[] {
  return orders
    .filter((o) => o.filledQuantity > 0)
    .map((o, i) => ({
      tradeId: String(10_000_001 + i),
      orderId: o.orderId,
      userId: o.userId,
      exchange: o.exchange,
      tradingsymbol: o.tradingsymbol,
      instrumentToken: o.instrumentToken,
      product: o.product,
      transactionType: o.transactionType,
      quantity: o.filledQuantity,
      pricePaise: Math.round(o.filledValuePaise / o.filledQuantity),
      fillMs: o.updatedMs,
    }));
}

/** The version-2 state a version-1 file holds. */
export function migrateVersion1(state: Version1State, legacyTokens: LegacyTokenMap): SandboxStateSnapshot {
  const rename = (token: number) => legacyTokens(token) ?? token;
  const book = state.orderBook;
  const orders: SandboxOrder[] = book.orders.map((o) => ({
    ...o,
    instrumentToken: rename(o.instrumentToken),
    statusMessageRaw: o.status === 'REJECTED' && o.statusMessage !== null ? `RMS:${o.statusMessage}` : null,
  }));
  const trades = tradesOf(orders);
  const usedDepth = {
    newest: book.usedDepth.newest,
    used: book.usedDepth.used.map((row) => {
      const [token, side] = row.key.split('|');
      return { ...row, key: `${rename(Number(token))}|${side}` };
    }),
  };
  const orderBook: OrderBookSnapshot = {
    sequence: book.sequence,
    orders,
    legs: book.legs.map((leg) => ({ ...leg, instrumentToken: rename(leg.instrumentToken) })),
    usedDepth,
    trades,
    tradeSequence: trades.length,
  };
  return { version: 2, kiteSessions: state.kiteSessions, orderBook };
}
