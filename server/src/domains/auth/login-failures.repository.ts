import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { closeRedis, openRedis, type RedisLogger } from '../../platform/redis.js';
import type { LoginFailureStore } from './login-failures.types.js';

/** Keys asked at once, to stay under the engines' bind-parameter limits. */
const KEYS_PER_QUERY = 500;

/** In the database: one row per failure, older rows of a key trimmed whenever it fails again. */
export function createDbLoginFailures(db: Kysely<DB>, windowMs: number): LoginFailureStore {
  return {
    async record(key, at, times = 1) {
      await db
        .deleteFrom('loginFailures')
        .where('key', '=', key)
        .where('at', '<=', at - windowMs)
        .execute();
      await db
        .insertInto('loginFailures')
        .values(Array.from({ length: times }, () => ({ key, at })))
        .execute();
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
    async sinceMany(keys, since) {
      const found = new Map<string, number[]>();
      for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
        const rows = await db
          .selectFrom('loginFailures')
          .select(['key', 'at'])
          .where('key', 'in', keys.slice(i, i + KEYS_PER_QUERY))
          .where('at', '>', since)
          .execute();
        for (const r of rows) {
          const times = found.get(r.key) ?? [];
          times.push(Number(r.at));
          found.set(r.key, times);
        }
      }
      return found;
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
    record: (key, at, times = 1) =>
      either(
        async () => {
          const members = Array.from({ length: times }, () => ({
            score: at,
            value: `${at}:${Math.random().toString(36).slice(2)}`,
          }));
          await client
            .multi()
            .zRemRangeByScore(name(key), 0, at - windowMs)
            .zAdd(name(key), members)
            .pExpire(name(key), windowMs)
            .exec();
        },
        () => fallback.record(key, at, times),
      ),
    since: (key, since) =>
      either(
        async () => {
          const members = await client.zRangeByScore(name(key), `(${since}`, '+inf');
          return members.map((m) => Number(m.split(':')[0]));
        },
        () => fallback.since(key, since),
      ),
    sinceMany: (keys, since) =>
      either(
        async () => {
          // Sent together: the client pipelines commands issued in the same tick.
          const lists = await Promise.all(keys.map((key) => client.zRangeByScore(name(key), `(${since}`, '+inf')));
          const found = new Map<string, number[]>();
          keys.forEach((key, i) => {
            const times = (lists[i] ?? []).map((m) => Number(m.split(':')[0]));
            if (times.length > 0) found.set(key, times);
          });
          return found;
        },
        () => fallback.sinceMany(keys, since),
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
