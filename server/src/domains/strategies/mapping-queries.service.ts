// Reading mappings (lists, one row, status_detail): apart because every write answers by presenting through here.
import type { Mapping, ServiceExposure, StopReason, Strategy } from '@app/contract';
import { istDay, istMidnight, serviceExposure } from '@app/contract';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import { brokerLabelFor, tokenEndWordsFor } from '../brokers/broker-registry.js';
import { OPTIONS_DATA_SOURCE } from '../market-data/hub.js';
import { brokerTokenState, type TokenExpiryRule } from './broker-token.logic.js';
import { asStopReason, toMapping } from './mappings.presenter.js';
import type { MappingView, OpenLegView } from './mappings.repository.js';
import type { MappingsServiceDeps } from './mappings.types.js';
import type { CommonStatusFacts, StatusReport } from './status-facts.types.js';
import { strategyTypeFor, strategyTypeOf } from './strategy-registry.js';
import type { AnyStrategyType } from './strategy-type.types.js';

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

/** What status_detail reads once for all rows: the engine's switch, the market's state and the kill switch. */
type CommonFacts = Pick<CommonStatusFacts, 'isEngineRunning' | 'marketDataHalt' | 'nseHolidays' | 'killSwitchEngaged'>;

/** The facts describeStatus reads about one row: its own columns and legs, plus what all rows share. */
function statusFacts(
  row: MappingView,
  type: AnyStrategyType,
  own: OpenLegView[],
  now: number,
  tokenExpiresAt: TokenExpiryRule,
  common: CommonFacts,
  problems: Pick<CommonStatusFacts, 'lastBrokerError' | 'engineProblem'>,
): CommonStatusFacts {
  return {
    isActive: row.isActive === 1,
    isDummy: row.isDummy === 1,
    runningStatus: row.runningStatus,
    startTime: row.startTime,
    endTime: row.endTime,
    hours: row,
    lotSize: row.lotSize,
    brokerToken: brokerTokenState(
      tokenExpiresAt,
      Number(row.brokerHasToken) === 1,
      row.brokerTokenUpdatedAt,
      now,
      row.brokerTokenRefusedAt,
    ),
    brokerLabel: brokerLabelFor(row.brokerKind),
    tokenEndWords: tokenEndWordsFor(row.brokerKind),
    openLegCount: own.length,
    ceCount: row.ceCount,
    peCount: row.peCount,
    ...problems,
    ...common,
    notTradable: type.cannotTrade({ instrumentToken: row.instrumentToken, name: row.instrumentName }),
    stop: stopOf(row),
    ownLimits: { maxLoss: row.maxLossPaise !== null, targetProfit: row.targetProfitPaise !== null },
    legs: own.map((l) => ({
      tradingSymbol: l.tradingSymbol,
      optionType: l.optionType,
      strikePaise: Number(l.strikePaise),
      quantity: l.quantity,
    })),
  };
}

/** A row's status line, in its strategy type's words. */
function statusOf(row: MappingView, facts: CommonStatusFacts, type: AnyStrategyType, now: number): StatusReport {
  return type.describeStatus(facts, row.config, now);
}

/** Lists, lookups and the presented row (with status_detail) that the edits and status moves answer with. */
export function createMappingQueries({
  repo,
  clock,
  shared,
  calendar,
  tokenExpiryOf,
}: Pick<MappingsServiceDeps, 'repo' | 'clock' | 'shared' | 'calendar' | 'tokenExpiryOf'>) {
  /** Raw row for other domains (RDX config, engine) after the ownership check. */
  async function load(actor: Actor, id: number): Promise<MappingView> {
    return ownedOr404(actor, await repo.findById(id), 'Strategy mapping');
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
    const common: CommonFacts = {
      isEngineRunning: engineRunning,
      marketDataHalt: streams?.haltedSources?.find((h) => h.source === OPTIONS_DATA_SOURCE)?.reason ?? null,
      nseHolidays,
      killSwitchEngaged: killSwitch.engaged,
    };
    const legsOf = new Map<number, OpenLegView[]>();
    for (const l of legs) legsOf.set(l.mappingId, [...(legsOf.get(l.mappingId) ?? []), l]);
    const failureOf = new Map(
      latest
        .filter((o) => o.status === 'failed')
        .map((o) => [o.mappingId, { error: o.error, at: Number(o.updatedAt) }]),
    );
    return rows.map((row) => {
      const own = legsOf.get(row.id) ?? [];
      const type = strategyTypeFor(row.strategyName);
      const tokenExpiresAt = tokenExpiryOf(row.brokerKind);
      const facts = statusFacts(row, type, own, now, tokenExpiresAt, common, {
        lastBrokerError: lastFailure(failureOf.get(row.id), row.brokerTokenUpdatedAt),
        engineProblem: tradeProblems[String(row.id)] ?? null,
      });
      return toMapping(row, own, statusOf(row, facts, type, now), now, tokenExpiresAt, toSettle.get(row.id) ?? 0);
    });
  }

  async function presentOne(row: MappingView): Promise<Mapping> {
    const [mapping] = await present([row]);
    if (!mapping) throw new Error('present() lost a row');
    return mapping;
  }

  async function listStrategies(): Promise<Strategy[]> {
    return (await repo.listStrategies()).map((s) => ({ ...s, type: strategyTypeOf(s.name)?.key ?? null }));
  }

  async function listFor(userId: number): Promise<Mapping[]> {
    return present(await repo.listForUser(userId));
  }

  async function listAll(): Promise<Mapping[]> {
    return present(await repo.listAll());
  }

  async function get(actor: Actor, id: number): Promise<Mapping> {
    return presentOne(await load(actor, id));
  }

  /**
   * Who switched the RDX service and what the switch concerns (issue 27): the strategies running or paused
   * and those holding legs, per owner, so the owners can be told. `actor` null: no person (a seed, a test).
   */
  async function serviceSwitch(actor: Pick<Actor, 'userId'> | null): Promise<{
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
  }

  return { load, presentOne, listStrategies, listFor, listAll, get, serviceSwitch };
}

export type MappingQueries = ReturnType<typeof createMappingQueries>;
