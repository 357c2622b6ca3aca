/**
 * Kite allows an account 10 order requests a second (and 200 a minute), placing, modifying and cancelling
 * alike: requests of one broker account wait their turn here rather than be refused with 429 mid-realign.
 * Accounts do not wait on each other. Where the sends are counted is a `SendLedger`: this process's memory
 * (SQLite serves one process), or the database every console shares (order-send-ledger.ts), so two
 * consoles sending for one account together keep to its limits too.
 */
import { createReplyWindows, waitBeforeSend, windowsOf, type RateLimits } from '../../platform/rate-window.js';

/** An account's order limits (the broker adapter's rule). */
export type OrderLimits = RateLimits;
export { waitBeforeSend, windowsOf };

/** Counts an account's sends: records one now and answers 0, or answers how long to wait first. */
export interface SendLedger {
  tryTake(account: number): Promise<number>;
}

/** This process's memory: enough where one process sends every order (SQLite). */
export function memorySendLedger(limits: OrderLimits, now: () => number = Date.now): SendLedger {
  const { minute } = windowsOf(limits);
  const sent = new Map<number, number[]>();
  return {
    tryTake(account) {
      const at = now();
      const recent = (sent.get(account) ?? []).filter((t) => at - t < minute);
      const wait = waitBeforeSend(recent, at, limits);
      if (wait <= 0) recent.push(at);
      sent.set(account, recent);
      return Promise.resolve(Math.max(wait, 0));
    },
  };
}

/**
 * What an order does for the account's risk: a `close` (a buy-back, a square-off, a kill switch's order, a
 * cancel) lowers it and goes before every `open` (an entry, a realign's new leg) waiting for the same account
 * (issue 31 item 4). Within one kind, arrival order.
 */
export type OrderPriority = 'close' | 'open';

interface Waiter {
  resolve: (replied: () => void) => void;
  reject: (err: unknown) => void;
}

/** One request's turn: how long it waited in its account's line (what the governor cost it). */
export interface OrderTurn {
  account: number;
  priority: OrderPriority;
  waitedMs: number;
}

export function createOrderThrottle(options: {
  ledger: SendLedger;
  /** The broker's limits, also kept by this process's own replies (platform/rate-window.ts); unset, the ledger's only. */
  limits?: OrderLimits;
  sleep?: (ms: number) => Promise<void>;
  /** Told of every turn given, as it is given (the order bench's queueing figures; slow exits are logged). */
  onTurn?: (turn: OrderTurn) => void;
  now?: () => number;
}) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? (() => performance.now());
  // This process's own requests, counted by their replies: the broker may receive one long after its turn.
  const replies = options.limits ? createReplyWindows<number>(options.limits, now) : null;
  /** Per account, who waits for a turn, by kind; an account is served by one loop at a time. */
  const lines = new Map<number, { close: Waiter[]; open: Waiter[]; isServing: boolean }>();

  /**
   * Serves the account's line until it is empty. The next to go is chosen when a turn is free, not before:
   * a close that arrives while an entry waits out the limit still goes first.
   */
  async function serve(account: number, line: { close: Waiter[]; open: Waiter[]; isServing: boolean }) {
    line.isServing = true;
    try {
      for (;;) {
        const queue = line.close.length > 0 ? line.close : line.open;
        const next = queue[0];
        if (!next) return;
        const ownWait = replies?.wait(account) ?? 0;
        if (ownWait > 0) {
          await sleep(ownWait);
          continue;
        }
        let wait: number;
        try {
          wait = await options.ledger.tryTake(account);
        } catch (err) {
          queue.shift();
          next.reject(err);
          continue;
        }
        if (wait > 0) {
          await sleep(wait);
          continue;
        }
        // The turn is taken: it goes to whoever is first now (a close that arrived while the ledger was asked).
        const replied = replies?.sent(account) ?? (() => undefined);
        (line.close.length > 0 ? line.close : line.open).shift()?.resolve(replied);
      }
    } finally {
      line.isServing = false;
      // The last served clears its account, so idle accounts cost nothing.
      if (line.close.length === 0 && line.open.length === 0) lines.delete(account);
    }
  }

  /**
   * Resolves when `account` may send its next request: closes before opens, each kind in arrival order. The
   * answer is to be called once the broker has answered that request (or it failed), see createReplyWindows.
   */
  function take(account: number, priority: OrderPriority = 'open'): Promise<() => void> {
    return new Promise<() => void>((resolve, reject) => {
      const line = lines.get(account) ?? { close: [], open: [], isServing: false };
      lines.set(account, line);
      const askedAt = now();
      const onTurn = options.onTurn;
      const given = onTurn
        ? (replied: () => void) => {
            onTurn({ account, priority, waitedMs: now() - askedAt });
            resolve(replied);
          }
        : resolve;
      line[priority].push({ resolve: given, reject });
      if (!line.isServing) void serve(account, line);
    });
  }

  return {
    take,
    /** One request of `account` in its turn, counted until its reply. */
    async send<T>(account: number, priority: OrderPriority, request: () => Promise<T>): Promise<T> {
      const replied = await take(account, priority);
      try {
        return await request();
      } finally {
        replied();
      }
    },
  };
}

export type OrderThrottle = ReturnType<typeof createOrderThrottle>;
