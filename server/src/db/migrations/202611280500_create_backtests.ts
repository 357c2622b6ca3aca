import { withId, type AnyDb } from './helpers.js';

/**
 * Issue 30: the Strategy Lab's backtests. A run is a row (what was asked, where it stands, its summary); its fills
 * and its equity are one results row written when it finishes, as JSON (a year of RDX is a few hundred fills and a
 * few thousand points, read whole by one screen). `claimed_by`/`heartbeat_at` say which console runs it, so a run
 * whose console died is taken up once elsewhere (`attempts`).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('backtest_sweeps'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('grid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('backtests'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sweep_id', 'integer', (c) => c.references('backtest_sweeps.id').onDelete('cascade'))
    .addColumn('label', 'varchar(80)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('strategy_id', 'integer', (c) => c.notNull().references('strategies.id'))
    .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('from_text', 'varchar(32)', (c) => c.notNull())
    .addColumn('to_text', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_at', 'bigint', (c) => c.notNull())
    .addColumn('to_at', 'bigint', (c) => c.notNull())
    .addColumn('interval', 'varchar(4)', (c) => c.notNull())
    .addColumn('price_source', 'varchar(10)', (c) => c.notNull())
    .addColumn('fill_model', 'varchar(16)', (c) => c.notNull())
    .addColumn('slippage_ticks', 'integer', (c) => c.notNull())
    .addColumn('model_iv', 'real')
    .addColumn('summary', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('heartbeat_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('backtests_user_idx').on('backtests').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('backtests_status_idx').on('backtests').columns(['status', 'id']).execute();
  await db.schema
    .createTable('backtest_results')
    .addColumn('backtest_id', 'integer', (c) => c.primaryKey().references('backtests.id').onDelete('cascade'))
    .addColumn('trades', 'text', (c) => c.notNull())
    .addColumn('equity', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('backtest_results').execute();
  await db.schema.dropTable('backtests').execute();
  await db.schema.dropTable('backtest_sweeps').execute();
}
