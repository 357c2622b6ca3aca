import type { Clock } from './clock.js';

/**
 * One reply computed for many callers who would all be told the same (an admin's view of everyone's strategies):
 * callers asking while it is being computed wait for that computation rather than starting their own, and the
 * finished reply is handed out for `keepMs` after its computation started, as long as the version its caller
 * read (a fingerprint of what the reply is made from) is still the one it was made at. Timed from the start, so
 * no caller is told data older than `keepMs` plus one computation. Each key has its own reply: nothing computed
 * under one key is handed out under another. A computation that fails is not kept: the next caller starts over.
 *
 * Whoever may be told the reply is the caller's business: check it before asking for a shared reply.
 */
export function createSharedReplies<T>(deps: { clock: Clock; keepMs: number }) {
  const kept = new Map<string, { version: string; startedAt: number; reply: Promise<T> }>();

  function forget(key: string, reply: Promise<T>): void {
    if (kept.get(key)?.reply === reply) kept.delete(key);
  }

  return {
    /** The reply under `key` made at `version`: the one kept or being computed, else `make()`'s. */
    get(key: string, version: string, make: () => Promise<T>): Promise<T> {
      const now = deps.clock.now();
      const hit = kept.get(key);
      if (hit?.version === version && now - hit.startedAt < deps.keepMs) return hit.reply;
      // Expired replies of other keys go too, so the map holds only what can still be handed out.
      for (const [k, entry] of kept) if (now - entry.startedAt >= deps.keepMs) kept.delete(k);
      const reply = make();
      kept.set(key, { version, startedAt: now, reply });
      reply.catch(() => forget(key, reply));
      return reply;
    },
  };
}

export type SharedReplies<T> = ReturnType<typeof createSharedReplies<T>>;
