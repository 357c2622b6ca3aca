import type { OrderAuthor } from './order-trace.logic.js';
import type { Mapping } from '@app/contract';
import { MSG, realignNothingToDo, RUNNING_STATUS, toRupees } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { marketDataFailure } from '../market-data/market-data.errors.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import { brokerLabelFor } from '../brokers/broker-registry.js';
import { driftHold, driftHoldRefusal, type DriftStopFacts, type HeldAction } from '../risk/drift-hold.logic.js';
import { holdWords, tradesNothing } from '../strategies/decision.logic.js';
import { strategyTypeFor } from '../strategies/strategy-registry.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { CalendarGate } from './calendar-gate.js';
import { createOptionPrices } from './option-prices.js';
import { inputsFor, toOpenLeg, typeOfState } from './engine.inputs.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import { rememberDecision } from './decision-memo.js';
import { fencedBefore } from './live-guards.js';
import type { Plan } from './plan.js';
import type { createSquareOffChase } from './square-off-chase.js';
import { StalePositionError } from './stale-position.js';
import { PortfolioLimitRefusal } from './portfolio-guard.js';
import type { TradeProblems } from './trade-problems.js';

/**
 * A trader's Realign and Exit on one strategy (engine.service.ts hands them out): under the strategy's lock,
 * its earlier orders settled with the broker first, then traded through the same execution as a candle close.
 */
