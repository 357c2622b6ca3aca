import type { CalendarExchange } from '@app/contract';
import type { Insertable, Kysely } from 'kysely';
import type { DB, MarketHolidaysTable } from '../../db/schema.js';

/** All SQL of the holiday calendar. Dates are `YYYY-MM-DD` text, so they sort and compare as days. */
export function createCalendarRepository(db: Kysely<DB>) {
  return {
    list(exchange: CalendarExchange) {
      return db
        .selectFrom('marketHolidays')
        .selectAll()
        .where('exchange', '=', exchange)
        .orderBy('holidayDate')
        .execute();
    },
    /** Holidays on or after an IST day: what decisions from that day on need. */
    listFrom(exchange: CalendarExchange, fromDate: string) {
      return db
        .selectFrom('marketHolidays')
        .select(['holidayDate', 'description'])
        .where('exchange', '=', exchange)
        .where('holidayDate', '>=', fromDate)
        .orderBy('holidayDate')
        .execute();
    },
    findById(id: number) {
      return db.selectFrom('marketHolidays').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByDate(exchange: CalendarExchange, date: string) {
      return db
        .selectFrom('marketHolidays')
        .selectAll()
        .where('exchange', '=', exchange)
        .where('holidayDate', '=', date)
        .executeTakeFirst();
    },
    insert(row: Insertable<MarketHolidaysTable>) {
      return db.insertInto('marketHolidays').values(row).returningAll().executeTakeFirstOrThrow();
    },
    /** Inserts the rows whose (exchange, day) is not there yet; two instances seeding at once keep one each. */
    async insertMissing(rows: Array<Insertable<MarketHolidaysTable>>) {
      if (rows.length === 0) return;
      await db
        .insertInto('marketHolidays')
        .values(rows)
        .onConflict((oc) => oc.columns(['exchange', 'holidayDate']).doNothing())
        .execute();
    },
    async remove(id: number) {
      const r = await db.deleteFrom('marketHolidays').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** The name an admin-added row's source gives. */
    async usernameOf(userId: number) {
      const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return row?.username ?? null;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
