import type { AnyDb } from './helpers.js';

/**
 * Which console wrote a broker order (its instance name). A pending order the broker does not know yet is
 * failed as never sent at once when this console wrote it (a restart after a crash), but waited for a
 * minute when another console did: that one may be sending it now, its strategy's lock lost under it.
 * Orders written before this migration name no one and count as this console's own.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('broker_orders').addColumn('written_by', 'text').execute();
}
