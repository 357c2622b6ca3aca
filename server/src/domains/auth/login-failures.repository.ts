import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { closeRedis, openRedis, type RedisLogger } from '../../platform/redis.js';

/**
 * Where failed logins are counted, shared by every instance (issue 10): Redis when the console has one,
 * else the database. Keys are `user:<name>` and `addr:<ip>`; times are epoch ms.
 */
export interface LoginFailureStore {
  record(key: string, at: number): Promise<void>;
  /** Failure times of `key` after `since`. */
  since(key: string, since: number): Promise<number[]>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In the database: one row per failure, older rows of a key trimmed whenever it fails again. */
export function createDbLoginFailures(db: Kysely<DB>, windowMs: number): LoginFailureStore {
  return {
    async record(key, at) {
      await db
        .deleteFrom('loginFailures')
        .where('key', '=', key)
        .where('at', '<=', at - windowMs)
        .execute();
      await db.insertInto('loginFailures').values({ key, at }).execute();
    },
    async since(key, since) {
      const rows = await db
        .selectFrom('loginFailures')
        .select('at')
        .where('key', '=', key)
        .where('at', '>', since)
        .execute();
      return rows.map((r) => Number(r.at));
    },
    async clear(key) {
      await db.deleteFrom('loginFailures').where('key', '=', key).execute();
    },
    close: () => Promise.resolve(),
  };
}

/**
 * In Redis: a sorted set per key (score = time), expiring with the window. `namespace` (the database's
 * random id) keeps two deployments that share one Redis from locking each other's users.
 *
 * While Redis is away (or a command fails) each call goes to `fallback`, the database's store, so a
 * login is answered at once and still counted across instances; Redis counts again once it is back. A
 * failure counted in one store is not seen by the other, so across an outage an attacker gets at most
 * the limit once more, never an unlimited run.
 */
export function createRedisLoginFailures(
  url: string,
  windowMs: number,
  namespace: string,
  fallback: LoginFailureStore,
  logger: RedisLogger,
): LoginFailureStore & { inRedis(): boolean } {
  const client = openRedis(url, { logger, purpose: 'failed logins' });
  const name = (key: string) => `rdx:${namespace}:login-failures:${key}`;
  /** The Redis call when Redis can take it now, else (or when it fails) the database's. */
  const either = async <T>(inRedis: () => Promise<T>, inDatabase: () => Promise<T>): Promise<T> => {
    if (!client.isReady) return inDatabase();
    try {
      return await inRedis();
    } catch {
      return inDatabase();
    }
  };
  return {
    /** Whether calls go to Redis now (else to the database). */
    inRedis: () => client.isReady,
    record: (key, at) =>
      either(
        async () => {
          await client
            .multi()
            .zRemRangeByScore(name(key), 0, at - windowMs)
            .zAdd(name(key), { score: at, value: `${at}:${Math.random().toString(36).slice(2)}` })
            .pExpire(name(key), windowMs)
            .exec();
        },
        () => fallback.record(key, at),
      ),
    since: (key, since) =>
      either(
        async () => {
          const members = await client.zRangeByScore(name(key), `(${since}`, '+inf');
          return members.map((m) => Number(m.split(':')[0]));
        },
        () => fallback.since(key, since),
      ),
    // Cleared in both: a success during an outage must not leave Redis's older count standing, nor after it.
    async clear(key) {
      await Promise.all([
        either(
          async () => void (await client.del(name(key))),
          () => Promise.resolve(),
        ),
        fallback.clear(key),
      ]);
    },
    async close() {
      await closeRedis(client);
    },
  };
}
