import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('strategy_legs'))
    .addColumn('mapping_id', 'integer', (c) => c.notNull().references('user_strategy_mappings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('option_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('trading_symbol', 'varchar(64)', (c) => c.notNull())
    .addColumn('exchange', 'varchar(8)', (c) => c.notNull())
    .addColumn('strike_paise', 'bigint', (c) => c.notNull())
    .addColumn('expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('entry_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('legs_mapping_status_idx')
    .on('strategy_legs')
    .columns(['mapping_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('broker_orders'))
    .addColumn('mapping_id', 'integer', (c) => c.notNull().references('user_strategy_mappings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('leg_id', 'integer', (c) => c.references('strategy_legs.id').onDelete('set null'))
    .addColumn('tag', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('trading_symbol', 'varchar(64)', (c) => c.notNull())
    .addColumn('exchange', 'varchar(8)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('broker_order_id', 'varchar(64)')
    .addColumn('fill_price_paise', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_status_idx').on('broker_orders').columns(['status', 'mapping_id']).execute();
}
