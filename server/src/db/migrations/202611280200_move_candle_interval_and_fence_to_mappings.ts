import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * Issue 29: the engine knows strategy types only through their interface, so what it reads of every mapping
 * whatever its type moves from RDX's table onto the mapping: the candle interval it decides on, and its
 * position version (the fence, migration 202611260008). Each type's own table keeps only its settings.
 *
 * Not additive, on purpose (docs/DEPLOY.md, "Rolling a new version"): a console of an earlier version would
 * fence its orders on RDX's column while this version fences on the mapping's, so the two would not see each
 * other's writes. The old columns are dropped, so an earlier console's engine reads fail instead of trading:
 * stop every console before starting this version.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_strategy_mappings').addColumn('interval', 'varchar(8)').execute();
  await db.schema
    .alterTable('user_strategy_mappings')
    .addColumn('position_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update user_strategy_mappings set
      interval = (select c.interval from rdx_configs c where c.mapping_id = user_strategy_mappings.id),
      position_version = coalesce(
        (select c.position_version from rdx_configs c where c.mapping_id = user_strategy_mappings.id), 0)`.execute(db);
  await db.schema.alterTable('rdx_configs').dropColumn('interval').execute();
  await db.schema.alterTable('rdx_configs').dropColumn('position_version').execute();
  // Which running mappings a candle close concerns: by instrument and interval.
  await db.schema
    .createIndex('mappings_running_interval_idx')
    .on('user_strategy_mappings')
    .columns(['instrument_id', 'interval'])
    .execute();
  // A close moves the version of every mapping it enters: room on each page for the new row versions keeps
  // those updates heap-only, as for RDX's rows (migration 202611270001).
  if (isPostgres(db)) await sql`alter table user_strategy_mappings set (fillfactor = 50)`.execute(db);
}
