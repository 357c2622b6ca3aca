import type { AnyDb } from './helpers.js';

/**
 * A broker account's own Kite Connect app (issue 12): a personal app logs in only its owner, so each
 * user brings its api_key and api_secret. Both are sealed like the access token; null means the
 * console's app (KITE_API_KEY) is used.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_brokers').addColumn('api_key_sealed', 'text').execute();
  await db.schema.alterTable('user_brokers').addColumn('api_secret_sealed', 'text').execute();
}
