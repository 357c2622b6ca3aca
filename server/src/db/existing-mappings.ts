import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Which of these strategies (mappings) still exist: work priced or decided a moment ago may name one
 * deleted since, and a write naming it is refused as a whole (the engine's paper slices, the P&L marks).
 */
export async function existingMappingIds(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('userStrategyMappings')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}
