import type { AnyDb } from './helpers.js';

/**
 * Issue 14: the admin created at first start with a generated, printed password must choose their own at
 * first login. 1 until they do; every existing account (and any created from ADMIN_PASSWORD) stays 0.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
