import { RUNNING_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { UnderlyingRange } from '../strategies/decision.logic.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { isBrokerRefusal } from './broker-refusal.js';
import type { createCandleDecisions } from './candle-decisions.js';
import type { EngineRepository } from './engine.repository.js';
import { fencedBefore, type createLiveGuards } from './live-guards.js';
import { MarginShortfall, type MarginShortTeller } from './margin-shortfall.js';
import type { createPlanExecution } from './plan-execution.js';
import { PortfolioLimitRefusal } from './portfolio-guard.js';
import type { SquareOffChase } from './square-off-chase.js';
import { StalePositionError } from './stale-position.js';
import type { TradeProblems } from './trade-problems.js';

type LiveGuards = ReturnType<typeof createLiveGuards>;

/**
 * A live strategy's candle close (DESIGN §7): earlier orders settled with the broker first, the account's egress
 * checked before a session's first order, then the rules decide on the legs as they are now, fenced as they were
 * before, and the plans go through the broker. What stopped it trading is noted on its row; a broker's refusal
 * stops the strategy with the broker's words. Used by the engine (engine.service.ts) for closes and for a leg's
 * stop seen on a tick.
 */
export function createLiveClose(deps: {
  repo: Pick<EngineRepository, 'one'>;
  mappings: Pick<MappingsService, 'moveStatusWhileLocked'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  locks: MappingLocks;
  problems: Pick<TradeProblems, 'note' | 'share'>;
  marginShorts: MarginShortTeller;
  chase: Pick<SquareOffChase, 'completed' | 'windowEndFailed'>;
  decideAll: ReturnType<typeof createCandleDecisions>;
  execute: ReturnType<typeof createPlanExecution>;
  mustWaitForOrders: LiveGuards['mustWaitForOrders'];
  egressRefusedBeforeFirstOrder: LiveGuards['egressRefusedBeforeFirstOrder'];
}) {
  /** One live mapping's candle close, under its lock, on its state as it is now. */
  return function evaluateLive(id: number, pricePaise: number, at: number, range?: UnderlyingRange): Promise<number> {
    return deps.locks.withMappings([id], async () => {
      const before = await deps.repo.one(id);
      if (!before || before.mapping.isDummy === 1) return 0;
      try {
        const wait = await deps.mustWaitForOrders(before.mapping, at);
        if (wait !== null) {
          deps.problems.note(id, wait);
          return 0;
        }
      } catch (err) {
        deps.logger.error({ err, mappingId: id }, 'could not settle earlier orders');
        deps.problems.note(id, 'the broker could not be asked about earlier orders');
        return 0;
      }
      // The session's first order leaves only from a registered IP (issue 31): checked once per broker session.
      const egressRefusal = await deps
        .egressRefusedBeforeFirstOrder(before.mapping.userBrokerId)
        .catch((err: unknown) => {
          deps.logger.warn({ err, mappingId: id }, 'could not check the account egress before its first order');
          return null;
        });
      if (egressRefusal) {
        deps.problems.note(id, egressRefusal);
        const owner = { userId: before.mapping.userId, role: 'user' as const };
        await deps.mappings.moveStatusWhileLocked(owner, id, RUNNING_STATUS.PAUSED, 'egress_mismatch');
        return 0;
      }
      // Settling may have booked fills: decide on the legs as they are now, fenced as they were before.
      const state = fencedBefore((await deps.repo.one(id)) ?? before, before.mapping.positionVersion);
      const plans = await deps.decideAll([state.mapping], state.legs, pricePaise, at, { underlyingRange: range });
      const failures = await deps.execute(plans, at);
      const refusal = failures.find(isBrokerRefusal);
      const [unknown] = failures;
      const isSquareOff = plans.some((p) => p.decision.action === 'squareOff');
      if (isSquareOff && failures.length === 0) deps.chase.completed(id, at);
      const short = failures.find((f): f is MarginShortfall => f instanceof MarginShortfall);
      if (short) deps.marginShorts.tell(state.mapping, short, at);
      else if (failures.length === 0 && plans.length > 0) deps.marginShorts.traded(id);
      const isHeld = unknown instanceof StalePositionError || unknown instanceof PortfolioLimitRefusal;
      if (!refusal && !short && unknown !== undefined && !isHeld) {
        // Not a refusal (a lost reply, a partial fill, a refused token): what the broker did is asked before the
        // next decision, which completes or realigns the position.
        const why = unknown instanceof Error ? unknown.message : 'no reply';
        deps.problems.note(
          id,
          `the last order did not complete (${why}): the broker is asked at the next candle close`,
        );
        // A window's square-off left legs open: told now (issue 27), tried again at the next close.
        if (isSquareOff) deps.chase.windowEndFailed(id, at, why);
      }
      if (refusal) {
        // Stopped with the broker's words: the next close would only be refused again. Legs left open (a
        // realign refused half-way) are squared off by the chase, like any stopped strategy's.
        // The reason is shared first: the status event carries the row as it reads then, and an open screen
        // shows that row (it would say "press Start to trade" until a reload otherwise).
        deps.problems.note(id, `the broker rejected an order, so the strategy stopped (${refusal.message})`);
        await deps.problems.share();
        const owner = { userId: state.mapping.userId, role: 'user' as const };
        await deps.mappings.moveStatusWhileLocked(owner, id, RUNNING_STATUS.STOPPED, 'broker_error');
      }
      return plans.length;
    });
  };
}
