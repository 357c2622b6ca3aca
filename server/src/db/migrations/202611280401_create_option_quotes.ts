import { withId, type AnyDb } from './helpers.js';

/**
 * Issue 30: the depth quotes paper fills were priced from (and the ATM strikes the leader quotes each minute),
 * kept at their instant so a backtest's `paper` fill model reads the same book paper trading read. `bids`
 * and `asks` are JSON arrays of `{ pricePaise, quantity }`, best first.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('option_quotes'))
    .addColumn('trading_symbol', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ltp_paise', 'bigint', (c) => c.notNull())
    .addColumn('bids', 'text', (c) => c.notNull())
    .addColumn('asks', 'text', (c) => c.notNull())
    .execute();
  // A fill at an instant reads the contract's latest quote at or before it.
  await db.schema
    .createIndex('option_quotes_symbol_at_idx')
    .on('option_quotes')
    .columns(['trading_symbol', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('option_quotes').execute();
}
