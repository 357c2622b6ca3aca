// Create, edit and remove a mapping: apart because they change what a strategy trades, not whether it runs.
import type { CreateMapping, Mapping, UpdateMapping } from '@app/contract';
import { isLiveStatus as isLive, legCountError, mappingWindowError, MSG, RUNNING_STATUS } from '@app/contract';
import { badRequest, conflict } from '../../platform/errors.js';
import { isPaperKind } from '../brokers/broker-registry.js';
import type { Actor } from '../../platform/ownership.js';
import { toPaise } from '../../platform/time.js';
import { capRefusal, setsDeskCap } from '../risk/limits.logic.js';
import { createdMessage, judgeCreate } from './mapping-twins.logic.js';
import type { MappingQueries } from './mapping-queries.service.js';
import type { MappingView } from './mappings.repository.js';
import type { MappingsServiceDeps } from './mappings.types.js';

/** A second identical create by the same person within this window is a double click, answered with the first mapping. */
export const DUPLICATE_WINDOW_MS = 10_000;

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

/** Create, update and remove; each answers with (or announces) the mapping as the queries present it. */
export function createMappingEdits(
  { repo, clock, events, locks }: Pick<MappingsServiceDeps, 'repo' | 'clock' | 'events' | 'locks'>,
  { load, presentOne, get }: Pick<MappingQueries, 'load' | 'presentOne' | 'get'>,
) {
  /**
   * References must exist, the broker account must belong to the mapping's owner, and a Paper account's
   * strategies stay on paper (issue 32 item 3): it has no broker to send a live order to.
   */
  async function assertReferences(
    ownerId: number,
    refs: { strategyId: number; instrumentId: number; userBrokerId: number; isDummy: number },
  ) {
    if (!(await repo.findStrategy(refs.strategyId))) throw badRequest('Strategy not found');
    if (!(await repo.instrumentExists(refs.instrumentId))) throw badRequest('Instrument not found');
    const broker = await repo.findUserBroker(refs.userBrokerId);
    if (!broker || broker.userId !== ownerId) {
      throw badRequest('No such broker configuration for this user');
    }
    if (isPaperKind(broker.brokerKind) && refs.isDummy !== 1) throw badRequest(MSG.paperAccountIsPaperOnly);
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

  /**
   * Creates a mapping. The same person's identical create within DUPLICATE_WINDOW_MS is a double click,
   * answered with the first mapping; any other create is its own mapping (never merged into another), except
   * the very same mapping someone else created for this owner a moment ago, which is refused (409).
   */
  async function createAnswered(actor: Actor, input: NewMapping): Promise<{ mapping: Mapping; message: string }> {
    const ownerId = actor.role === 'admin' && input.user_id ? input.user_id : actor.userId;
    if (!(await repo.userExists(ownerId))) throw badRequest('User not found');
    assertSomethingToTrade(input.ce_count, input.pe_count);
    await assertReferences(ownerId, {
      strategyId: input.strategy_id,
      instrumentId: input.instrument_id,
      userBrokerId: input.user_broker_id,
      isDummy: input.is_dummy,
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
    return { mapping: await get(actor, mappingId), message: createdMessage(verdict, MSG.mappingCreated) };
  }

  /** The same create for callers inside the server (seeds, tests): the mapping alone. */
  async function create(actor: Actor, input: NewMapping): Promise<Mapping> {
    return (await createAnswered(actor, input)).mapping;
  }

  /** Edits a mapping under its lock: a trade in flight sees the mapping before or after, never between. */
  function update(actor: Actor, id: number, patch: UpdateMapping): Promise<Mapping> {
    return locks.withMappings([id], () => updateLocked(actor, id, patch));
  }

  function remove(actor: Actor, id: number): Promise<void> {
    return locks.withMappings([id], async () => {
      const current = await load(actor, id);
      if (isLive(current.runningStatus) || (await repo.countOpenLegs(id)) > 0) throw conflict(MSG.mappingRunning);
      await repo.remove(id);
      void events.publish('mapping.changed', { mappingId: id, userId: current.userId });
    });
  }

  return { createAnswered, create, update, remove };
}
