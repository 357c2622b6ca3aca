import type { StrategyInterval } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { LegRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { Decision } from '../strategies/decision.logic.js';
import { createCalendarGate } from './calendar-gate.js';
import { createCandleDecisions } from './candle-decisions.js';
import { createOptionPrices } from './option-prices.js';
import { createEngineRepository } from './engine.repository.js';
import type { MappingState } from './engine.types.js';
import { createExpirySettlement } from './expiry-settlement.js';
import { executePaper } from './paper-execution.js';
import { createPlanExecution } from './plan-execution.js';

/*
 * The engine replayed on a database of its own (the Strategy Lab's backtests, issue 30): the same candle decisions
 * (each strategy type's `decide` behind the calendar gate), plan and paper execution (paper-price.ts prices each
 * fill from the quote it is given), the ledger's fill writer and the expiry settlement, on paper only. What a live
 * console reads from the exchange (the chain, the quotes, the calendar) is the caller's, for the instant it replays.
 */

export interface ReplayDeps {
  /** A database of the replay's own (every migration run): its mappings, legs and fills. */
  database: Database;
  chain: Pick<OptionChainService, 'chainFor'>;
  quotes: Pick<OptionChainService, 'optionQuotes'>;
  holidays: HolidaySource;
  events: Pick<DomainEventBus, 'publish'>;
  logger: FastifyBaseLogger;
}

export function createReplayEngine(deps: ReplayDeps) {
  const { database, logger } = deps;
  const repo = createEngineRepository(database);
  const decideAll = createCandleDecisions({
    chain: deps.chain,
    prices: createOptionPrices({ quotes: deps.quotes }),
    calendar: createCalendarGate(deps.holidays),
    problems: { noteDecision: () => undefined },
    memos: repo,
  });
  const execute = createPlanExecution({
    executor: {
      executePaper: (plans, at) => executePaper({ repo, chain: deps.quotes, logger, events: deps.events }, plans, at),
      executeLive: () => Promise.reject(new Error('a replay trades on paper only')),
    },
    logger,
    noteProblem: () => undefined,
  });
  const settlement = createExpirySettlement({
    db: database.db,
    repo,
    locks: database.locks,
    hub: { lastPricePaise: () => null },
    events: deps.events,
    logger,
    // A strategy its settlement left flat stops, as it does live (stop reason `expiry`).
    mappings: {
      moveStatusWhileLocked: async (_actor, id, to) => {
        await database.db
          .updateTable('userStrategyMappings')
          .set({ runningStatus: to, stopReason: 'expiry' })
          .where('id', '=', id)
          .execute();
        // The settlement reads nothing back; the live service answers the mapping's row.
        return undefined as never;
      },
    },
    settleOrders: () => Promise.resolve([]),
  });

  return {
    /** The running mappings of an instrument and interval, with their open legs, as the engine reads them. */
    runningOn: (instrumentToken: string, interval: StrategyInterval) => repo.runningOn(instrumentToken, interval),
    /** One candle close: decided, traded and booked; returns each traded mapping's decision. */
    async close(
      mappings: MappingState[],
      legs: LegRow[],
      pricePaise: number,
      at: number,
    ): Promise<Array<{ mappingId: number; decision: Decision }>> {
      const plans = await decideAll(mappings, legs, pricePaise, at);
      if (plans.length > 0) await execute(plans, at);
      return plans.map((p) => ({ mappingId: p.mapping.id, decision: p.decision }));
    },
    /** Legs held through their contract's settlement, closed at intrinsic value; how many mappings it looked at. */
    settleDue: async (at: number) => (await settlement.settleDue(at)).length,
  };
}

export type ReplayEngine = ReturnType<typeof createReplayEngine>;
