import type { AnyDb } from './helpers.js';

/**
 * Why and when a strategy last stopped (issue 13): the row names "Stopped by the kill switch at 10:42 IST"
 * rather than a bare "Stopped". Both stay null until a strategy stops; a start clears them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_strategy_mappings').addColumn('stop_reason', 'text').execute();
  await db.schema.alterTable('user_strategy_mappings').addColumn('stopped_at', 'bigint').execute();
}
