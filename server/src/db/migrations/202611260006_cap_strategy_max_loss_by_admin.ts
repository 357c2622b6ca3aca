import type { AnyDb } from './helpers.js';

/**
 * A strategy's Max Loss an admin set on someone else's mapping is the desk's cap: the owner may lower the
 * mapping's max loss below it, not raise or remove it. Null: no cap (the owner's limit is theirs to change).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_strategy_mappings').addColumn('admin_max_loss_paise', 'bigint').execute();
}
