import type { AnyDb } from './helpers.js';

/**
 * Issue 30 item 3: a `model` run prices its options at a stated volatility (`fixed`, the `model_iv` column) or
 * at India VIX's reading at each close (`india_vix`). Null for runs on recorded or imported prices.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('backtests').addColumn('model_iv_source', 'varchar(16)').execute();
  await db.updateTable('backtests').set({ model_iv_source: 'fixed' }).where('price_source', '=', 'model').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('backtests').dropColumn('model_iv_source').execute();
}
