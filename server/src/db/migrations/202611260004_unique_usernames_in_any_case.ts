import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Usernames are unique whatever their letter case ("Admin" beside "admin" would be mistaken for each other).
 * The users service checks it before writing; this index also stops two creates racing past that check. A
 * database already holding such a pair is left without the index (creating it would fail the start); the
 * service's check still refuses any new pair there.
 */
export async function up(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (
      select lower(username) from users group by lower(username) having count(*) > 1
    ) clashes`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) return;
  await sql`create unique index users_username_any_case on users (lower(username))`.execute(db);
}
