import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('live_data_configs'))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('instrument_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('live_data_configs_unique', ['source', 'instrument_token', 'interval'])
    .execute();
  // Exact decimal strings: Kite quotes in paise, Binance up to 8 decimals.
  await db.schema
    .createTable('candles')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('instrument_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('open', 'varchar(32)', (c) => c.notNull())
    .addColumn('high', 'varchar(32)', (c) => c.notNull())
    .addColumn('low', 'varchar(32)', (c) => c.notNull())
    .addColumn('close', 'varchar(32)', (c) => c.notNull())
    .addColumn('volume', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['source', 'instrument_token', 'interval', 'ts'])
    .execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
