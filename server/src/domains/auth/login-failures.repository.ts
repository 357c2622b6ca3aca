import type { Kysely } from 'kysely';
import { createClient } from 'redis';
import type { DB } from '../../db/schema.js';

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
 */
export async function createRedisLoginFailures(
  url: string,
  windowMs: number,
  namespace: string,
): Promise<LoginFailureStore> {
  const client = createClient({ url });
  await client.connect();
  const name = (key: string) => `rdx:${namespace}:login-failures:${key}`;
  return {
    async record(key, at) {
      await client
        .multi()
        .zRemRangeByScore(name(key), 0, at - windowMs)
        .zAdd(name(key), { score: at, value: `${at}:${Math.random().toString(36).slice(2)}` })
        .pExpire(name(key), windowMs)
        .exec();
    },
    async since(key, since) {
      const members = await client.zRangeByScore(name(key), `(${since}`, '+inf');
      return members.map((m) => Number(m.split(':')[0]));
    },
    async clear(key) {
      await client.del(name(key));
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}
