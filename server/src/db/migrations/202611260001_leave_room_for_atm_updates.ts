import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * Every candle close that enters or realigns rewrites its mappings' RDX rows (the ATM it traded at). With
 * full pages PostgreSQL puts each new row version on another page and adds it to both indexes; with room
 * left on the page the update stays on it and touches no index (a heap-only update), which cut the ATM
 * writes of a 10,000-mapping close from ~86 ms to ~33 ms. Pages written from now on keep that room;
 * existing ones make it as vacuum frees their old versions. SQLite has no such setting.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table rdx_configs set (fillfactor = 70)`.execute(db);
}
