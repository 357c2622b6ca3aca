import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('instruments'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('ticker', 'varchar(64)')
    .addColumn('instrument_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('lot_size', 'integer', (c) => c.notNull())
    .addColumn('market_open_time', 'varchar(5)', (c) => c.notNull().defaultTo('09:15'))
    .addColumn('market_close_time', 'varchar(5)', (c) => c.notNull().defaultTo('15:30'))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Kolkata'))
    .addColumn('trading_days', 'varchar(32)', (c) => c.notNull().defaultTo('1,2,3,4,5'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
