import type { CreateMapping, Mapping, ServiceExposure, StopReason, Strategy, UpdateMapping } from '@app/contract';
import {
  isLiveStatus as isLive,
  istDay,
  istMidnight,
  legCountError,
  mappingWindowError,
  MSG,
  RUNNING_STATUS,
  serviceExposure,
} from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { Clock } from '../../platform/clock.js';
import type { SharedState } from '../../db/shared-state.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import { toPaise } from '../../platform/time.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { describeStatus } from '../rdx/rdx-status.logic.js';
import { isKiteInstrument, notKiteInstrument } from '../rdx/rdx.logic.js';
import { capRefusal, setsDeskCap } from '../risk/limits.logic.js';
import { asStopReason, toMapping } from './mappings.presenter.js';
import { brokerTokenState } from './broker-token.logic.js';
import { createdMessage, judgeCreate } from './mapping-twins.logic.js';
import type { MappingsRepository, MappingView, OpenLegView } from './mappings.repository.js';

export interface MappingsServiceDeps {
  repo: MappingsRepository;
  clock: Clock;
  /** One writer per strategy: status moves and edits hold the mapping's lock (DESIGN §9). */
  locks: MappingLocks;
  /** Publishes `mapping.status_changed` and `mapping.changed`. */
  events: DomainEventBus;
  /** The RDX service's switch and the engine's trade problems, which status_detail reads. */
  /** …and the market-data streams the leader shares, so a halted Kite ticker is named on the rows it stops. */
  /** …and the kill switch, which refuses start, resume and realign while engaged (issue 13). */
  shared: Pick<SharedState, 'rdxWanted' | 'tradeProblems' | 'liveSyncStatus' | 'killSwitch'>;
  /** NSE's holidays: on one, a mapping on an NSE instrument says the market is closed and why. */
  calendar: HolidaySource;
  /**
   * Why a strategy may not start because a loss or profit limit is already crossed today (the risk
   * domain's `limit-start-check.ts`, wired by the composition root); none when absent.
   */
  limitRefusal?: ((mapping: { id: number; userId: number }) => Promise<string | null>) | undefined;
}

/** A second identical create by the same person within this window is a double click, answered with the first mapping. */
export const DUPLICATE_WINDOW_MS = 10_000;

/** What moved a status: a start, or one of the binding stop reasons (a pause records its reason too). */
export type StatusReason = StopReason | 'started';

/** Why a status moved when the caller does not say: a user's own Start, Pause or Stop. */
const defaultReason = (to: number): StatusReason => (to === RUNNING_STATUS.RUNNING ? 'started' : 'manual');

/**
 * The latest order's failure, unless the account has had a new access token since: what failed on the old
 * token (often the token itself) is no longer the news once the trader generated a new one.
 */
function lastFailure(failure: { error: string | null; at: number } | undefined, tokenUpdatedAt: number | null) {
  if (!failure) return null;
  if (tokenUpdatedAt !== null && Number(tokenUpdatedAt) > failure.at) return null;
  return failure.error ?? 'rejected';
}

/** The row's last stop, when it names one the contract knows. */
function stopOf(row: MappingView): { reason: StopReason; at: number; note: string | null } | null {
  const reason = asStopReason(row.stopReason);
  return reason && row.stoppedAt !== null ? { reason, at: Number(row.stoppedAt), note: row.stopNote } : null;
}

/** A create call's input; callers inside the server (seeds, tests) may leave the limits out. */
type NewMapping = Omit<CreateMapping, 'max_loss' | 'target_profit'> &
  Partial<Pick<CreateMapping, 'max_loss' | 'target_profit'>>;

const paiseOrNull = (rupees: number | null | undefined) =>
  rupees === null || rupees === undefined ? null : toPaise(rupees);

/**
 * The max-loss columns an edit writes (none when it leaves max_loss alone). An admin setting it on someone
 * else's mapping sets the desk's cap with it (null lifts the cap); anyone else, the owner included, must stay
 * at or under the cap: a desk's loss limit the trader could clear would protect nothing. Target Profit is
 * never capped: it stays the trader's own, since taking profit sooner or later adds no risk to the desk.
 */
