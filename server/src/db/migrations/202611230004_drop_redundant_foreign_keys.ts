import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * PostgreSQL checks every foreign key with a per-row trigger: at a 10,000-mapping candle close that was
 * 80,000 lookups (about 7 µs each) for three keys that guard nothing a reader can see:
 * - transactions.strategy_id / instrument_id are copies kept for history; names come from left joins,
 *   and ids are never reused, so a deleted instrument reads the same (no name) with or without the key;
 * - strategy_legs.user_id repeats the owner of mapping_id, whose own key already removes the legs with
 *   the mapping (and the mapping with its user).
 * The keys that carry meaning stay: owners (cascade), mapping_id, order_id. SQLite's checks are cheap
 * and its tables cannot drop a constraint in place, so it keeps them.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table transactions drop constraint if exists transactions_strategy_id_fkey`.execute(db);
  await sql`alter table transactions drop constraint if exists transactions_instrument_id_fkey`.execute(db);
  await sql`alter table strategy_legs drop constraint if exists strategy_legs_user_id_fkey`.execute(db);
}
