import type { AnyDb } from './helpers.js';

/**
 * The last candle close the engine acted on per (instrument, interval): a new leader taking over mid-candle
 * must not act on a close the old leader already acted on.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('candle_claims')
    .addColumn('instrument_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_close_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('candle_claims_pk', ['instrument_token', 'interval'])
    .execute();
}