export function createManualActions(deps: {
  repo: Pick<EngineRepository, 'one' | 'openLegsOf' | 'writeMemo'>;
  mappings: Pick<MappingsService, 'load' | 'get' | 'moveStatusWhileLocked'>;
  shared: Pick<SharedState, 'killSwitch'>;
  chain: Pick<OptionChainService, 'chainFor' | 'optionQuotes'>;
  clock: Clock;
  locks: MappingLocks;
  problems: Pick<TradeProblems, 'clear' | 'share'>;
  calendar: Pick<CalendarGate, 'reasonAt'>;
  chase: Pick<ReturnType<typeof createSquareOffChase>, 'reset' | 'failed' | 'completed'>;
  execute: (plans: Plan[], at: number) => Promise<unknown[]>;
  waitForOrdersOrRefuse: (id: number, at: number) => Promise<number | null>;
  /** Settles a live mapping's unsettled orders with the broker now (a lost reply by its tag); what is still open. */
  settleOrders: (m: MappingState, at: number) => Promise<unknown>;
  currentPricePaise: (instrumentToken: string) => Promise<number>;
  /** The refusal when a live account's new session has not had its egress checked and fails it (live-guards.ts). */
  egressRefusal: (userBrokerId: number | null) => Promise<string | null>;
  isMarketOpenFor: (m: MappingState, at: number) => Promise<boolean>;
}) {
  const { locks, problems, chase, execute } = deps;
  const pricesFor = createOptionPrices({ quotes: deps.chain });

  /**
   * A strategy paused on a leg the broker no longer holds (issue 27) neither exits nor realigns until the
   * console and the broker agree again: both would trade on that leg.
   */
  const refuseWhileDrifting = (row: DriftStopFacts & { brokerKind: string | null }, action: HeldAction) => {
    const difference = driftHold(row);
    if (difference !== null) throw conflict(driftHoldRefusal(action, difference, brokerLabelFor(row.brokerKind)));
  };

  /** A manual action whose broker orders failed reports the broker's reason. */
  const raiseFirst = (failures: unknown[]) => {
    const [first] = failures;
    if (first !== undefined) throw marketDataFailure(first);
  };

  return {
    /**
     * Manual Realign: at once, at the last price, whatever the threshold. When the legs already sit where
     * a realign would put them nothing is traded and the reply says so.
     */
    realign: (actor: Actor, id: number): Promise<{ strategy: Mapping; message?: string }> =>
      locks.withMappings([id], async () => {
        const row = await deps.mappings.load(actor, id);
        if (row.runningStatus === RUNNING_STATUS.STOPPED) throw conflict(MSG.notRunning);
        refuseWhileDrifting(row, 'realign');
        if ((await deps.shared.killSwitch.get()).engaged) throw conflict(MSG.killSwitchEngaged);
        const at = deps.clock.now();
        const fence = await deps.waitForOrdersOrRefuse(id, at);
        const read = await deps.repo.one(id);
        if (!read) throw badRequest(strategyTypeFor(row.strategyName).words.configureFirst);
        const state = fencedBefore(read, fence);
        const closed = await deps.calendar.reasonAt(state.mapping, at);
        if (closed !== null) throw conflict(`Cannot realign: ${closed}`);
        // A realign sells new legs: a session's first orders leave only from a registered IP (issue 31).
        const egress = state.mapping.isDummy === 0 ? await deps.egressRefusal(state.mapping.userBrokerId) : null;
        if (egress !== null) throw conflict(egress);
        const chain = await deps.chain.chainFor(state.mapping.ticker ?? '');
        const price = await deps.currentPricePaise(state.mapping.instrumentToken);
        const type = typeOfState(state.mapping);
        const held = state.legs.map(toOpenLeg);
        const prices = await pricesFor(type, state.mapping, chain, held, at);
        const decision = type.decideNow(inputsFor(state.mapping, state.legs.map(toOpenLeg), price, chain, at, prices));
        if (decision.action === 'hold') throw conflict(`Cannot realign: ${holdWords(decision)}`);
        // Legs already where a realign would put them net to nothing (size-change.logic.ts): no order, no charge.
        if (decision.action === 'realign' && tradesNothing(decision)) {
          return {
            strategy: await deps.mappings.get(actor, id),
            message: realignNothingToDo(toRupees(decision.atmPaise)),
          };
        }
        await rememberDecision(deps.repo, type, state.mapping, decision, at);
        const origin = { author: { kind: 'user', user_id: actor.userId } as const, underlyingPaise: price };
        const failures = await execute([{ mapping: state.mapping, decision, origin }], at);
        if (
          failures[0] instanceof Error &&
          !(failures[0] instanceof StalePositionError) &&
          !(failures[0] instanceof PortfolioLimitRefusal) &&
          state.mapping.isDummy === 0
        ) {
          // A reply the broker lost is asked for by its tag at once (issue 31 item 6), as an Exit does: the row
          // then holds what the broker holds, and never a leg the broker has closed.
          await deps.settleOrders(state.mapping, at).catch(() => null);
        }
        if (failures[0] instanceof StalePositionError) {
          // The trader hears it in the answer; the row stays as the winning action left it.
          problems.clear(id);
          await problems.share();
        }
        raiseFirst(failures);
        return { strategy: await deps.mappings.get(actor, id) };
      }),

    /** Exit: stop the strategy, then buy back every leg. */
    /**
     * `cause`: who the square-off's orders are recorded as asked by, and why (their trace); the actor and Exit by
     * default, the console and its stop reason when a limit or the kill switch exits on the owner's behalf.
     */
    exit: (actor: Actor, id: number, cause?: { author: OrderAuthor; because: string }): Promise<Mapping> =>
      locks.withMappings([id], async () => {
        refuseWhileDrifting(await deps.mappings.load(actor, id), 'exit');
        const at = deps.clock.now();
        chase.reset(id); // a user's Exit starts the chase afresh
        const fence = await deps.waitForOrdersOrRefuse(id, at);
        const read = await deps.repo.one(id);
        const state = read && fencedBefore(read, fence);
        const legs = state?.legs ?? (await deps.repo.openLegsOf(id));
        if (state && legs.length > 0) {
          if (!(await deps.isMarketOpenFor(state.mapping, at))) throw conflict('Market is closed; exit when it opens');
        }
        // Stopped first: if the process dies mid-exit, recovery squares off what is left.
        await deps.mappings.moveStatusWhileLocked(actor, id, RUNNING_STATUS.STOPPED, 'manual');
        if (state && legs.length > 0) {
          const mapping = { ...state.mapping, runningStatus: RUNNING_STATUS.STOPPED };
          const close = legs.map(toOpenLeg);
          const origin = {
            author: cause?.author ?? ({ kind: 'user', user_id: actor.userId } as const),
            underlyingPaise: null,
            ...(cause ? { because: cause.because } : {}),
          };
          let failures = await execute(
            [{ mapping, decision: { action: 'squareOff', close, reason: 'exit' }, origin }],
            at,
          ).catch((err: unknown) => [err]); // paper without prices: the chase tries again, the trader hears why
          if (failures[0] instanceof Error && mapping.isDummy === 0) {
            // A reply the broker lost is asked for by its tag at once (issue 31 item 6): the answer and the row
            // then count only what the broker still holds, and an Exit the broker took in full is done.
            await deps.settleOrders(mapping, at).catch(() => null);
            if ((await deps.repo.openLegsOf(id)).length === 0) failures = [];
          }
          // The row says the console keeps at it, rather than asking the trader to press Exit again.
          if (failures[0] instanceof Error) chase.failed(id, at, failures[0].message);
          else {
            problems.clear(id);
            // An earlier square-off of it was told incomplete: this Exit completed it.
            if ((await deps.repo.openLegsOf(id)).length === 0) chase.completed(id, at);
          }
          await problems.share();
          raiseFirst(failures);
        }
        return deps.mappings.get(actor, id);
      }),
  };
}
