import { withId, type AnyDb } from './helpers.js';

/**
 * The exchange holiday calendar (docs/CALENDAR.md): one row per day an exchange is closed besides weekends,
 * as an IST calendar day (`YYYY-MM-DD`, so dates compare as text on both databases). The rows themselves are
 * seeded at every start from the data file (domains/calendar/nse-holidays.ts), not here: a migration runs
 * once, and next year's list must land on a database that has already migrated.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('market_holidays'))
    .addColumn('exchange', 'varchar(16)', (c) => c.notNull())
    .addColumn('holiday_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One row per exchange and day: a second add is a 409, and the seed's insert-if-missing relies on it.
  await db.schema
    .createIndex('market_holidays_exchange_date_uq')
    .on('market_holidays')
    .columns(['exchange', 'holiday_date'])
    .unique()
    .execute();
}
