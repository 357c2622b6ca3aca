import type { AnyDb } from './helpers.js';

/** A strategy's fills in order (positions and P&L, issue 11) without reading its owner's whole book. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('transactions_mapping_date_idx')
    .on('transactions')
    .columns(['mapping_id', 'transaction_date', 'id'])
    .execute();
}
