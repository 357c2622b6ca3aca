/**
 * Kite allows an account 10 orders a second (and 200 a minute): orders of one broker account wait their
 * turn here rather than be refused with 429 mid-realign. Accounts do not wait on each other.
 */
export function createOrderThrottle(options: {
  perSecond: number;
  perMinute: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Slack added to each window: the broker counts when a request arrives, not when we let it go, and the
   * first orders of a burst can take longer on the wire than the later ones.
   */
  marginMs?: number;
}) {
  const margin = options.marginMs ?? 100;
  const SECOND = 1000 + margin;
  const MINUTE = 60_000 + margin;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const sent = new Map<number, number[]>();
  const queues = new Map<number, Promise<void>>();

  /** How long until another order may go, given the account's recent sends (oldest first). */
  function waitFor(times: number[], at: number): number {
    const inSecond = times.filter((t) => at - t < SECOND);
    const inMinute = times.filter((t) => at - t < MINUTE);
    let wait = 0;
    if (inSecond.length >= options.perSecond) wait = Math.max(wait, (inSecond[0] ?? at) + SECOND - at);
    if (inMinute.length >= options.perMinute) wait = Math.max(wait, (inMinute[0] ?? at) + MINUTE - at);
    return wait;
  }

  async function takeNow(account: number) {
    for (;;) {
      const at = now();
      const times = (sent.get(account) ?? []).filter((t) => at - t < MINUTE);
      const wait = waitFor(times, at);
      if (wait <= 0) {
        times.push(at);
        sent.set(account, times);
        return;
      }
      await sleep(wait);
    }
  }

  return {
    /** Resolves when `account` may send its next order; callers of one account go in arrival order. */
    take(account: number): Promise<void> {
      const turn = (queues.get(account) ?? Promise.resolve()).then(() => takeNow(account));
      queues.set(
        account,
        turn.catch(() => undefined),
      );
      return turn;
    },
  };
}

export type OrderThrottle = ReturnType<typeof createOrderThrottle>;
