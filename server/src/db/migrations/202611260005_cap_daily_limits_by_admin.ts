import type { AnyDb } from './helpers.js';

/**
 * A daily max loss an admin set for a user is the desk's cap: the user may lower their limit below it, not
 * raise or remove it. Null: no cap (the user's own limit, if any, is theirs to change).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('admin_daily_max_loss_paise', 'bigint').execute();
}
