import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import { problemOf, type Decision, type HoldTable } from '../strategies/decision.logic.js';

/**
 * Why each mapping could not trade (no strike listed, no quote, a broker refusal, legs waiting to settle),
 * kept by the leader's engine and shared through the database when it changes, so every instance's rows can
 * say why a strategy is not trading.
 */
export function createTradeProblems(deps: { shared: Pick<SharedState, 'tradeProblems'>; clock: Clock }) {
  const problems = new Map<number, string>();
  let isChanged = false;

  // The reason as it is; the status text words it for the row (rdx-status.logic.ts).
  const note = (mappingId: number, reason: string) => {
    if (problems.get(mappingId) !== reason) isChanged = true;
    problems.set(mappingId, reason);
  };
  const clear = (mappingId: number) => {
    if (problems.delete(mappingId)) isChanged = true;
  };

  return {
    note,
    clear,
    /**
     * A candle close's decision: a hold its strategy type's table marks a problem is noted, anything else
     * (a trade, an ordinary hold) clears the last one.
     */
    noteDecision: (mappingId: number, decision: Decision, holds: HoldTable<string>) => {
      const problem = problemOf(decision, holds);
      if (problem === null) clear(mappingId);
      else note(mappingId, problem);
    },
    /** Writes the set for every instance, when it changed since the last share. */
    share: async () => {
      if (!isChanged) return;
      isChanged = false;
      await deps.shared.tradeProblems.set(Object.fromEntries(problems), deps.clock.now());
    },
  };
}

export type TradeProblems = ReturnType<typeof createTradeProblems>;
