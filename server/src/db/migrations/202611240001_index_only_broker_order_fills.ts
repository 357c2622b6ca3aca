import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * A transaction's `order_id` is unique among live fills; paper fills have none. PostgreSQL's unique
 * constraint still gave every paper fill an index entry (a 10,000-mapping candle close writes 20,000 of
 * them). A partial unique index keeps the same rule, and `order_id = …` lookups (the foreign key's
 * `on delete set null`, live bookkeeping), without them. SQLite cannot drop a constraint in place and
 * keeps its own.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create unique index transactions_order_id_idx on transactions (order_id) where order_id is not null`.execute(
    db,
  );
  await sql`alter table transactions drop constraint if exists transactions_order_id_key`.execute(db);
}
