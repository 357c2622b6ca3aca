import type { AnyDb } from './helpers.js';

/**
 * Kite can refuse an access token before its 06:00 IST end (a logout, a new login elsewhere). The first
 * refusal is kept on the account: when, and Kite's words. Every token written afterwards clears it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_brokers').addColumn('token_refused_at', 'bigint').execute();
  await db.schema.alterTable('user_brokers').addColumn('token_refused_reason', 'varchar(300)').execute();
}
