import { isLiveStatus as isLive, RUNNING_STATUS } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { LegRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/ownership.js';
import { sessionAt } from '../instruments/market-hours.logic.js';
import type { MappingsService, StatusReason } from '../strategies/mappings.service.js';
import type { CalendarGate } from './calendar-gate.js';
import { inputsFor, toOpenLeg } from './engine.inputs.js';
import type { EngineRepository } from './engine.repository.js';
import type { Executor, Plan } from './executor.js';
import type { createTradeProblems } from './trade-problems.js';

/**
 * Many paper strategies stopped and flattened at once (the kill switch, Exit all, a user's daily loss
 * limit; issue 13): every one under its lock for the whole pass, stopped with the reason first (so a
 * crash mid-exit leaves the rest to the square-off chase), then every leg bought back in one paper-fill
 * transaction, as a candle close would. Exit one at a time cost a thousand strategies over 5 s.
 */
export function createPaperExit(deps: {
  repo: Pick<EngineRepository, 'statesOf'>;
  locks: MappingLocks;
  mappings: Pick<MappingsService, 'load' | 'moveStatusWhileLocked'>;
  executor: Pick<Executor, 'executePaper'>;
  calendar: CalendarGate;
  problems: ReturnType<typeof createTradeProblems>;
  /** A user's exit starts the square-off chase afresh. */
  resetChase: (mappingId: number) => void;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const owner = (userId: number): Actor => ({ userId, role: 'user' });

  /** Stops one mapping with `reason` (its lock held): 'stopped' now, 'idle' when it was not running, or 'failed'. */
  async function stop(userId: number, id: number, status: number | null, reason: StatusReason) {
    try {
      // A mapping without an RDX configuration has no engine state: its row says whether it runs.
      const current = status ?? (await deps.mappings.load(owner(userId), id)).runningStatus;
      if (!isLive(current)) return 'idle';
      await deps.mappings.moveStatusWhileLocked(owner(userId), id, RUNNING_STATUS.STOPPED, reason);
      return 'stopped';
    } catch (err) {
      deps.logger.warn({ err, mappingId: id }, 'could not stop a strategy');
      return 'failed';
    }
  }

  /**
   * Stops the given paper mappings with `reason` and buys back their legs where their market is open (the
   * rest are left to the chase). Returns the ids it stopped.
   */
  return function exitPaper(targets: ReadonlyArray<{ id: number; userId: number }>, reason: StatusReason) {
    const ids = targets.map((t) => t.id);
    return deps.locks.withMappings(ids, async () => {
      const at = deps.clock.now();
      const { mappings, legs } = await deps.repo.statesOf(ids);
      const known = new Map(mappings.map((m) => [m.id, m]));
      const stateOf = new Map(mappings.filter((m) => m.isDummy === 1).map((m) => [m.id, m]));
      const stopped: number[] = [];
      for (const t of targets) {
        // One switched to live since it was listed is stopped too; the chase buys its legs back at the broker.
        const m = known.get(t.id);
        const outcome = await stop(m?.userId ?? t.userId, t.id, m?.runningStatus ?? null, reason);
        if (outcome === 'stopped') stopped.push(t.id);
        // One that would not stop keeps its legs: bought back while it still runs, it would only enter again.
        if (outcome === 'failed') stateOf.delete(t.id);
      }
      const legsOf = new Map<number, LegRow[]>();
      for (const l of legs) legsOf.set(l.mappingId, [...(legsOf.get(l.mappingId) ?? []), l]);
      const isClosedByCalendar = await deps.calendar.closedAt(at);
      const plans: Plan[] = [];
      for (const m of stateOf.values()) {
        deps.resetChase(m.id);
        const own = legsOf.get(m.id) ?? [];
        if (own.length === 0) continue;
        const hours = inputsFor(m, [], 0, [], at).instrument.hours;
        if (!sessionAt(hours, { startTime: null, endTime: null }, at).isMarketOpen || isClosedByCalendar(hours))
          continue;
        const mapping = { ...m, runningStatus: RUNNING_STATUS.STOPPED };
        plans.push({ mapping, decision: { action: 'squareOff', close: own.map(toOpenLeg), reason: 'exit' } });
      }
      try {
        const { skipped } = await deps.executor.executePaper(plans, at);
        const unquoted = new Set(skipped);
        for (const { mapping } of plans) {
          if (unquoted.has(mapping.id)) deps.problems.note(mapping.id, 'no quote for an option');
          else deps.problems.clear(mapping.id);
        }
      } catch (err) {
        // Stopped all the same (the count says so); the square-off chase buys the legs back when it can.
        deps.logger.warn({ err, mappings: plans.length }, 'paper square-off left to the chase');
        const why = err instanceof Error ? err.message : 'the fills could not be written';
        for (const { mapping } of plans) deps.problems.note(mapping.id, `square-off incomplete (${why}); trying again`);
      }
      await deps.problems.share();
      return { stopped };
    });
  };
}

export type PaperExit = ReturnType<typeof createPaperExit>;
