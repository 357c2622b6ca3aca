import type { AnyDb } from './helpers.js';

/**
 * How a paper fill's price was found (issue 28 item 3, docs/LEDGER.md "Paper fills"): 'quote_depth' (the
 * option's bids or offers at the moment the order would have gone) or 'spread_model' (no depth known: the last
 * price moved half the model's spread against the trader). Null on live fills, settlements and paper fills
 * booked before the rule, which were priced at the last traded price.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('price_source', 'varchar(16)').execute();
}
