import type { AnyDb } from './helpers.js';

/**
 * What exactly stopped or paused a strategy, beside its `stop_reason` (issue 27): a limit's figures ("−₹34,442.50
 * against a limit of ₹6,000") or the broker difference a pause names. Written with the stop by whoever stops it,
 * read only while the reason it was written for is the row's reason; null when there is nothing more to say.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_strategy_mappings').addColumn('stop_note', 'varchar(500)').execute();
}
