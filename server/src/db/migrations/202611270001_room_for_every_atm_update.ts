import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * A candle close rewrites the RDX row of every strategy it trades. At fillfactor 70 (migration 202611260001)
 * a page had room for the new versions of only ~40% of its rows, so the rest went to another page and into
 * both indexes: a 10,000-strategy close made 4,224 of its 10,000 ATM updates heap-only. At 50 every row on a
 * page has room for its next version, and the version before it is pruned at the next close, so every such
 * update stays heap-only: the ATM writes of a 10,000-row close took half as long (`npm run bench`). The table
 * holds one small row per strategy, so the space is cheap. Pages written from now on keep that room.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table rdx_configs set (fillfactor = 50)`.execute(db);
}
