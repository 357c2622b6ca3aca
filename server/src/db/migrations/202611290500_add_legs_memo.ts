import type { AnyDb } from './helpers.js';

/**
 * Issue 33: what a Multi-leg strategy's rules keep between decisions on one trading day (JSON text, the type's
 * `memo`): each leg's contract, re-entries used and why it is out, a trailing stop's best price, and the range or
 * reference price an entry waits on. Written by the engine under the strategy's lock before the orders a decision
 * sends, so a re-entry count survives a restart (or a kill -9) and is never exceeded. Null: nothing kept yet.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('legs_configs').addColumn('memo', 'text').execute();
}
