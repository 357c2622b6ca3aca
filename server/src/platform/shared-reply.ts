import type { Clock } from './clock.js';

/**
 * One reply computed for many callers who would all be told the same (an admin's view of everyone's strategies):
 * callers asking while it is being computed wait for that computation rather than starting their own, and the
 * finished reply is handed out for `keepMs` after its computation started, as long as the version its caller
 * read (a fingerprint of what the reply is made from) is still the one it was made at. Each key has its own reply:
 * nothing computed under one key is handed out under another. A computation that fails is not kept: the next
 * caller starts over.
 *
 * A reply that is only old (its version unchanged) is made again by the first caller after `keepMs`, and, while
 * that computation runs, callers are handed the reply it replaces rather than waiting for it: its figures can
 * only have aged (nothing it is made from was added or edited), and it is no older than `keepMs` plus one
 * computation, the bound a caller who waited would also get. A changed version is always waited for. Only one
 * computation per key and version runs at a time: callers arriving after `keepMs` while it still runs join it
 * (or are handed the reply it replaces) rather than start another.
 *
 * Whoever may be told the reply is the caller's business: check it before asking for a shared reply.
 */
export function createSharedReplies<T>(deps: { clock: Clock; keepMs: number }) {
  interface Entry {
    version: string;
    startedAt: number;
    reply: Promise<T>;
    /** The finished reply this computation replaces, handed out while it runs (same version only). */
    previous: { value: T } | null;
    /** Set once the computation has finished. */
    done: { value: T } | null;
  }
  const kept = new Map<string, Entry>();

  function forget(key: string, entry: Entry): void {
    if (kept.get(key) === entry) kept.delete(key);
  }

  return {
    /** The reply under `key` made at `version`: the one kept or being computed, else `make()`'s. */
    get(key: string, version: string, make: () => Promise<T>): Promise<T> {
      const now = deps.clock.now();
      const hit = kept.get(key);
      // A computation of this version still running is joined however long it has run: a second one beside it
      // (a busy event loop can stretch one past keepMs) would finish no sooner, and would slow both.
      if (hit?.version === version && hit.done === null) {
        return hit.previous === null ? hit.reply : Promise.resolve(hit.previous.value);
      }
      if (hit?.version === version && now - hit.startedAt < deps.keepMs) return hit.reply;
      // Expired replies of other keys go too, so the map holds only what can still be handed out.
      for (const [k, entry] of kept) if (k !== key && now - entry.startedAt >= deps.keepMs) kept.delete(k);
      // Only a finished reply of this version, which has just expired, stands in while its successor is made.
      const isJustExpired = hit !== undefined && now - hit.startedAt < 2 * deps.keepMs;
      const previous = hit?.version === version && hit.done !== null && isJustExpired ? hit.done : null;
      const entry: Entry = { version, startedAt: now, reply: make(), previous, done: null };
      kept.set(key, entry);
      entry.reply.then(
        (value) => {
          entry.done = { value };
          entry.previous = null;
        },
        () => forget(key, entry),
      );
      return previous === null ? entry.reply : Promise.resolve(previous.value);
    },
  };
}

export type SharedReplies<T> = ReturnType<typeof createSharedReplies<T>>;
