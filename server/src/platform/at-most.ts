/**
 * Runs `work` on every item with at most `limit` of them under way at once, and resolves with the results in
 * the items' order. The first failure rejects (the rest already started are left to finish).
 */
export async function atMost<T, R>(limit: number, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`At most ${limit} at once is not a limit.`);
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/**
 * At most `limit` tasks under way at once across every caller, the rest waiting in arrival order: one budget
 * shared by many `atMost` loops.
 */
export function createSlots(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`At most ${limit} at once is not a limit.`);
  let busy = 0;
  const waiting: Array<() => void> = [];
  return async function inSlot<R>(work: () => Promise<R>): Promise<R> {
    if (busy >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot take it in between.
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}
