import pg from 'pg';
import { isDroppedConnection, surviveDroppedConnections, type DroppedConnectionLogger } from './dropped-connections.js';
import { integerArray } from './pg-arrays.js';

/**
 * One writer per strategy (DESIGN §9): every path that trades or changes a mapping's legs runs inside
 * `withMappings([id…], fn)`. Within a process a keyed queue orders the callers; across processes on
 * PostgreSQL a session advisory lock per mapping, held on a connection of a small pool of its own (so
 * lock holders never starve the queries they run), keeps a second server out until the first is done.
 * SQLite serves one process, whose queue is the whole story.
 */
export interface MappingLocks {
  withMappings<T>(mappingIds: readonly number[], fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The advisory-lock namespace (the first key of the two-key form). Advisory locks are per database, so
 * it is derived from the schema: test runs in schemas of one database never wait on each other's ids.
 */
function lockSpace(schema: string): number {
  let hash = 0x52_44_58; // "RDX"
  for (const ch of schema) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

/** An in-process keyed queue: callers of the same key run one after another, in arrival order. */
function createKeyedQueue() {
  const tails = new Map<number, Promise<void>>();
  return {
    /**
     * Joins the line of every key at once (nothing awaited in between, so callers are ordered by arrival
     * and none can wait on a later one), then waits for those ahead; returns the release. One promise
     * stands for all of a caller's keys: a 10,000-strategy close joins 10,000 lines in a few milliseconds.
     */
    async acquire(keys: readonly number[]): Promise<() => void> {
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const ahead: Array<Promise<void>> = [];
      const held: Array<[number, Promise<void>]> = [];
      for (const key of new Set(keys)) {
        const previous = tails.get(key);
        const tail = previous ? previous.then(() => mine) : mine;
        if (previous) ahead.push(previous);
        tails.set(key, tail);
        held.push([key, tail]);
      }
      if (ahead.length > 0) await Promise.all(ahead);
      return () => {
        release();
        // The last in line clears its key, so idle mappings cost nothing.
        for (const [key, tail] of held) if (tails.get(key) === tail) tails.delete(key);
      };
    },
  };
}

export function createLocalMappingLocks(): MappingLocks {
  const queue = createKeyedQueue();
  return {
    async withMappings(mappingIds, fn) {
      const release = await queue.acquire(mappingIds);
      try {
        return await fn();
      } finally {
        release();
      }
    },
    close: () => Promise.resolve(),
  };
}

/**
 * How long a lock holder may fall silent (frozen by SIGSTOP or a stalled VM, cut off) before PostgreSQL ends
 * its session and so frees its strategies' locks: a chaos run saw one frozen console halt every console's
 * trading for as long as it stayed frozen. The holder speaks four times in that window.
 */
export const LOCK_SILENCE_MS = 8_000;

/**
 * PostgreSQL: the local queue first (no connection is spent waiting on our own process), then the
 * advisory locks, all taken in one statement in ascending order.
 */
export function createPostgresMappingLocks(options: {
  url: string;
  schema?: string;
  poolSize?: number;
  logger?: DroppedConnectionLogger | undefined;
  /** How long a holder may fall silent before PostgreSQL ends its session, freeing its locks. */
  silenceMs?: number;
}): MappingLocks {
  const queue = createKeyedQueue();
  const silenceMs = options.silenceMs ?? LOCK_SILENCE_MS;
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 8 });
  // PostgreSQL 14+ ends a session idle (outside a transaction) this long; an older server keeps a frozen
  // holder's locks until its connection is seen dead (a crash or kill -9 still frees them at once).
  let hasSilenceRule = true;
  async function fallSilentAfter(client: pg.PoolClient) {
    if (!hasSilenceRule) return;
    await client.query(`set idle_session_timeout = ${Math.round(silenceMs)}`).catch((err: Error) => {
      hasSilenceRule = false;
      options.logger?.warn({ reason: err.message }, 'a frozen console will keep its strategies locked');
    });
  }
  // A lock connection that drops frees its locks in PostgreSQL; the holder's next query (or unlock) fails.
  surviveDroppedConnections(pool, options.logger, 'mapping locks');
  const MAPPING_LOCK_SPACE = lockSpace(options.schema ?? 'public');

  /**
   * A connection of the pool holding every key's lock. A connection that drops while it waits (a
   * PostgreSQL restart, `pg_terminate_backend`) is closed and the wait starts again once on a fresh one:
   * nothing was done under the lock yet, so the caller need not hear of it.
   */
  async function lockedClient(ids: readonly number[], attempt = 1): Promise<pg.PoolClient> {
    const client = await pool.connect();
    try {
      await fallSilentAfter(client);
      await client.query('select pg_advisory_lock($1, id) from unnest($2::int[]) as id order by id', [
        MAPPING_LOCK_SPACE,
        integerArray(ids),
      ]);
      return client;
    } catch (err) {
      // Closed, not pooled: any lock the statement took ends with its connection.
      client.release(err as Error);
      if (attempt > 1 || !isDroppedConnection(err)) throw err;
      return lockedClient(ids, attempt + 1);
    }
  }

  return {
    async withMappings(mappingIds, fn) {
      const ids = [...new Set(mappingIds)].sort((a, b) => a - b);
      const release = await queue.acquire(ids);
      try {
        if (ids.length === 0) return await fn();
        const client = await lockedClient(ids);
        let broken: Error | undefined;
        // The holder's word to PostgreSQL while it works (its own queries go through other connections):
        // a holder that freezes falls silent, and PostgreSQL ends its session and frees its locks.
        const heartbeat = setInterval(() => {
          client.query('select 1').catch((err: Error) => (broken = err));
        }, silenceMs / 4);
        heartbeat.unref();
        try {
          return await fn();
        } finally {
          clearInterval(heartbeat);
          // The connection is ours alone meanwhile, so its advisory locks are exactly these: one call frees
          // them, where unlocking 10,000 one by one took ~45 ms; its silence rule goes with them.
          // A connection that cannot unlock is closed rather than pooled, which ends its locks too.
          await client
            .query(`select pg_advisory_unlock_all()${hasSilenceRule ? '; reset idle_session_timeout' : ''}`)
            .catch((err: Error) => (broken = err));
          client.release(broken);
        }
      } finally {
        release();
      }
    },
    close: () => pool.end(),
  };
}
