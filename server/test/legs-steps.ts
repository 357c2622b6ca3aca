import type { Mapping } from '@app/contract';
import type { Database } from '../src/db/client.js';
import { readMemo, type LegsMemo } from '../src/domains/legs/legs-memo.logic.js';
import type { TestApp } from './test-app.js';

/*
 * Steps the Multi-leg (legs) integration tests share: the strategy a trader picks, a strategy's row as Home reads
 * it, and the memo its rules keep.
 */

/** The id of the "Multi-leg" strategy, as `GET /strategies/list` names it to the caller. */
export async function multiLegStrategyId(t: TestApp, token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/strategies/list', token });
  const found = res.json<{ data: Array<{ id: number; type: string | null }> }>().data.find((s) => s.type === 'legs');
  if (!found) throw new Error('no Multi-leg strategy is listed');
  return found.id;
}

/** One of the caller's strategies as Home's Active Strategies table reads it (its status words among them). */
export async function strategyRowOf(t: TestApp, token: string, mappingId: number): Promise<Mapping> {
  const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token });
  const row = res.json<{ data: Mapping[] }>().data.find((m) => m.id === mappingId);
  if (!row) throw new Error(`strategy ${mappingId} is not among the caller's`);
  return row;
}

/** What a Multi-leg strategy's rules keep between decisions (legs_configs.memo). */
export async function legsMemoOf(database: Pick<Database, 'db'>, mappingId: number): Promise<LegsMemo> {
  const row = await database.db
    .selectFrom('legsConfigs')
    .select('memo')
    .where('mappingId', '=', mappingId)
    .executeTakeFirstOrThrow();
  return readMemo(row.memo);
}
