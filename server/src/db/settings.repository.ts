import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Small persisted settings (wanted service states, scheduling), JSON by key. */
export function createSettingsRepository(db: Kysely<DB>) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async set(key: string, value: unknown, now: number): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ key, value: json, updatedAt: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: now }))
        .execute();
    },
    /** The value and when it last changed (see `change`). */
    async getStamped<T>(key: string): Promise<{ value: T; since: number } | undefined> {
      const row = await db
        .selectFrom('settings')
        .select(['value', 'updatedAt'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { value: JSON.parse(row.value) as T, since: Number(row.updatedAt) } : undefined;
    },
    /** Like `set`, but a value written again unchanged keeps the time it was first written. */
    async change(key: string, value: unknown, now: number): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ key, value: json, updatedAt: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: json, updatedAt: now }).where('settings.value', '<>', json),
        )
        .execute();
    },
    /** Writes `value` only if the key has none yet (two instances creating it at once keep the first). */
    async setIfMissing(key: string, value: unknown, now: number): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value), updatedAt: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
