/**
 * Tries of a repeated action per key, backing off linearly (backoff, 2 × backoff, …) up to a limit: how the
 * engine chases an exit the broker did not fully take without sending orders every tick.
 */
export function createRetryBook(options: { maxTries: number; backoffMs: number }) {
  const tries = new Map<number, { count: number; nextAt: number }>();
  return {
    /** Whether `key` may be tried at `at` (not exhausted, not backing off). */
    mayTry(key: number, at: number): boolean {
      const t = tries.get(key);
      return !t || (t.count < options.maxTries && at >= t.nextAt);
    },
    /** Records a failed try; returns how many there have been and whether that was the last allowed. */
    failed(key: number, at: number): { count: number; isLast: boolean } {
      const count = (tries.get(key)?.count ?? 0) + 1;
      tries.set(key, { count, nextAt: at + options.backoffMs * count });
      return { count, isLast: count >= options.maxTries };
    },
    /** The keys with failed tries on record. */
    keys: (): number[] => [...tries.keys()],
    /** Forgets `key`: it succeeded, or a user asked afresh. */
    reset(key: number): void {
      tries.delete(key);
    },
  };
}
