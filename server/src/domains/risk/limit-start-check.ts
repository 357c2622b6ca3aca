import { MSG, portfolioCapReachedStart, type Funds, type PositionsReply } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createLimitsRepository } from './limits.repository.js';
import { dailyBreach, dayPnlPaise, strategyBreach } from './limits.logic.js';
import { portfolioFiguresOf, type PortfolioSources } from './portfolio-figures.js';
import {
  capFigureText,
  capName,
  isAdminCapBinding,
  portfolioBreaches,
  type AdminPortfolioCaps,
  type PortfolioCaps,
} from './portfolio-limits.logic.js';

/** Whether a limit is at an admin's cap: the trader cannot raise it, so "raise or clear it" would mislead. */
const atCap = (limitPaise: number | null, capPaise: number | null) =>
  capPaise !== null && limitPaise !== null && limitPaise >= capPaise;

/** As if started: a running strategy with no legs yet is what a limit would see a moment after Start. */
const STARTED = { runningStatus: 1, openLegCount: 0 };

/**
 * Why a strategy may not start (or resume) because a limit is already crossed: started, it would enter and be
 * stopped again by the next price update (a day's loss), or be refused every entry while the user's portfolio is
 * beyond a cap (issue 34 item 4), paying both ways or doing nothing. The strategies service asks before each
 * start; only a strategy or user with a limit set is priced, and the positions are read once for all of them.
 */
export function createLimitStartCheck(deps: {
  db: Kysely<DB>;
  /** A user's strategies' positions priced now, with the day's figures across them (the ledger's). */
  positionsOf: (userId: number) => Promise<PositionsReply>;
  /** Users' open legs' net greeks, priced now (the ledger's one-pass read, as the engine's entry check). */
  greeksOf: PortfolioSources['greeksOf'];
  /** A user's accounts' funds, for a margin cap; without it a margin cap is not asked here (the engine still is). */
  fundsOf?: (userId: number) => Promise<Funds>;
}) {
  const repo = createLimitsRepository(deps.db);
  return async (mapping: { id: number; userId: number }): Promise<string | null> => {
    const [[own], [daily], [portfolio]] = await Promise.all([
      repo.strategyLimits([mapping.id]),
      repo.dailyLimits([mapping.userId]),
      repo.portfolioLimits([mapping.userId]),
    ]);
    if (!own && !daily && !portfolio) return null;
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
    return portfolio ? portfolioRefusal(mapping.userId, portfolio) : null;
  };

  /** Every cap the user's portfolio is beyond now, with the figures; null within all of them. */
  async function portfolioRefusal(userId: number, caps: PortfolioCaps & AdminPortfolioCaps): Promise<string | null> {
    // Without the brokers' funds no account says its margin, and an unknown margin never breaches.
    const fundsOf = deps.fundsOf ?? (() => Promise.resolve({ accounts: [] }));
    const all = await portfolioFiguresOf({ greeksOf: deps.greeksOf, fundsOf }, [{ id: userId, caps }]);
    const figures = all.get(userId);
    if (!figures) return null;
    const breaches = portfolioBreaches(figures, caps);
    if (breaches.length === 0) return null;
    return portfolioCapReachedStart(
      breaches.map((b) => ({
        name: capName(b.cap),
        figure: capFigureText(b.cap, b.figure),
        cap: capFigureText(b.cap, b.limit),
        isAdminCap: isAdminCapBinding(b.cap, caps),
      })),
    );
  }
}

export type LimitStartCheck = ReturnType<typeof createLimitStartCheck>;
