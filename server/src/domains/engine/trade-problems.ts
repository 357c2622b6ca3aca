import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { Decision } from '../rdx/rdx.logic.js';

/** Holds a trader expects (closed market, outside the window, nothing to do): not problems. */
const ORDINARY_HOLDS = new Set(['not running', 'market closed', 'outside window', 'within threshold']);

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
    /** A candle close's decision: an unusual hold is a problem, anything else clears the last one. */
    noteDecision: (mappingId: number, decision: Decision) => {
      if (decision.action === 'hold' && !ORDINARY_HOLDS.has(decision.reason)) note(mappingId, decision.reason);
      else clear(mappingId);
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
