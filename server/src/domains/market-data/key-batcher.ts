/*
 * Many callers asking a provider for different keys at once (the positions feed marking each user's legs after
 * a close, paper fills pricing each strategy's strikes) become one call: Kite allows one quote request a second
 * per app, however many instruments it names (up to 500). Pure of I/O; the provider call is passed in.
 */

/** A batch not yet sent: the keys asked for so far and the answer all its callers wait on. */
interface Batch<V> {
  keys: Set<string>;
  answer: Promise<Map<string, V>>;
}

/**
 * Asks `fetch` for keys in batches, one call at a time: keys asked for while a call is out (or waiting its turn
 * for the provider's rate) go together in the next one, split into calls of `maxKeysPerCall`. Each caller gets
 * the answers for its own keys; a failed call fails every caller of its batch.
 */
export function createKeyBatcher<V>(
  fetch: (keys: string[]) => Promise<Map<string, V>>,
  maxKeysPerCall: number,
): (keys: readonly string[]) => Promise<Map<string, V>> {
  let open: Batch<V> | null = null;
  let line: Promise<unknown> = Promise.resolve();

  async function send(batch: Batch<V>): Promise<Map<string, V>> {
    // From here on the batch is closed: later keys go to the next one.
    if (open === batch) open = null;
    const keys = [...batch.keys];
    const all = new Map<string, V>();
    for (let i = 0; i < keys.length; i += maxKeysPerCall) {
      for (const [k, v] of await fetch(keys.slice(i, i + maxKeysPerCall))) all.set(k, v);
    }
    return all;
  }

  return async (keys) => {
    if (keys.length === 0) return new Map();
    if (!open) {
      const batch: Batch<V> = { keys: new Set(), answer: Promise.resolve(new Map<string, V>()) };
      batch.answer = line.then(() => send(batch));
      line = batch.answer.catch(() => undefined);
      open = batch;
    }
    const batch = open;
    for (const k of keys) batch.keys.add(k);
    const all = await batch.answer;
    const mine = new Map<string, V>();
    for (const k of keys) {
      const v = all.get(k);
      if (v !== undefined) mine.set(k, v);
    }
    return mine;
  };
}
