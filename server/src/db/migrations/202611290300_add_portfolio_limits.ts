import type { AnyDb } from './helpers.js';

/**
 * Issue 34 item 4: a user's portfolio limits, each null = no cap. The absolute net delta in hundredths of a unit
 * of the underlying (the contract's two decimals, kept exact), the absolute net vega (rupees per vol point) and
 * the margin used across the user's accounts, both in paise; `reduce_on_breach` 1 stops and squares off every
 * strategy of the user on a breach, 0 only refuses entries.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('max_net_delta_hundredths', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('max_net_vega_paise', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('max_margin_used_paise', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('reduce_on_breach', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
