import type { AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('brokers'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('user_brokers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('broker_id', 'integer', (c) => c.notNull().references('brokers.id'))
    .addColumn('broker_username', 'varchar(128)', (c) => c.notNull())
    .addColumn('broker_token_sealed', 'text')
    .addColumn('token_updated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_brokers_user_idx').on('user_brokers').column('user_id').execute();
}
