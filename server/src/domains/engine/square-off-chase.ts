import { RUNNING_STATUS } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import type { Plan } from './executor.js';
import { toOpenLeg } from './engine.inputs.js';
import { fencedBefore } from './live-guards.js';
import { createRetryBook } from './retry-book.js';
import type { createTradeProblems } from './trade-problems.js';

/**
 * Strategies stopped while still holding legs (an exit the broker did not fully take, a restart mid-exit)
 * are squared off on the leader's ticks while their market is open, backing off 15 s, 30 s, … for five
 * tries, each mapping under its lock; the row says how it is going and, after the last try, to press Exit.
 */
export function createSquareOffChase(deps: {
  repo: Pick<EngineRepository, 'one' | 'stoppedWithOpenLegs' | 'openLegsOf'>;
  locks: MappingLocks;
  problems: ReturnType<typeof createTradeProblems>;
  /** Why the mapping must wait for earlier orders at the broker, or null. */
  mustWaitForOrders: (m: MappingState, at: number) => Promise<string | null>;
  /** Whether the mapping's market trades now (its hours and the NSE calendar). */
  isMarketOpenFor: (m: MappingState, at: number) => Promise<boolean>;
  /** Trades the plans (locks held); returns the live failures. */
  execute: (plans: Plan[], at: number) => Promise<unknown[]>;
}) {
  const tries = createRetryBook({ maxTries: 5, backoffMs: 15_000 });

  /** A square-off that left legs open: counted, and the row says whether the console tries again. */
  function failed(id: number, at: number, why: string) {
    const { count, isLast } = tries.failed(id, at);
    deps.problems.note(
      id,
      isLast
        ? `could not square off after ${count} tries (${why}): press Exit to try again`
        : `square-off incomplete (${why}); trying again`,
    );
  }

  async function tryOne(id: number, at: number) {
    // Orders of the exit still open (or a broker that cannot be asked): the next pass tries again.
    const before = await deps.repo.one(id);
    if (before && (await deps.mustWaitForOrders(before.mapping, at).catch(() => 'broker unreachable')) !== null) return;
    const read = await deps.repo.one(id);
    if (!read || read.legs.length === 0 || read.mapping.runningStatus !== RUNNING_STATUS.STOPPED) return;
    const state = fencedBefore(read, before?.mapping.positionVersion ?? null);
    if (!(await deps.isMarketOpenFor(state.mapping, at))) return;
    const close = state.legs.map(toOpenLeg);
    let failures: unknown[];
    try {
      failures = await deps.execute(
        [{ mapping: state.mapping, decision: { action: 'squareOff', close, reason: 'exit' } }],
        at,
      );
    } catch (err) {
      // Paper without prices, a refused write: counted like a broker's refusal, so the tries back off.
      failures = [err];
    }
    const left = (await deps.repo.openLegsOf(id)).length;
    if (failures.length === 0 && left === 0) {
      tries.reset(id);
      deps.problems.clear(id);
      return;
    }
    failed(id, at, failures[0] instanceof Error ? failures[0].message : `${left} leg(s) still open`);
  }

  return {
    /** One pass over every stopped mapping still holding legs whose next try is due. */
    async run(at: number) {
      for (const id of await deps.repo.stoppedWithOpenLegs()) {
        if (tries.mayTry(id, at)) await deps.locks.withMappings([id], () => tryOne(id, at));
      }
      await deps.problems.share();
    },
    failed,
    /** A user's Exit starts the chase afresh. */
    reset: (id: number) => tries.reset(id),
  };
}
