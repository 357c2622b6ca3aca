import { isStrategyInterval } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { strategyTypes, type StrategyConfig } from './strategy-registry.js';

/** Ids per `in (…)` list: well within both databases' parameter limits. */
const IN_LIST = 500;

/**
 * The strategies domain's one read of strategy settings, public to the engine (its one-mapping reads) and used by
 * the strategies list. Each mapping's settings as its strategy type keeps them (its storage: strategy-type.types.ts), by mapping id;
 * a mapping with none saved is absent. The candle interval is the mapping's own column, saved with them.
 */
export async function configsOf(db: Kysely<DB>, mappingIds: readonly number[]): Promise<Map<number, StrategyConfig>> {
  const configs = new Map<number, StrategyConfig>();
  for (const { storage } of strategyTypes()) {
    const columns = sql.join(storage.columns.map((c, i) => sql`${sql.ref(`c.${c}`)} as ${sql.ref(`c${i}`)}`));
    for (let i = 0; i < mappingIds.length; i += IN_LIST) {
      const chunk = mappingIds.slice(i, i + IN_LIST);
      const { rows } = await sql<Record<string, unknown> & { mappingId: number; interval: string | null }>`
        select c.mapping_id as "mappingId", m.interval as "interval", ${columns}
        from ${sql.table(storage.table)} c join user_strategy_mappings m on m.id = c.mapping_id
        where c.mapping_id in (${sql.join(chunk)})`.execute(db.withoutPlugins());
      for (const row of rows) {
        if (row.interval === null || !isStrategyInterval(row.interval)) continue;
        const values = storage.columns.map((_, n) => row[`c${n}`]);
        configs.set(Number(row.mappingId), storage.fromColumns(values, row.interval) as StrategyConfig);
      }
    }
  }
  return configs;
}
