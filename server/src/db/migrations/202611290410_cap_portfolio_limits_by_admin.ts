import type { AnyDb } from './helpers.js';

/**
 * Issue 34 item 4: portfolio caps an admin set for a user are the desk's, as the daily max loss's is
 * (202611260005): the user may lower their own cap below it, not raise or remove it; the engine holds the user to
 * the tighter of the two. Same units as the user's own caps: net delta in hundredths of a unit, vega and margin in
 * paise. Null: no admin cap.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('admin_max_net_delta_hundredths', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('admin_max_net_vega_paise', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('admin_max_margin_used_paise', 'bigint').execute();
}
