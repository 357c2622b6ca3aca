import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * The audit log's user filter matches names in any letter case (a failed sign-in records the name as
 * typed: "Trader1" is the attempt on `trader1`), so its index is on the lowered name. Both dialects
 * index expressions.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create index audit_log_actor_lower_at on audit_log (lower(actor), at)`.execute(db);
  await sql`drop index audit_log_actor_at`.execute(db);
}
