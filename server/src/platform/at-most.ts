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
