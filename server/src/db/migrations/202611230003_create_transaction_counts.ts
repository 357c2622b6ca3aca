import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Each user's number of transactions, kept in the same database transaction as the fills, so a page of
 * transactions can say its `total` without counting a million rows at every request.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('transaction_counts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into transaction_counts (user_id, n) select user_id, count(*) from transactions group by user_id`.execute(
    db,
  );
}
