import { withId, type AnyDb } from './helpers.js';

/**
 * Alerts (issue 13): the notification centre's rows, each user's delivery channels (Telegram and a
 * webhook, secrets sealed like broker tokens), and the queue of deliveries to those channels. The strategy
 * and broker account an alert names carry no foreign key: the alert outlives a deleted strategy.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('alerts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('mapping_id', 'integer')
    .addColumn('user_broker_id', 'integer')
    // What makes two alerts "the same" (one token, one unchanged drift): at most one per user.
    .addColumn('dedupe_key', 'varchar(200)')
    .execute();
  await db.schema.createIndex('alerts_user_id_idx').on('alerts').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('alerts_user_dedupe_uq')
    .on('alerts')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('alert_channels')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('telegram_bot_token_sealed', 'text')
    .addColumn('telegram_chat_id', 'varchar(64)')
    .addColumn('webhook_url', 'varchar(500)')
    .addColumn('webhook_secret_sealed', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('alert_deliveries'))
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_error', 'varchar(300)')
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due_idx')
    .on('alert_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('alert_deliveries_alert_idx').on('alert_deliveries').column('alert_id').execute();
}
