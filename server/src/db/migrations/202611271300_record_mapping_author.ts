import type { AnyDb } from './helpers.js';

/**
 * Who created each strategy mapping (a user id; null on rows created before it was recorded). A create repeated
 * within seconds is a double click only when the same person sent it: an admin's create for a trader must
 * never be answered with the trader's own mapping (issue 27), nor the trader's with the admin's.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_strategy_mappings').addColumn('created_by', 'integer').execute();
}
