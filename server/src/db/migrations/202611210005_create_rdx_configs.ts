import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('rdx_configs'))
    .addColumn('mapping_id', 'integer', (c) =>
      c.notNull().unique().references('user_strategy_mappings.id').onDelete('cascade'),
    )
    .addColumn('rdx_lot_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('atm_value_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('offset_value_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('interval', 'varchar(8)', (c) => c.notNull().defaultTo('15m'))
    .addColumn('atm_last_updated', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
