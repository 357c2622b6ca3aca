import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * A strategy's P&L as it was marked through the day (realized and unrealized, paise), at most one a minute
 * plus one at every fill: the MTM curve a strategy's chart draws (issue 11). Kept a week.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('position_marks'))
    .addColumn('mapping_id', 'integer', (c) => c.notNull().references('user_strategy_mappings.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('realized_paise', 'bigint', (c) => c.notNull())
    .addColumn('unrealized_paise', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('position_marks_mapping_at_idx')
    .on('position_marks')
    .columns(['mapping_id', 'at'])
    .execute();
  await db.schema.createIndex('position_marks_at_idx').on('position_marks').column('at').execute();
}
