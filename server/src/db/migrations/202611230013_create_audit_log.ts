import { withId, type AnyDb } from './helpers.js';

/**
 * The audit log (issue 13): one append-only row per control action. No foreign keys on purpose: a deleted
 * user's or strategy's trail must outlive the row (the actor's name is kept as text beside its id).
 * `changes` and `detail` are JSON text, the same on both databases.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)')
    .addColumn('object_id', 'integer')
    .addColumn('owner_user_id', 'integer')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  // A user's own trail: what they did, and what was done to what they own.
  await db.schema.createIndex('audit_log_actor_user_at').on('audit_log').columns(['actor_user_id', 'at']).execute();
  await db.schema.createIndex('audit_log_owner_user_at').on('audit_log').columns(['owner_user_id', 'at']).execute();
  // The admin's filter by username.
  await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor', 'at']).execute();
}