function maxLossEdit(
  actor: Actor,
  row: Pick<MappingView, 'userId' | 'adminMaxLossPaise'>,
  rupees: number | null | undefined,
): { maxLossPaise?: number | null; adminMaxLossPaise?: number | null } {
  if (rupees === undefined) return {};
  const paise = paiseOrNull(rupees);
  if (setsDeskCap(actor, row.userId)) return { maxLossPaise: paise, adminMaxLossPaise: paise };
  const refusal = capRefusal(row.adminMaxLossPaise, paise, 'strategy');
  if (refusal) throw conflict(refusal);
  return { maxLossPaise: paise };
}

/** Refuses a strategy of 0 CE and 0 PE (issue 27): it could be started, and would never trade. */
function assertSomethingToTrade(ceCount: number, peCount: number) {
  const error = legCountError(ceCount, peCount);
  if (error) throw badRequest(error);
}

export function createMappingsService({
  repo,
  clock,
  events,
  locks,
  shared,
  calendar,
  limitRefusal,
}: MappingsServiceDeps) {
  async function load(actor: Actor, id: number): Promise<MappingView> {
    return ownedOr404(actor, await repo.findById(id), 'Strategy mapping');
  }

  /** References must exist, and the broker account must belong to the mapping's owner. */
  async function assertReferences(
    ownerId: number,
    refs: { strategyId: number; instrumentId: number; userBrokerId: number },
  ) {
    if (!(await repo.findStrategy(refs.strategyId))) throw badRequest('Strategy not found');
    if (!(await repo.instrumentExists(refs.instrumentId))) throw badRequest('Instrument not found');
    const broker = await repo.findUserBroker(refs.userBrokerId);
    if (!broker || broker.userId !== ownerId) {
      throw badRequest('No such broker configuration for this user');
    }
  }

  /** Rows with their open legs and the engine's reading of why each is or is not trading. */
  async function present(rows: MappingView[]): Promise<Mapping[]> {
    const ids = rows.map((r) => r.id);
    const now = clock.now();
    const [legs, latest, engineRunning, tradeProblems, nseHolidays, streams, killSwitch, pastBook] = await Promise.all([
      repo.openLegsOf(ids),
      repo.latestOrdersOf(ids),
      shared.rdxWanted.get(),
      shared.tradeProblems.get(),
      calendar.holidaysFrom(istDay(now)),
      shared.liveSyncStatus.get(),
      shared.killSwitch.get(),
      repo.ordersPastBookOf(ids, istMidnight(now)),
    ]);
    const toSettle = new Map(pastBook.map((o) => [o.mappingId, Number(o.n)]));
    const kiteHalt = streams?.haltedSources?.find((h) => h.source === 'kite')?.reason ?? null;
    const legsOf = new Map<number, OpenLegView[]>();
    for (const l of legs) legsOf.set(l.mappingId, [...(legsOf.get(l.mappingId) ?? []), l]);
    const failureOf = new Map(
      latest
        .filter((o) => o.status === 'failed')
        .map((o) => [o.mappingId, { error: o.error, at: Number(o.updatedAt) }]),
    );
    return rows.map((row) => {
      const own = legsOf.get(row.id) ?? [];
      const status = describeStatus(
        {
          isActive: row.isActive === 1,
          isDummy: row.isDummy === 1,
          runningStatus: row.runningStatus,
          config:
            row.rdxInterval === null || row.rdxAtmPaise === null
              ? null
              : { interval: row.rdxInterval, atmPaise: row.rdxAtmPaise },
          startTime: row.startTime,
          endTime: row.endTime,
          hours: row,
          brokerToken: brokerTokenState(
            Number(row.brokerHasToken) === 1,
            row.brokerTokenUpdatedAt,
            now,
            row.brokerTokenRefusedAt,
          ),
          openLegCount: own.length,
          ceCount: row.ceCount,
          peCount: row.peCount,
          lastBrokerError: lastFailure(failureOf.get(row.id), row.brokerTokenUpdatedAt),
          isEngineRunning: engineRunning,
          engineProblem: tradeProblems[String(row.id)] ?? null,
          notTradable: isKiteInstrument(row.instrumentToken) ? null : notKiteInstrument(row.instrumentName),
          marketDataHalt: kiteHalt,
          nseHolidays,
          stop: stopOf(row),
          killSwitchEngaged: killSwitch.engaged,
          ownLimits: { maxLoss: row.maxLossPaise !== null, targetProfit: row.targetProfitPaise !== null },
          legs: own.map((l) => ({
            optionType: l.optionType,
            strikePaise: Number(l.strikePaise),
            quantity: l.quantity,
          })),
          sizing:
            row.rdxLotCount === null || row.rdxOffsetPaise === null
              ? null
              : { lotCount: row.rdxLotCount, offsetPaise: row.rdxOffsetPaise, lotSize: row.lotSize },
        },
        now,
      );
      return toMapping(row, own, status, now, toSettle.get(row.id) ?? 0);
    });
  }

  async function presentOne(row: MappingView): Promise<Mapping> {
    const [mapping] = await present([row]);
    if (!mapping) throw new Error('present() lost a row');
    return mapping;
  }

  async function updateLocked(actor: Actor, id: number, patch: UpdateMapping): Promise<Mapping> {
    const current = await load(actor, id);
    const maxLoss = maxLossEdit(actor, current, patch.max_loss);
    const merged = {
      strategyId: patch.strategy_id ?? current.strategyId,
      instrumentId: patch.instrument_id ?? current.instrumentId,
      userBrokerId: patch.user_broker_id ?? current.userBrokerId,
      isDummy: patch.is_dummy ?? current.isDummy,
      startTime: patch.start_time !== undefined ? patch.start_time : current.startTime,
      endTime: patch.end_time !== undefined ? patch.end_time : current.endTime,
    };
    const windowError = mappingWindowError(merged.startTime, merged.endTime);
    if (windowError) throw badRequest(windowError);
    // Only an edit of the counts is held to it: a row stored as 0/0 before issue 27 can still be deactivated.
    if (patch.ce_count !== undefined || patch.pe_count !== undefined) {
      assertSomethingToTrade(patch.ce_count ?? current.ceCount, patch.pe_count ?? current.peCount);
    }
    if (merged.userBrokerId === null) throw badRequest(MSG.selectUserBroker);
    await assertReferences(current.userId, { ...merged, userBrokerId: merged.userBrokerId });
    const changesPosition =
      merged.strategyId !== current.strategyId ||
      merged.instrumentId !== current.instrumentId ||
      merged.userBrokerId !== current.userBrokerId ||
      merged.isDummy !== current.isDummy;
    // Open legs were bought through this broker, on this instrument, in this mode.
    if (changesPosition && (await repo.countOpenLegs(id)) > 0) {
      throw conflict(MSG.exitBeforeChangingPosition);
    }
    // Home lists active strategies only: an inactive one would hide its legs and its Exit, and nothing trades it.
    const deactivates = patch.is_active === 0 && current.isActive === 1;
    if (deactivates && (isLive(current.runningStatus) || (await repo.countOpenLegs(id)) > 0)) {
      throw conflict(MSG.exitBeforeDeactivating);
    }
    await repo.update(id, {
      ...merged,
      ...(patch.is_active !== undefined ? { isActive: patch.is_active } : {}),
      ...(patch.ce_count !== undefined ? { ceCount: patch.ce_count } : {}),
      ...(patch.pe_count !== undefined ? { peCount: patch.pe_count } : {}),
      ...maxLoss,
      ...(patch.target_profit !== undefined ? { targetProfitPaise: paiseOrNull(patch.target_profit) } : {}),
      updatedAt: clock.now(),
    });
    void events.publish('mapping.changed', { mappingId: id, userId: current.userId });
    return presentOne(await load(actor, id));
  }

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
    if (row.rdxInterval === null) return MSG.configureRdxFirst;
    if (row.isDummy === 1) return null;
    const token = brokerTokenState(
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

  return {
    async listStrategies(): Promise<Strategy[]> {
      return repo.listStrategies();
    },

    async listFor(userId: number): Promise<Mapping[]> {
      return present(await repo.listForUser(userId));
    },

    async listAll(): Promise<Mapping[]> {
      return present(await repo.listAll());
    },

    async get(actor: Actor, id: number): Promise<Mapping> {
      return presentOne(await load(actor, id));
    },

    /** Raw row for other domains (RDX config, engine) after the ownership check. */
    load,

    /**
     * Who switched the RDX service and what the switch concerns (issue 27): the strategies running or paused
     * and those holding legs, per owner, so the owners can be told. `actor` null: no person (a seed, a test).
     */
    async serviceSwitch(actor: Pick<Actor, 'userId'> | null): Promise<{
      by: string | null;
      byUserId: number | null;
      exposure: ServiceExposure;
    }> {
      const rows = await repo.liveOrHolding();
      return {
        by: actor ? await repo.usernameOf(actor.userId) : null,
        byUserId: actor?.userId ?? null,
        exposure: serviceExposure(rows.map((r) => ({ ...r, isDummy: r.isDummy === 1 }))),
      };
    },

    /**
     * Creates a mapping. The same person's identical create within DUPLICATE_WINDOW_MS is a double click,
     * answered with the first mapping; any other create is its own mapping (never merged into another), except
     * the very same mapping someone else created for this owner a moment ago, which is refused (409).
     */
    async createAnswered(actor: Actor, input: NewMapping): Promise<{ mapping: Mapping; message: string }> {
      const ownerId = actor.role === 'admin' && input.user_id ? input.user_id : actor.userId;
      if (!(await repo.userExists(ownerId))) throw badRequest('User not found');
      assertSomethingToTrade(input.ce_count, input.pe_count);
      await assertReferences(ownerId, {
        strategyId: input.strategy_id,
        instrumentId: input.instrument_id,
        userBrokerId: input.user_broker_id,
      });
      const now = clock.now();
      const row = {
        createdBy: actor.userId,
        userId: ownerId,
        strategyId: input.strategy_id,
        instrumentId: input.instrument_id,
        userBrokerId: input.user_broker_id,
        isActive: input.is_active,
        isDummy: input.is_dummy,
        ceCount: input.ce_count,
        peCount: input.pe_count,
        startTime: input.start_time,
        endTime: input.end_time,
        maxLossPaise: paiseOrNull(input.max_loss),
        // An admin's Max Loss on a mapping made for someone else is the desk's cap from the start.
        adminMaxLossPaise: setsDeskCap(actor, ownerId) ? paiseOrNull(input.max_loss) : null,
        targetProfitPaise: paiseOrNull(input.target_profit),
      };
      const { verdict, id } = await repo.insertJudged(
        { ...row, runningStatus: RUNNING_STATUS.STOPPED, createdAt: now, updatedAt: now },
        now - DUPLICATE_WINDOW_MS,
        (recent) => judgeCreate(row, recent, now),
      );
      if (verdict.kind === 'refuse') throw conflict(verdict.message);
      const mappingId = verdict.kind === 'repeat' ? verdict.id : id;
      if (mappingId === null) throw new Error('a judged insert returned no id');
      if (verdict.kind === 'insert') void events.publish('mapping.changed', { mappingId, userId: ownerId });
      return { mapping: await this.get(actor, mappingId), message: createdMessage(verdict, MSG.mappingCreated) };
    },

    /** The same create for callers inside the server (seeds, tests): the mapping alone. */
    async create(actor: Actor, input: NewMapping): Promise<Mapping> {
      return (await this.createAnswered(actor, input)).mapping;
    },

    /** Edits a mapping under its lock: a trade in flight sees the mapping before or after, never between. */
    update(actor: Actor, id: number, patch: UpdateMapping): Promise<Mapping> {
      return locks.withMappings([id], () => updateLocked(actor, id, patch));
    },

    remove(actor: Actor, id: number): Promise<void> {
      return locks.withMappings([id], async () => {
        const current = await load(actor, id);
        if (isLive(current.runningStatus) || (await repo.countOpenLegs(id)) > 0) throw conflict(MSG.mappingRunning);
        await repo.remove(id);
        void events.publish('mapping.changed', { mappingId: id, userId: current.userId });
      });
    },

    /**
     * Moves running_status under the mapping's lock, optionally only from an expected state, and
     * announces the change. `from` guards pause (only when running) and resume (only when paused).
     */
    setRunningStatus(
      actor: Actor,
      id: number,
      to: number,
      from?: { status: number; error: string },
      reason: StatusReason = defaultReason(to),
    ): Promise<Mapping> {
      return locks.withMappings([id], () => moveStatus(actor, id, to, from, reason));
    },

    /**
     * Stops a running or paused mapping with `reason`, under its lock; false when it was no longer live (another
     * console's Exit all or kill switch got there first), so callers count only what they stopped.
     */
    stopIfLive(actor: Actor, id: number, reason: StatusReason): Promise<boolean> {
      return locks.withMappings([id], async () => {
        if (!isLive((await load(actor, id)).runningStatus)) return false;
        await moveStatus(actor, id, RUNNING_STATUS.STOPPED, undefined, reason);
        return true;
      });
    },

    /** The same move for a caller that already holds the mapping's lock (the engine's Exit). */
    moveStatusWhileLocked(actor: Actor, id: number, to: number, reason: StatusReason): Promise<Mapping> {
      return moveStatus(actor, id, to, undefined, reason);
    },
  };
}

export type MappingsService = ReturnType<typeof createMappingsService>;
