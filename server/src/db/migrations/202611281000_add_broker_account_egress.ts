import type { AnyDb } from './helpers.js';

/**
 * Issue 31: since 1 April 2026 Kite takes API orders only from the static IPs a trader registered, and only a
 * family may share one. Each broker account says where its order calls leave from (a proxy, sealed since its URL
 * may carry a password, or one of the server's addresses), the IPs it registered (a JSON list, primary first),
 * its family, and what the last check of that egress found.
 */
export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  const table = () => db.schema.alterTable('user_brokers');
  await table().addColumn('egress_proxy_url_sealed', 'text').execute();
  await table().addColumn('egress_bind_address', 'varchar(64)').execute();
  await table()
    .addColumn('registered_ips', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await table().addColumn('family_group', 'varchar(64)').execute();
  await table().addColumn('egress_checked_at', 'bigint').execute();
  await table().addColumn('egress_public_ip', 'varchar(64)').execute();
  await table().addColumn('egress_problem', 'varchar(300)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [
    'egress_problem',
    'egress_public_ip',
    'egress_checked_at',
    'family_group',
    'registered_ips',
    'egress_bind_address',
    'egress_proxy_url_sealed',
  ]) {
    await db.schema.alterTable('user_brokers').dropColumn(column).execute();
  }
}
