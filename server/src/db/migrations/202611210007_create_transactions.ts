import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  // Names come from joins; strategy and instrument ids are copied so history survives a deleted mapping.
  await withId(db, db.schema.createTable('transactions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mapping_id', 'integer', (c) => c.references('user_strategy_mappings.id').onDelete('set null'))
    .addColumn('strategy_id', 'integer', (c) => c.references('strategies.id'))
    .addColumn('instrument_id', 'integer', (c) => c.references('instruments.id').onDelete('set null'))
    .addColumn('transaction_date', 'bigint', (c) => c.notNull())
    .addColumn('trading_symbol', 'varchar(64)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_paise', 'bigint', (c) => c.notNull())
    .addColumn('is_dummy', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.unique().references('broker_orders.id').onDelete('set null'))
    .execute();
  // Newest-first pages, per user and for everyone, stay index-only scans at a million rows.
  await db.schema
    .createIndex('transactions_user_date_idx')
    .on('transactions')
    .columns(['user_id', 'transaction_date desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('transactions_date_idx')
    .on('transactions')
    .columns(['transaction_date desc', 'id desc'])
    .execute();
}
