import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, InstrumentsTable } from '../../db/schema.js';

export function createInstrumentsRepository(db: Kysely<DB>) {
  return {
    list() {
      return db.selectFrom('instruments').selectAll().orderBy('id').execute();
    },
    findById(id: number) {
      return db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Names compare without regard to case: "nifty 50" is NIFTY 50 to a trader. */
    findByName(name: string) {
      return db
        .selectFrom('instruments')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst();
    },
    findByToken(token: string) {
      return db.selectFrom('instruments').selectAll().where('instrumentToken', '=', token).executeTakeFirst();
    },
    insert(row: Insertable<InstrumentsTable>) {
      return db.insertInto('instruments').values(row).returningAll().executeTakeFirstOrThrow();
    },
    update(id: number, patch: Updateable<InstrumentsTable>) {
      return db.updateTable('instruments').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
    },
    async remove(id: number) {
      const r = await db.deleteFrom('instruments').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** Sets the lot size of instruments whose option root is `ticker`, where it differs; returns those changed. */
    setLotSizeByTicker(ticker: string, lotSize: number, at: number) {
      return db
        .updateTable('instruments')
        .set({ lotSize, updatedAt: at })
        .where('ticker', '=', ticker)
        .where('lotSize', '!=', lotSize)
        .returning(['id', 'name', 'lotSize'])
        .execute();
    },
    async countMappings(id: number) {
      const row = await db
        .selectFrom('userStrategyMappings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('instrumentId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type InstrumentsRepository = ReturnType<typeof createInstrumentsRepository>;
