import type { AnyDb } from './helpers.js';

/** What a broker order was for, so its fill can open or close the right leg even after a restart. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('broker_orders')
    .addColumn('intent', 'varchar(8)', (c) => c.notNull().defaultTo('open'))
    .execute();
  await db.schema.alterTable('broker_orders').addColumn('option_type', 'varchar(2)').execute();
  await db.schema.alterTable('broker_orders').addColumn('strike_paise', 'bigint').execute();
  await db.schema.alterTable('broker_orders').addColumn('expiry', 'varchar(10)').execute();
  await db.schema.alterTable('broker_orders').addColumn('user_broker_id', 'integer').execute();
}
