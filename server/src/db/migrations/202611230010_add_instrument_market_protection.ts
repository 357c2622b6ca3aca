import type { AnyDb } from './helpers.js';

/**
 * The market protection every live MARKET order on an instrument carries (issue 12): −1 lets Kite apply its
 * automatic bound, 1–100 is a percentage the fill may stray from the last price. Existing instruments
 * keep Kite's automatic bound.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('instruments')
    .addColumn('market_protection', 'integer', (c) => c.notNull().defaultTo(-1))
    .execute();
}
