import type { RdxInterval } from '@app/contract';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { DB, RdxConfigRow, RdxConfigsTable } from '../../db/schema.js';

/** An RDX configuration as saved: RDX's own row, and the candle interval kept on its mapping (the engine's). */
export type RdxConfigWithInterval = RdxConfigRow & { interval: RdxInterval };

export function createRdxConfigRepository(db: Kysely<DB>) {
  const find = async (q: Kysely<DB> | Transaction<DB>, mappingId: number) => {
    const row = await q
      .selectFrom('rdxConfigs as c')
      .innerJoin('userStrategyMappings as m', 'm.id', 'c.mappingId')
      .selectAll('c')
      .select('m.interval')
      .where('c.mappingId', '=', mappingId)
      .executeTakeFirst();
    return row ? { ...row, interval: row.interval ?? '15m' } : undefined;
  };
  /** The interval lives on the mapping (migration 202611280200): every strategy type's mappings decide on one. */
  const setInterval = (trx: Transaction<DB>, mappingId: number, interval: RdxInterval | null) =>
    trx.updateTable('userStrategyMappings').set({ interval }).where('id', '=', mappingId).execute();

  return {
    findByMapping: (mappingId: number): Promise<RdxConfigWithInterval | undefined> => find(db, mappingId),

    insert({ interval, ...row }: Insertable<RdxConfigsTable> & { interval: RdxInterval }) {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('rdxConfigs').values(row).execute();
        await setInterval(trx, row.mappingId, interval);
        const saved = await find(trx, row.mappingId);
        if (!saved) throw new Error(`RDX configuration of mapping ${row.mappingId} vanished as it was written`);
        return saved;
      });
    },

    update(mappingId: number, { interval, ...patch }: Updateable<RdxConfigsTable> & { interval?: RdxInterval }) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable('rdxConfigs').set(patch).where('mappingId', '=', mappingId).execute();
        if (updated.every((r) => Number(r.numUpdatedRows) === 0)) return undefined;
        if (interval) await setInterval(trx, mappingId, interval);
        return find(trx, mappingId);
      });
    },

    async remove(mappingId: number) {
      return db.transaction().execute(async (trx) => {
        const r = await trx.deleteFrom('rdxConfigs').where('mappingId', '=', mappingId).executeTakeFirst();
        // No settings, no candle interval: the engine no longer follows the mapping.
        await setInterval(trx, mappingId, null);
        return Number(r.numDeletedRows) > 0;
      });
    },
  };
}

export type RdxConfigRepository = ReturnType<typeof createRdxConfigRepository>;
