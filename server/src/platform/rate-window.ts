/**
 * Sliding-window request limits (so many a second, so many a minute), as brokers and data providers count
 * them: the order governor (engine/order-throttle.ts) and the Kite read pacer (brokers/adapters/kite) keep
 * to them rather than be refused with 429.
 */
export interface RateLimits {
  perSecond: number;
  perMinute: number;
  /**
   * Slack added to each window: the provider counts when a request arrives, not when we let it go, and the
   * first requests of a burst can take longer on the wire than the later ones.
   */
  marginMs?: number;
}

/** The sliding windows, with the margin added. */
export function windowsOf(limits: RateLimits) {
  const margin = limits.marginMs ?? 100;
  return { second: 1000 + margin, minute: 60_000 + margin };
}

/** How long until another request may go at `at`, given the sends of the last minute, oldest first. */
export function waitBeforeSend(sends: readonly number[], at: number, limits: RateLimits): number {
  const { second, minute } = windowsOf(limits);
  const inSecond = sends.filter((t) => at - t < second);
  const inMinute = sends.filter((t) => at - t < minute);
  let wait = 0;
  if (inSecond.length >= limits.perSecond) wait = Math.max(wait, (inSecond[0] ?? at) + second - at);
  if (inMinute.length >= limits.perMinute) wait = Math.max(wait, (inMinute[0] ?? at) + minute - at);
  return wait;
}

/**
 * One process's requests per key, counted by when their replies came back. The provider counts a request
 * when it arrives, which can be long after we let it go (a busy process, a slow connection): counted from the
 * send alone, one second's requests could arrive bunched with the next second's and be refused. A request
 * still on its way counts as sent now; an answered one as sent when its reply came, which is no earlier than
 * it arrived, so the next window's requests cannot reach the provider inside this one's.
 */
export function createReplyWindows<K>(limits: RateLimits, now: () => number) {
  const { minute } = windowsOf(limits);
  const keys = new Map<K, { onTheWay: number; replies: number[] }>();
  const of = (key: K) => {
    const found = keys.get(key) ?? { onTheWay: 0, replies: [] };
    keys.set(key, found);
    return found;
  };
  return {
    /** How long `key`'s next request must wait; 0 when it may go now. */
    wait(key: K): number {
      const at = now();
      const k = of(key);
      k.replies = k.replies.filter((t) => at - t < minute);
      return waitBeforeSend([...k.replies, ...new Array<number>(k.onTheWay).fill(at)], at, limits);
    },
    /** Counts a request of `key` as on its way; the answer is to be called once its reply came (or it failed). */
    sent(key: K): () => void {
      of(key).onTheWay += 1;
      let isAnswered = false;
      return () => {
        if (isAnswered) return;
        isAnswered = true;
        const k = of(key);
        k.onTheWay -= 1;
        k.replies.push(now());
      };
    },
  };
}

/**
 * Requests of one key, one after another in arrival order, each sent as soon as `limits` allow (counted by
 * their replies, createReplyWindows). Used where every request may simply wait its turn (reads).
 */
export function createRequestPacer(
  limits: RateLimits,
  options: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
) {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const windows = createReplyWindows<0>(limits, now);
  let line: Promise<unknown> = Promise.resolve();
  return {
    async run<T>(request: () => Promise<T>): Promise<T> {
      const turn = line.then(async () => {
        for (let wait = windows.wait(0); wait > 0; wait = windows.wait(0)) await sleep(wait);
        return windows.sent(0);
      });
      line = turn.catch(() => undefined);
      const replied = await turn;
      try {
        return await request();
      } finally {
        replied();
      }
    },
  };
}
