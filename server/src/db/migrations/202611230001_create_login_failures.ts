import { withId, type AnyDb } from './helpers.js';

/** Failed logins, so the login rate limit counts across every instance on one database. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
}
