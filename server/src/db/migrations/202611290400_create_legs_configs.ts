import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Issue 33: the `legs` strategy type's settings, one row per mapping of the "Multi-leg" strategy. The settings
 * are the configure body as its schema parsed it (`config`, JSON text: up to eight legs, each with its own rules,
 * do not fit columns); the engine writes the underlying's price of each entry to `entered_paise` and its instant
 * to `entered_at` (the type's anchor), which is how a strategy that has entered and exited today knows not to
 * enter again until tomorrow.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('legs_configs'))
    .addColumn('mapping_id', 'integer', (c) =>
      c.notNull().unique().references('user_strategy_mappings.id').onDelete('cascade'),
    )
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('entered_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('entered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
