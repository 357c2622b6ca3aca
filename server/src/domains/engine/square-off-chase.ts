import { RUNNING_STATUS } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { DomainEventBus, SquareOffSubject } from '../../platform/domain-events.js';
import type { EngineRepository, MappingState } from './engine.repository.js';
import type { Plan } from './executor.js';
import { toOpenLeg } from './engine.inputs.js';
import { fencedBefore } from './live-guards.js';
import { createRetryBook } from './retry-book.js';
import type { createTradeProblems } from './trade-problems.js';

/** Tries of the chase before it gives up and asks the trader to press Exit. */
export const SQUARE_OFF_TRIES = 5;

/**
 * Strategies stopped while still holding legs (an exit the broker did not fully take, a restart mid-exit)
 * are squared off on the leader's ticks while their market is open, backing off 15 s, 30 s, … for five
 * tries, each mapping under its lock; the row says how it is going and, after the last try, to press Exit.
 * Each failed try is told (`square_off.failed`: the bell and the owner's channels, issue 27) with what is
 * still open, and once flat after one, that it completed (`square_off.completed`), so no red alert goes stale.
 */
export function createSquareOffChase(deps: {
  repo: Pick<EngineRepository, 'one' | 'stoppedWithOpenLegs' | 'openLegsOf'>;
  events: Pick<DomainEventBus, 'publish'>;
  logger: { warn: (obj: object, msg: string) => void };
  locks: MappingLocks;
  problems: ReturnType<typeof createTradeProblems>;
  /** Why the mapping must wait for earlier orders at the broker, or null. */
  mustWaitForOrders: (m: MappingState, at: number) => Promise<string | null>;
  /** Whether the mapping's market trades now (its hours and the NSE calendar). */
  isMarketOpenFor: (m: MappingState, at: number) => Promise<boolean>;
  /** Trades the plans (locks held); returns the live failures. */
  execute: (plans: Plan[], at: number) => Promise<unknown[]>;
}) {
  const tries = createRetryBook({ maxTries: SQUARE_OFF_TRIES, backoffMs: 15_000 });
  /** Strategies told their square-off is incomplete: they are owed the word that it completed. */
  const told = new Map<number, SquareOffSubject>();

  /**
   * Tells that a square-off left legs open, with what is still open (read now: the failure's own state). Not
   * awaited by the trading path: the alert is written after it.
   */
  function tell(id: number, at: number, why: string, attempt: number | null, isFinal: boolean) {
    const announce = async () => {
      const state = await deps.repo.one(id);
      if (!state || state.legs.length === 0) return;
      const m = state.mapping;
      const subject: SquareOffSubject = {
        mappingId: id,
        userId: m.userId,
        username: m.username,
        strategyName: m.strategyName,
        instrumentName: m.instrumentName,
        isDummy: m.isDummy === 1,
        at,
      };
      told.set(id, subject);
      await deps.events.publish('square_off.failed', {
        ...subject,
        open: state.legs.map((l) => ({ tradingSymbol: l.tradingSymbol, quantity: l.quantity })),
        reason: why,
        attempt,
        maxAttempts: attempt === null ? null : SQUARE_OFF_TRIES,
        isFinal,
      });
    };
    announce().catch((err: unknown) => deps.logger.warn({ err, mappingId: id }, 'could not tell of a square-off'));
  }

  /** The strategy is flat: if it was told its square-off was incomplete, it is told that it completed. */
  function completed(id: number, at: number) {
    const subject = told.get(id);
    if (!subject) return;
    told.delete(id);
    void deps.events.publish('square_off.completed', { ...subject, at });
  }

  /** A square-off that left legs open: counted, and the row says whether the console tries again. */
  function failed(id: number, at: number, why: string) {
    const { count, isLast } = tries.failed(id, at);
    deps.problems.note(
      id,
      isLast
        ? `could not square off after ${count} tries (${why}): press Exit to try again`
        : `square-off incomplete (${why}); trying again`,
    );
    tell(id, at, why, count, isLast);
  }

  /** Flat now, by the chase's order or another way: its tries forgotten, its problem off the row, told. */
  function flat(id: number, at: number) {
    tries.reset(id);
    deps.problems.clear(id);
    completed(id, at);
  }

  async function tryOne(id: number, at: number) {
    // Orders of the exit still open (or a broker that cannot be asked): the next pass tries again.
    const before = await deps.repo.one(id);
    if (before && (await deps.mustWaitForOrders(before.mapping, at).catch(() => 'broker unreachable')) !== null) return;
    const read = await deps.repo.one(id);
    if (!read || read.legs.length === 0) return flat(id, at);
    if (read.mapping.runningStatus !== RUNNING_STATUS.STOPPED) return;
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
    if (failures.length === 0 && left === 0) return flat(id, at);
    failed(id, at, failures[0] instanceof Error ? failures[0].message : `${left} leg(s) still open`);
  }

  return {
    /** One pass over every stopped mapping still holding legs whose next try is due. */
    async run(at: number) {
      const holding = await deps.repo.stoppedWithOpenLegs();
      for (const id of holding) {
        if (tries.mayTry(id, at)) await deps.locks.withMappings([id], () => tryOne(id, at));
      }
      // Chased strategies that went flat some other way (a lost reply's fill settled by its tag, a leg closed by
      // the trader's Match): a problem that has cleared leaves the row at once, not at a next try that never comes.
      for (const id of tries.keys()) {
        if (holding.includes(id)) continue;
        const state = await deps.repo.one(id);
        if (state?.mapping.runningStatus !== RUNNING_STATUS.STOPPED)
          tries.reset(id); // started again, or gone
        else if (state.legs.length === 0) flat(id, at);
      }
      await deps.problems.share();
    },
    failed,
    /** A window's square-off that left legs open: told, and tried again at the next candle close. */
    windowEndFailed: (id: number, at: number, why: string) => tell(id, at, why, null, false),
    /** A square-off outside the chase (an Exit, a window's end) left the strategy flat. */
    completed,
    /** A user's Exit starts the chase afresh. */
    reset: (id: number) => tries.reset(id),
  };
}

export type SquareOffChase = ReturnType<typeof createSquareOffChase>;
