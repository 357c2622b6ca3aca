import type { AnyDb } from './helpers.js';

/**
 * Loss and profit limits (issue 13), in paise; null means no limit. Per strategy: its day's P&L may not
 * fall to −max_loss nor rise to target_profit. Per user: the day's P&L across all their strategies may not
 * fall to −daily_max_loss.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_strategy_mappings').addColumn('max_loss_paise', 'bigint').execute();
  await db.schema.alterTable('user_strategy_mappings').addColumn('target_profit_paise', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('daily_max_loss_paise', 'bigint').execute();
}
