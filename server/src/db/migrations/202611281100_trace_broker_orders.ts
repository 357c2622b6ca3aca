import type { AnyDb } from './helpers.js';

/**
 * Issue 31 item 7: every live order keeps what made it — its strategy type's rules version and algo ID, the
 * decision's inputs (the candle, the underlying's price, the ATM, the configuration and its version) and its
 * author — as one JSON text, written with the order and never changed. Null on orders written before.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('broker_orders').addColumn('trace', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('broker_orders').dropColumn('trace').execute();
}
