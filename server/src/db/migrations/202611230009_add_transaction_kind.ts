import type { AnyDb } from './helpers.js';

/**
 * What made a transaction: a `trade` (an order filled, paper or live) or a `settlement` (an option still held
 * when its contract expired, closed by the exchange at its intrinsic value). Settlements carry no charges.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('trade'))
    .execute();
}
