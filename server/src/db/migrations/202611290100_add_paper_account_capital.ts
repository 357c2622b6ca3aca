import type { AnyDb } from './helpers.js';

/**
 * Issue 32 item 3: a Paper account (the console's own "Paper" broker, seeded beside Zerodha) holds the virtual
 * capital its paper strategies trade from, in integer paise. Null on every broker account.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_brokers').addColumn('virtual_capital_paise', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_brokers').dropColumn('virtual_capital_paise').execute();
}
