import type { AnyDb } from './helpers.js';

/**
 * Issue 30: option history for the Strategy Lab. One-minute candles of option contracts, recorded by the
 * console while live sync runs or imported from a broker's expired-options export (`source`). Prices are
 * integer paise; volume and open interest are unknown (null) where the source did not say them. The key is
 * the contract and the minute, so a re-import or a re-recorded minute replaces its candle.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('option_candles')
    .addColumn('underlying', 'varchar(32)', (c) => c.notNull())
    .addColumn('expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('strike_paise', 'bigint', (c) => c.notNull())
    .addColumn('option_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('open_paise', 'bigint', (c) => c.notNull())
    .addColumn('high_paise', 'bigint', (c) => c.notNull())
    .addColumn('low_paise', 'bigint', (c) => c.notNull())
    .addColumn('close_paise', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint')
    .addColumn('oi', 'bigint')
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addPrimaryKeyConstraint('option_candles_pk', ['underlying', 'expiry', 'strike_paise', 'option_type', 'ts'])
    .execute();
  // "Every candle of an underlying between two times", the backtest's one read, in time order.
  await db.schema
    .createIndex('option_candles_underlying_ts_idx')
    .on('option_candles')
    .columns(['underlying', 'ts'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('option_candles').execute();
}
