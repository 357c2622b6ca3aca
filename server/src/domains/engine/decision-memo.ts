import type { Decision } from '../strategies/decision.logic.js';
import type { AnyStrategyType } from '../strategies/strategy-type.types.js';
import type { EngineRepository } from './engine.repository.js';
import type { MappingState } from './engine.types.js';

/**
 * Keeps what a decision's rules remember (a type's `storage.memo`, issue 33): written under the caller's lock and
 * before anything the decision sends, only when it changed, so an unchanged hold costs no write.
 */
export async function rememberDecision(
  memos: Pick<EngineRepository, 'writeMemo'>,
  type: AnyStrategyType,
  mapping: MappingState,
  decision: Decision,
  at: number,
): Promise<void> {
  const kept = type.storage.memo;
  if (decision.memo === undefined || !kept || decision.memo === kept.of(mapping.config)) return;
  await memos.writeMemo({ table: type.storage.table, memoColumn: kept.column }, mapping.id, decision.memo, at);
}
