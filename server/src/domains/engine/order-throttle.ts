/**
 * Kite allows an account 10 order requests a second (and 200 a minute), placing, modifying and cancelling
 * alike: requests of one broker account wait their turn here rather than be refused with 429 mid-realign.
 * Accounts do not wait on each other. Where the sends are counted is a `SendLedger`: this process's memory
 * (SQLite serves one process), or the database every console shares (order-send-ledger.ts), so two
 * consoles sending for one account together keep to its limits too.
 */
export interface OrderLimits {
  perSecond: number;
  perMinute: number;
  /**
   * Slack added to each window: the broker counts when a request arrives, not when we let it go, and the
   * first orders of a burst can take longer on the wire than the later ones.
   */
  marginMs?: number;
}

/** The sliding windows, with the margin added. */
export function windowsOf(limits: OrderLimits) {
  const margin = limits.marginMs ?? 100;
  return { second: 1000 + margin, minute: 60_000 + margin };
}

/** How long until another request may go at `at`, given the account's sends of the last minute, oldest first. */
export function waitBeforeSend(sends: readonly number[], at: number, limits: OrderLimits): number {
  const { second, minute } = windowsOf(limits);
  const inSecond = sends.filter((t) => at - t < second);
  const inMinute = sends.filter((t) => at - t < minute);
  let wait = 0;
  if (inSecond.length >= limits.perSecond) wait = Math.max(wait, (inSecond[0] ?? at) + second - at);
  if (inMinute.length >= limits.perMinute) wait = Math.max(wait, (inMinute[0] ?? at) + minute - at);
  return wait;
}

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
  resolve: () => void;
  reject: (err: unknown) => void;
}

export function createOrderThrottle(options: { ledger: SendLedger; sleep?: (ms: number) => Promise<void> }) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
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
        (line.close.length > 0 ? line.close : line.open).shift()?.resolve();
      }
    } finally {
      line.isServing = false;
      // The last served clears its account, so idle accounts cost nothing.
      if (line.close.length === 0 && line.open.length === 0) lines.delete(account);
    }
  }

  return {
    /** Resolves when `account` may send its next request: closes before opens, each kind in arrival order. */
    take(account: number, priority: OrderPriority = 'open'): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const line = lines.get(account) ?? { close: [], open: [], isServing: false };
        lines.set(account, line);
        line[priority].push({ resolve, reject });
        if (!line.isServing) void serve(account, line);
      });
    },
  };
}

export type OrderThrottle = ReturnType<typeof createOrderThrottle>;
