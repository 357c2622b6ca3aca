import type { LegRow } from '../../db/schema.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { ChainOption, Decision, OpenLeg, OptionCandle, UnderlyingRange } from '../strategies/decision.logic.js';
import type { CalendarGate } from './calendar-gate.js';
import { flatSettingsKey, inputsFor, toOpenLeg, typeOfState } from './engine.inputs.js';
import type { MappingState } from './engine.types.js';
import type { Plan } from './plan.js';
import type { TradeProblems } from './trade-problems.js';
import type { OptionPricesFor } from './option-prices.js';
import type { EngineRepository } from './engine.repository.js';
import { rememberDecision } from './decision-memo.js';

/**
 * What a decision may know of its instant besides the underlying's price: the underlying candle's high and low (a
 * candle close), a backtest's 1-minute option candles.
 */
export interface CloseSeen {
  underlyingRange?: UnderlyingRange;
  optionCandles?: ReadonlyMap<string, OptionCandle>;
}

/**
 * The trades a candle close calls for among `mappings` (read under their locks), with their open legs.
 * Each mapping's decision is noted on its row (an unusual hold says why it is not trading).
 */
export function createCandleDecisions(deps: {
  chain: Pick<OptionChainService, 'chainFor'>;
  /** The option prices a type's rules read (a Multi-leg strike by premium); none asked for RDX. */
  prices: OptionPricesFor;
  calendar: CalendarGate;
  problems: Pick<TradeProblems, 'noteDecision'>;
  /** Keeps what a decision's rules remember (engine.repository.ts `writeMemo`), before its orders are sent. */
  memos: Pick<EngineRepository, 'writeMemo'>;
}) {
  async function decideOne(
    type: ReturnType<typeof typeOfState>,
    m: MappingState,
    own: OpenLeg[],
    pricePaise: number,
    chain: readonly ChainOption[],
    at: number,
    seen: CloseSeen,
  ): Promise<Decision> {
    const prices = await deps.prices(type, m, chain, own, at);
    return type.decide(inputsFor(m, own, pricePaise, chain, at, prices, seen.optionCandles, seen.underlyingRange));
  }

  /** `seen`: what else is known of the instant (DecideInputs.optionCandlesPaise, underlyingRange). */
  return async function decideAll(
    mappings: MappingState[],
    legs: LegRow[],
    pricePaise: number,
    at: number,
    seen: CloseSeen = {},
  ): Promise<Plan[]> {
    const legsOf = new Map<number, OpenLeg[]>();
    for (const l of legs) legsOf.set(l.mappingId, [...(legsOf.get(l.mappingId) ?? []), toOpenLeg(l)]);
    const chains = new Map<string, readonly ChainOption[]>();
    // Flat mappings with the same settings decide the same entry; many users keep the defaults.
    const flatDecisions = new Map<string, Decision>();
    const plans: Plan[] = [];
    const isClosedByCalendar = await deps.calendar.closedAt(at);
    for (const m of mappings) {
      const root = m.ticker ?? '';
      if (!chains.has(root)) chains.set(root, await deps.chain.chainFor(root));
      const own = legsOf.get(m.id) ?? [];
      const type = typeOfState(m);
      const flatKey = own.length === 0 ? flatSettingsKey(m, type) : null;
      let decision = flatKey === null ? undefined : flatDecisions.get(flatKey);
      if (!decision) {
        decision = isClosedByCalendar(m)
          ? { action: 'hold', reason: 'market closed' }
          : await decideOne(type, m, own, pricePaise, chains.get(root) ?? [], at, seen);
        if (flatKey !== null) flatDecisions.set(flatKey, decision);
      }
      await rememberDecision(deps.memos, type, m, decision, at);
      deps.problems.noteDecision(m.id, decision, type.holds);
      if (decision.action !== 'hold') {
        plans.push({ mapping: m, decision, origin: { author: { kind: 'engine' }, underlyingPaise: pricePaise } });
      }
    }
    return plans;
  };
}
