import type { AnyDb } from './helpers.js';

/**
 * Issue 27: the difference each live broker account shows against the console, and since when, so a drift
 * found by the reconciliation worker every minute (and by every screen that asks) is alerted once per
 * difference, on whichever instance finds it first, until it clears or changes. One row per account; none
 * while it agrees.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('reconcile_drifts')
    .addColumn('user_broker_id', 'integer', (c) => c.primaryKey().references('user_brokers.id').onDelete('cascade'))
    .addColumn('shape_key', 'text', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reconcile_drifts').execute();
}
