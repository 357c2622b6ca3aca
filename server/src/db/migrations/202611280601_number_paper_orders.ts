import type { AnyDb } from './helpers.js';

/**
 * A paper fill's order: the depth levels one paper order took are booked one fill each (as a live order is
 * booked one fill per trade), and they pay one brokerage between them, as a live order's trades do. The
 * number counts the orders of one strategy at one instant (1, 2, …). Null on live fills (their `order_id`
 * says it), settlements, and paper fills booked before this migration (each was then its own order).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('paper_order', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('paper_order').execute();
}
