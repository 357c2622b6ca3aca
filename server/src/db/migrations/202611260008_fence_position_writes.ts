import type { AnyDb } from './helpers.js';

/**
 * A strategy's position version (DESIGN §9): every write that opens legs or sends a broker order moves it
 * on, and only from the value its writer read under the mapping lock. The lock lives on a connection of its
 * own; when that connection drops PostgreSQL frees the lock while its holder may still be working, and a
 * second console can take it. Whichever of the two writes second then finds the version moved and writes
 * nothing (a fencing token), so a flat strategy is never entered twice nor a leg bought back twice.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('rdx_configs')
    .addColumn('position_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
