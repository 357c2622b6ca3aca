import { MSG, type PositionsReply } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createLimitsRepository } from './limits.repository.js';
import { dailyBreach, dayPnlPaise, strategyBreach } from './limits.logic.js';

/** Whether a limit is at an admin's cap: the trader cannot raise it, so "raise or clear it" would mislead. */
const atCap = (limitPaise: number | null, capPaise: number | null) =>
  capPaise !== null && limitPaise !== null && limitPaise >= capPaise;

/** As if started: a running strategy with no legs yet is what a limit would see a moment after Start. */
const STARTED = { runningStatus: 1, openLegCount: 0 };

/**
 * Why a strategy may not start (or resume) because a limit is already crossed today: started, it would
 * enter and be stopped again by the next price update, paying both ways for nothing. The strategies
 * service asks before each start; only a strategy or user with a limit set is priced.
 */
export function createLimitStartCheck(deps: {
  db: Kysely<DB>;
  /** A user's strategies' positions priced now, with the day's figures across them (the ledger's). */
  positionsOf: (userId: number) => Promise<PositionsReply>;
}) {
  const repo = createLimitsRepository(deps.db);
  return async (mapping: { id: number; userId: number }): Promise<string | null> => {
    const [[own], [daily]] = await Promise.all([repo.strategyLimits([mapping.id]), repo.dailyLimits([mapping.userId])]);
    if (!own && !daily) return null;
    const reply = await deps.positionsOf(mapping.userId);
    if (own) {
      const position = reply.positions.find((p) => p.user_strategy_mapping_id === mapping.id);
      const breach = position ? strategyBreach(dayPnlPaise(position.today), own, STARTED) : null;
      if (breach === 'max_loss')
        return atCap(own.maxLossPaise, own.adminMaxLossPaise) ? MSG.maxLossCapReachedToday : MSG.maxLossReachedToday;
      if (breach === 'target_profit') return MSG.targetProfitReachedToday;
    }
    if (daily && dailyBreach(dayPnlPaise(reply.today), daily.dailyMaxLossPaise)) {
      return atCap(daily.dailyMaxLossPaise, daily.adminDailyMaxLossPaise)
        ? MSG.dailyMaxLossCapReachedToday
        : MSG.dailyMaxLossReachedToday;
    }
    return null;
  };
}

export type LimitStartCheck = ReturnType<typeof createLimitStartCheck>;
