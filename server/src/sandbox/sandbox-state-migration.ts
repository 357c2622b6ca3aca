/**
 * Reads an older state file into today's shape, pure, one version at a time.
 *
 * Version 1 named option contracts by tokens that could reach 2^31 and above (legacy-option-tokens.ts) and
 * kept no trades. Migrated to version 2:
 * - every order's and position's `instrumentToken`, and the depth ledger's keys, renamed to the token the
 *   sandbox now gives the same contract (found by `legacyTokens`; a token it cannot read stays as it was);
 * - each filled order gets one trade at its average price, filled when it last changed (version 1 kept
 *   only the totals, so an order that filled at two levels then reads as one trade);
 * - a REJECTED order's raw reason is `RMS:<message>`, as version 1 reported it.
 *
 * Version 2 kept no static IPs and no order's source address. Migrated to version 3: no user has registered
 * an IP (nor used the week's change), and each order's `sourceIp` is empty: where it came from was not kept.
 */
import type { Leg, OrderBookSnapshot, SandboxOrder, SandboxTrade } from './kite-order-book.js';
import type { KiteSessionsSnapshot } from './kite-sessions.js';
import type { DepthLedgerSnapshot } from './order-matching.js';
import type { SandboxStateSnapshot } from './sandbox-state-snapshot.js';

/** The token the sandbox gives now to the contract a version-1 token named; null when it names none. */
export type LegacyTokenMap = (legacyToken: number) => number | null;

/** An order as version 2 kept it. */
export type Version2Order = Omit<SandboxOrder, 'sourceIp'>;

/** A version-1 state file. */
export interface Version1State {
  version: 1;
  kiteSessions: KiteSessionsSnapshot;
  orderBook: {
    sequence: number;
    orders: Omit<Version2Order, 'statusMessageRaw'>[];
    legs: Leg[];
    usedDepth: DepthLedgerSnapshot;
  };
}

/** A version-2 state file. */
export interface Version2State {
  version: 2;
  kiteSessions: KiteSessionsSnapshot;
  orderBook: Omit<OrderBookSnapshot, 'orders'> & { orders: Version2Order[] };
}

function tradesOf(orders: readonly Version2Order[]): SandboxTrade[] {
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
export function migrateVersion1(state: Version1State, legacyTokens: LegacyTokenMap): Version2State {
  const rename = (token: number) => legacyTokens(token) ?? token;
  const book = state.orderBook;
  const orders: Version2Order[] = book.orders.map((o) => ({
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
  const orderBook: Version2State['orderBook'] = {
    sequence: book.sequence,
    orders,
    legs: book.legs.map((leg) => ({ ...leg, instrumentToken: rename(leg.instrumentToken) })),
    usedDepth,
    trades,
    tradeSequence: trades.length,
  };
  return { version: 2, kiteSessions: state.kiteSessions, orderBook };
}

/** The version-3 state a version-2 file holds. */
export function migrateVersion2(state: Version2State): SandboxStateSnapshot {
  const orders = state.orderBook.orders.map((o) => ({ ...o, sourceIp: '' }));
  return { version: 3, kiteSessions: state.kiteSessions, orderBook: { ...state.orderBook, orders }, staticIps: [] };
}
