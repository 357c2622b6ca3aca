// Start, Pause, Resume and the stops: apart because they guard starts and announce moves, never edit a mapping.
import type { Mapping, StopReason } from '@app/contract';
import { isLiveStatus as isLive, MSG, RUNNING_STATUS } from '@app/contract';
import { conflict } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { brokerTokenState } from './broker-token.logic.js';
import type { MappingQueries } from './mapping-queries.service.js';
import type { MappingView } from './mappings.repository.js';
import type { MappingsServiceDeps } from './mappings.types.js';
import { strategyTypeFor } from './strategy-registry.js';

/** What moved a status: a start, or one of the binding stop reasons (a pause records its reason too). */
export type StatusReason = StopReason | 'started';

/** Why a status moved when the caller does not say: a user's own Start, Pause or Stop. */
const defaultReason = (to: number): StatusReason => (to === RUNNING_STATUS.RUNNING ? 'started' : 'manual');

/** Status moves under the mapping's lock (or inside one the caller holds), each announced once it happened. */
export function createRunningStatusMoves(
  {
    repo,
    clock,
    events,
    locks,
    shared,
    limitRefusal,
    sessionRefusal,
    tokenExpiryOf,
  }: Pick<
    MappingsServiceDeps,
    'repo' | 'clock' | 'events' | 'locks' | 'shared' | 'limitRefusal' | 'sessionRefusal' | 'tokenExpiryOf'
  >,
  { load, presentOne }: Pick<MappingQueries, 'load' | 'presentOne'>,
) {
  async function moveStatus(
    actor: Actor,
    id: number,
    to: number,
    from: { status: number; error: string } | undefined,
    reason: StatusReason,
  ): Promise<Mapping> {
    const current = await load(actor, id);
    if (from && current.runningStatus !== from.status) throw conflict(from.error);
    if (to === RUNNING_STATUS.RUNNING && current.runningStatus !== to) {
      if ((await shared.killSwitch.get()).engaged) throw conflict(MSG.killSwitchEngaged);
      const refusal =
        startRefusal(current) ?? (await limitRefusal?.({ id: current.id, userId: current.userId })) ?? null;
      if (refusal) throw conflict(refusal);
    }
    if (current.runningStatus !== to) {
      const now = clock.now();
      // A start clears the last stop; a stop or pause records why and when, for the row and the event.
      const stop =
        to === RUNNING_STATUS.RUNNING || reason === 'started'
          ? { stopReason: null, stoppedAt: null }
          : { stopReason: reason, stoppedAt: now };
      await repo.update(id, { runningStatus: to, ...stop, updatedAt: now });
    }
    const mapping = await presentOne(await load(actor, id));
    // Not awaited: subscribers (the engine's refresh) must not hold up the lock this runs under.
    if (current.runningStatus !== to) void events.publish('mapping.status_changed', { mapping, reason });
    return mapping;
  }

  /** Why a strategy cannot start, in the words the Start button's failure shows. */
  function startRefusal(row: MappingView): string | null {
    if (row.isActive !== 1) return MSG.inactiveCannotStart;
    const type = strategyTypeFor(row.strategyName);
    if (row.config === null) return type.words.configureFirst;
    if (row.isDummy === 1) return null;
    const token = brokerTokenState(
      tokenExpiryOf(row.brokerKind),
      Number(row.brokerHasToken) === 1,
      row.brokerTokenUpdatedAt,
      clock.now(),
      row.brokerTokenRefusedAt,
    );
    if (token === 'none') return MSG.noBrokerToken;
    if (token === 'expired') return MSG.brokerTokenExpired;
    if (token === 'refused') return MSG.brokerTokenRefused;
    return null;
  }

  /**
   * Moves running_status under the mapping's lock, optionally only from an expected state, and
   * announces the change. `from` guards pause (only when running) and resume (only when paused).
   */
  async function setRunningStatus(
    actor: Actor,
    id: number,
    to: number,
    from?: { status: number; error: string },
    reason: StatusReason = defaultReason(to),
  ): Promise<Mapping> {
    await refuseEndedSession(actor, id, to, from);
    return locks.withMappings([id], () => moveStatus(actor, id, to, from, reason));
  }

  /**
   * A live Start or Resume asks the broker whether the account's session still stands before anything moves
   * (issue 31 item 5): outside the mapping's lock, which a slow broker must not hold up. Only a strategy that
   * the start check would let start is asked about, so its own refusals keep their words.
   */
  async function refuseEndedSession(actor: Actor, id: number, to: number, from?: { status: number }): Promise<void> {
    if (to !== RUNNING_STATUS.RUNNING || !sessionRefusal) return;
    const row = await load(actor, id);
    if (row.runningStatus === to || row.isDummy === 1 || row.userBrokerId === null || startRefusal(row) !== null) {
      return;
    }
    // The move's own refusals come first (a Resume of a strategy not paused, the kill switch engaged).
    if (from && row.runningStatus !== from.status) return;
    if ((await shared.killSwitch.get()).engaged) return;
    const refusal = await sessionRefusal(row.userBrokerId, actor.userId);
    if (refusal) throw conflict(refusal);
  }

  /**
   * Stops a running or paused mapping with `reason`, under its lock; false when it was no longer live (another
   * console's Exit all or kill switch got there first), so callers count only what they stopped.
   */
  function stopIfLive(actor: Actor, id: number, reason: StatusReason): Promise<boolean> {
    return locks.withMappings([id], async () => {
      if (!isLive((await load(actor, id)).runningStatus)) return false;
      await moveStatus(actor, id, RUNNING_STATUS.STOPPED, undefined, reason);
      return true;
    });
  }

  /** The same move for a caller that already holds the mapping's lock (the engine's Exit). */
  function moveStatusWhileLocked(actor: Actor, id: number, to: number, reason: StatusReason): Promise<Mapping> {
    return moveStatus(actor, id, to, undefined, reason);
  }

  return { setRunningStatus, stopIfLive, moveStatusWhileLocked };
}
