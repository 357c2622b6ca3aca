import type { FastifyBaseLogger } from 'fastify';
import { wsText } from '../../../../protocols/ws-data.js';
import { isFinalKiteStatus, parseKiteOrderFrame } from './kite-order-frames.js';
import type { BrokerOrder, OrderWatch } from '../../broker-port.js';
import { createReconnectingSocket } from '../../../../platform/reconnecting-socket.js';

/**
 * Order updates pushed by Kite (issue 12): a live account's orders are reported on the Kite ticker as JSON
 * text frames (PROTOCOLS.md §3), so the executor need not poll an order's history to learn that it filled.
 * One ticker connection per account, opened with that account's access token and the api_key its REST calls
 * use, only while the executor waits on its orders (plus a short idle time). Polling stays the fallback: a
 * watch that is not live (connecting, dropped, refused, or no room for another connection) tells the
 * executor to poll as it always did.
 */

/** Who an account's ticker connection logs in as: the same app and token as its REST calls. */
export interface TickerCredentials {
  apiKey: string;
  accessToken: string;
}

export interface OrderUpdatesOptions {
  wsRoot: string;
  logger: FastifyBaseLogger;
  /** How long an account's connection stays open after its last watch ends (default 15 s). */
  idleMs?: number;
  /**
   * Ticker connections held per api key (default 2): Kite allows 3 per key, and the market-data ticker
   * uses one with the console's key. Accounts beyond it are polled.
   */
  connectionsPerKey?: number;
  reconnectBaseDelayMs?: number;
}

/** Final updates kept per account for waiters that have not looked yet; the oldest go first. */
const MAX_FINALS = 1000;
/** Kite's ticker sends a heartbeat every second while idle: this much silence is a dead link. */
const READ_TIMEOUT_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A watch with no stream behind it: the caller polls. */
const POLLING_ONLY: OrderWatch = {
  isLive: () => false,
  mark: () => 0,
  final: () => null,
  wait: (_orderId, _since, ms) => sleep(ms),
  release: () => undefined,
};

interface Waiter {
  orderId: string;
  wake: () => void;
}

/** One account's ticker connection and what it has pushed. */
function createAccountStream(credentials: TickerCredentials, opts: OrderUpdatesOptions, onIdle: () => void) {
  const finals = new Map<string, BrokerOrder>();
  const waiters = new Set<Waiter>();
  /** Counts the stream going up or down: a waiter that marked an older value may have missed updates. */
  let generation = 0;
  let watchers = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  const wake = (matches: (w: Waiter) => boolean) => {
    for (const w of [...waiters]) if (matches(w)) w.wake();
  };

  const socket = createReconnectingSocket({
    url: () => {
      const q = new URLSearchParams({ api_key: credentials.apiKey, access_token: credentials.accessToken });
      return Promise.resolve(`${opts.wsRoot}?${q.toString()}`);
    },
    readTimeoutMs: READ_TIMEOUT_MS,
    ...(opts.reconnectBaseDelayMs !== undefined ? { baseDelayMs: opts.reconnectBaseDelayMs } : {}),
    // A refused token does not become valid by retrying; polling carries on alone.
    onRefused: (status) => (status === 403 ? 'stop' : 'retry'),
    onOpen: () => undefined,
    onMessage: (data, isBinary) => {
      if (isBinary) return;
      const update = parseKiteOrderFrame(wsText(data));
      // Kite may repeat an update or deliver an older one late: the first final word stands.
      if (!update || !isFinalKiteStatus(update.status) || finals.has(update.order_id)) return;
      finals.set(update.order_id, update);
      if (finals.size > MAX_FINALS) finals.delete(finals.keys().next().value ?? '');
      wake((w) => w.orderId === update.order_id);
    },
    onConnectionChange: () => {
      generation += 1;
      wake(() => true);
    },
    onError: (err) => opts.logger.debug({ err }, 'order updates: ticker connection failed'),
  });

  function watch(): OrderWatch {
    watchers += 1;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    let isReleased = false;
    return {
      isLive: () => socket.isConnected(),
      mark: () => generation,
      final: (orderId) => finals.get(orderId) ?? null,
      wait: (orderId, since, ms) =>
        new Promise<void>((resolve) => {
          if (finals.has(orderId) || generation !== since || ms <= 0) return resolve();
          const waiter: Waiter = {
            orderId,
            wake: () => {
              clearTimeout(timer);
              waiters.delete(waiter);
              resolve();
            },
          };
          const timer = setTimeout(waiter.wake, ms);
          waiters.add(waiter);
        }),
      release: () => {
        if (isReleased) return;
        isReleased = true;
        watchers -= 1;
        if (watchers > 0) return;
        idleTimer = setTimeout(onIdle, opts.idleMs ?? 15_000);
        idleTimer.unref();
      },
    };
  }

  return {
    apiKey: credentials.apiKey,
    watch,
    isIdle: () => watchers === 0,
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await socket.close();
      // Whoever still waits goes back to polling (the watch is no longer live).
      wake(() => true);
      finals.clear();
    },
  };
}

type AccountStream = ReturnType<typeof createAccountStream>;

/** The order-update connections of every live account the executor is waiting on. */
export function createOrderUpdates(opts: OrderUpdatesOptions) {
  const accounts = new Map<string, AccountStream>();
  const perKey = opts.connectionsPerKey ?? 2;
  let isClosed = false;

  const closeAccount = (key: string, account: AccountStream) => {
    if (accounts.get(key) === account) accounts.delete(key);
    void account.close();
  };

  /** A new account's connection, making room by closing an idle one of the same key; null when full. */
  function open(key: string, credentials: TickerCredentials): AccountStream | null {
    const sameKey = [...accounts.entries()].filter(([, a]) => a.apiKey === credentials.apiKey);
    if (sameKey.length >= perKey) {
      const idle = sameKey.find(([, a]) => a.isIdle());
      if (!idle) return null;
      closeAccount(...idle);
    }
    const account: AccountStream = createAccountStream(credentials, opts, () => closeAccount(key, account));
    accounts.set(key, account);
    return account;
  }

  return {
    /** Starts (or joins) watching an account's orders; `release()` the watch when done waiting. */
    watch(credentials: TickerCredentials): OrderWatch {
      if (isClosed) return POLLING_ONLY;
      // A new access token is a new login: its own connection; the old one closes once idle.
      const key = `${credentials.apiKey}:${credentials.accessToken}`;
      const account = accounts.get(key) ?? open(key, credentials);
      if (!account) opts.logger.debug({ apiKey: credentials.apiKey }, 'order updates: no free ticker connection');
      return account ? account.watch() : POLLING_ONLY;
    },
    /** How many ticker connections are held now. */
    connections: () => accounts.size,
    /** Closes every connection (shutdown); later watches poll. */
    async close() {
      isClosed = true;
      const all = [...accounts.values()];
      accounts.clear();
      await Promise.all(all.map((a) => a.close()));
    },
  };
}

export type OrderUpdates = ReturnType<typeof createOrderUpdates>;
export type { OrderWatch };
