/**
 * One derived value per owner (a user), kept while the version it was made from stays the same: a screen read
 * every few seconds over a user's whole trade book re-derives it only when the book changed. The version is
 * read from the database on every use (the ledger's fill fingerprint), never pushed by an event, so a fill
 * booked by another console on the same database is seen at once, and nothing else needs to invalidate it.
 * Each owner's value sits under its own key: one owner's value is never handed to another.
 */
export function createVersionedMemo<T>(limit = 1000) {
  const kept = new Map<number, { version: string; value: T }>();
  return {
    /** The owner's value for `version`: the kept one when it was made from the same version, else `make()`. */
    async get(owner: number, version: string, make: () => T | Promise<T>): Promise<T> {
      const hit = kept.get(owner);
      if (hit?.version === version) return hit.value;
      const value = await make();
      // Bounded by owners; a full memo starts over rather than tracking use (owners rarely exceed it).
      if (kept.size >= limit && !kept.has(owner)) kept.clear();
      kept.set(owner, { version, value });
      return value;
    },
  };
}

export type VersionedMemo<T> = ReturnType<typeof createVersionedMemo<T>>;
