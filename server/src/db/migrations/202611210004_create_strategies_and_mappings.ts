import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('strategies'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await withId(db, db.schema.createTable('user_strategy_mappings'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('strategy_id', 'integer', (c) => c.notNull().references('strategies.id'))
    .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
    .addColumn('user_broker_id', 'integer', (c) => c.references('user_brokers.id').onDelete('set null'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_dummy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ce_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pe_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'varchar(5)')
    .addColumn('end_time', 'varchar(5)')
    .addColumn('running_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mappings_user_idx').on('user_strategy_mappings').column('user_id').execute();
  await db.schema
    .createIndex('mappings_running_idx')
    .on('user_strategy_mappings')
    .columns(['running_status', 'instrument_id'])
    .execute();
}
