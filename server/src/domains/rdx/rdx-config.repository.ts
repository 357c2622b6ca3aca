import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, RdxConfigsTable } from '../../db/schema.js';

export function createRdxConfigRepository(db: Kysely<DB>) {
  return {
    findByMapping(mappingId: number) {
      return db.selectFrom('rdxConfigs').selectAll().where('mappingId', '=', mappingId).executeTakeFirst();
    },
    insert(row: Insertable<RdxConfigsTable>) {
      return db.insertInto('rdxConfigs').values(row).returningAll().executeTakeFirstOrThrow();
    },
    update(mappingId: number, patch: Updateable<RdxConfigsTable>) {
      return db
        .updateTable('rdxConfigs')
        .set(patch)
        .where('mappingId', '=', mappingId)
        .returningAll()
        .executeTakeFirst();
    },
    async remove(mappingId: number) {
      const r = await db.deleteFrom('rdxConfigs').where('mappingId', '=', mappingId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type RdxConfigRepository = ReturnType<typeof createRdxConfigRepository>;
