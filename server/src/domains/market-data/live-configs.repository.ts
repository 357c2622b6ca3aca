import type { DataInterval, DataSource } from '@app/contract';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, LiveDataConfigsTable } from '../../db/schema.js';

/** What makes a live-data configuration unique. */
export interface LiveConfigKey {
  source: DataSource;
  instrumentToken: string;
  interval: DataInterval;
}

export function createLiveConfigsRepository(db: Kysely<DB>) {
  const view = () =>
    db
      .selectFrom('liveDataConfigs as c')
      .leftJoin('instruments as i', 'i.instrumentToken', 'c.instrumentToken')
      .selectAll('c')
      .select('i.name as instrumentName');
  return {
    list() {
      return view().orderBy('c.id').execute();
    },
    findById(id: number) {
      return view().where('c.id', '=', id).executeTakeFirst();
    },
    findByKey(k: LiveConfigKey) {
      return db
        .selectFrom('liveDataConfigs')
        .select('id')
        .where('source', '=', k.source)
        .where('instrumentToken', '=', k.instrumentToken)
        .where('interval', '=', k.interval)
        .executeTakeFirst();
    },
    async insert(row: Insertable<LiveDataConfigsTable>) {
      const { id } = await db.insertInto('liveDataConfigs').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, patch: Updateable<LiveDataConfigsTable>) {
      await db.updateTable('liveDataConfigs').set(patch).where('id', '=', id).execute();
    },
    async remove(id: number) {
      const r = await db.deleteFrom('liveDataConfigs').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type LiveConfigsRepository = ReturnType<typeof createLiveConfigsRepository>;
export type LiveConfigView = NonNullable<Awaited<ReturnType<LiveConfigsRepository['findById']>>>;
