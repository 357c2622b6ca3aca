import { withId, type AnyDb } from './helpers.js';

/**
 * Signals (issue 34 item 5). `signal_tokens`: one per strategy, the token's SHA-256 (the token itself is a
 * credential in a URL and is never stored) and the signing secret sealed like broker tokens (HMAC needs the
 * secret itself). `signal_keys`: each idempotency key a token received, per action, with the outcome it got;
 * the primary key makes two concurrent duplicates claim it once on either engine. No foreign key to the
 * mapping: the signals service drops a deleted strategy's token when it is next used.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('signal_tokens'))
    .addColumn('mapping_id', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('signal_keys')
    .addColumn('token_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    // Null while the first signal with this key is being acted on.
    .addColumn('outcome', 'varchar(500)')
    .addPrimaryKeyConstraint('signal_keys_pk', ['token_id', 'action', 'idempotency_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('signal_keys').execute();
  await db.schema.dropTable('signal_tokens').execute();
}
