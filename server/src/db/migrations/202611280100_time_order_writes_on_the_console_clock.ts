import type { AnyDb } from './helpers.js';

/**
 * When a console wrote a broker order, on its own clock (ms). `created_at` is the decision's instant, which for a
 * candle close is the candle's time on the exchange's clock; another console judging whether the order may still
 * be on its way to the broker (executor.ts, UNSENT_GRACE_MS) needs the writer's real time instead: an exchange
 * clock ahead of the consoles' made a just-written order look a minute old. Null on orders written before it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('broker_orders').addColumn('written_at', 'bigint').execute();
}
