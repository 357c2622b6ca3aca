import { RUNNING_STATUS, type StrategyInterval } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { LegRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { OptionChainService, OptionQuote } from '../market-data/option-chain.service.js';
import type { Decision, OpenLeg, OptionCandle } from '../strategies/decision.logic.js';
import { createCalendarGate } from './calendar-gate.js';
import { createCandleDecisions, type CloseSeen } from './candle-decisions.js';
import { createOptionPrices } from './option-prices.js';
import { createEngineRepository } from './engine.repository.js';
import { toOpenLeg } from './engine.inputs.js';
import type { MappingState } from './engine.types.js';
import { createExpirySettlement } from './expiry-settlement.js';
import { executePaper } from './paper-execution.js';
import { createPlanExecution } from './plan-execution.js';
import type { Plan } from './plan.js';

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
  /**
   * The replay's quotes (`exchange:symbol` keys). `exits`: the prices, by trading symbol, the rules judged legs left
   * at (a stop crossed inside a 1-minute candle, LegClose.exitPaise), for the fills that close them.
   */
  quotes: {
    optionQuotes(keys: string[], exits?: ReadonlyMap<string, number>): Promise<Map<string, OptionQuote>>;
  };
  holidays: HolidaySource;
  events: Pick<DomainEventBus, 'publish'>;
  logger: FastifyBaseLogger;
}

export function createReplayEngine(deps: ReplayDeps) {
  const { database, logger } = deps;
  const repo = createEngineRepository(database);
  // The exit prices of the plans being executed: what their closing fills are quoted at.
  let exits: ReadonlyMap<string, number> = new Map();
  const decideAll = createCandleDecisions({
    chain: deps.chain,
    prices: createOptionPrices({ quotes: deps.quotes }),
    calendar: createCalendarGate(deps.holidays),
    problems: { noteDecision: () => undefined },
    memos: repo,
  });
  const execute = createPlanExecution({
    executor: {
      executePaper: (plans, at) => {
        const chain = { optionQuotes: (keys: string[]) => deps.quotes.optionQuotes(keys, exits) };
        return executePaper({ repo, chain, logger, events: deps.events }, plans, at);
      },
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

  /** Plans executed with their closes' exit prices quoted; each mapping's decision. */
  async function executed(plans: Plan[], at: number): Promise<Array<{ mappingId: number; decision: Decision }>> {
    if (plans.length > 0) {
      exits = exitPricesOf(plans);
      try {
        await execute(plans, at);
      } finally {
        exits = new Map();
      }
    }
    return plans.map((p) => ({ mappingId: p.mapping.id, decision: p.decision }));
  }

  return {
    /** The running mappings of an instrument and interval, with their open legs, as the engine reads them. */
    runningOn: (instrumentToken: string, interval: StrategyInterval) => repo.runningOn(instrumentToken, interval),
    /** One candle close: decided, traded and booked; returns each traded mapping's decision. */
    async close(
      mappings: MappingState[],
      legs: LegRow[],
      pricePaise: number,
      at: number,
      seen: CloseSeen = {},
    ): Promise<Array<{ mappingId: number; decision: Decision }>> {
      return executed(await decideAll(mappings, legs, pricePaise, at, seen), at);
    },
    /**
     * One mapping decided between its closes, as the live console's leg watch has it decided on a price update
     * (engine.service.ts `reconsider`): the close's rules at `at`, with the options' 1-minute candles when given.
     */
    async reconsider(
      mappingId: number,
      pricePaise: number,
      at: number,
      optionCandles?: ReadonlyMap<string, OptionCandle>,
    ): Promise<Array<{ mappingId: number; decision: Decision }>> {
      const state = await repo.one(mappingId);
      if (!state || state.mapping.runningStatus !== RUNNING_STATUS.RUNNING) return [];
      return executed(await decideAll([state.mapping], state.legs, pricePaise, at, { optionCandles }), at);
    },
    /** A mapping's open legs among `legs` (a `runningOn` read) as its strategy type's rules see them. */
    openLegsOf: (legs: readonly LegRow[], mappingId: number): OpenLeg[] =>
      legs.filter((l) => l.mappingId === mappingId).map(toOpenLeg),
    /** Legs held through their contract's settlement, closed at intrinsic value; how many mappings it looked at. */
    settleDue: async (at: number) => (await settlement.settleDue(at)).length,
  };
}

export type ReplayEngine = ReturnType<typeof createReplayEngine>;

/** The prices the plans' closes were judged to leave at, by trading symbol. */
function exitPricesOf(plans: readonly Plan[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { decision } of plans) {
    if (decision.action === 'enter') continue;
    for (const leg of decision.close) if (leg.exitPaise !== undefined) out.set(leg.tradingSymbol, leg.exitPaise);
  }
  return out;
}
