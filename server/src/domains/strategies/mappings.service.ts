// The mappings service as callers know it: its deps, composed from the use-case files beside it.
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { createMappingEdits } from './mapping-edits.service.js';
import { createMappingQueries } from './mapping-queries.service.js';
import { createRunningStatusMoves } from './mapping-running-status.service.js';
import type { MappingsRepository } from './mappings.repository.js';
import type { TokenExpiryRule } from './broker-token.logic.js';

// Callers across the server import these from here; they live beside the use cases they belong to.
export { DUPLICATE_WINDOW_MS } from './mapping-edits.service.js';
export type { StatusReason } from './mapping-running-status.service.js';

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
  /**
   * When an account's access token ends, by its broker's rule (the brokers service's `tokenExpiryOf`, by the
   * account's `brokers.kind`; null: a strategy without an account).
   */
  tokenExpiryOf: (brokerKind: string | null) => TokenExpiryRule;
}

/** Mappings' use cases: list and read, create/edit/remove, and running-status moves, all over one repository. */
export function createMappingsService(deps: MappingsServiceDeps) {
  const queries = createMappingQueries(deps);
  const edits = createMappingEdits(deps, queries);
  const moves = createRunningStatusMoves(deps, queries);
  return {
    listStrategies: queries.listStrategies,
    listFor: queries.listFor,
    listAll: queries.listAll,
    get: queries.get,
    /** Raw row for other domains (RDX config, engine) after the ownership check. */
    load: queries.load,
    serviceSwitch: queries.serviceSwitch,
    createAnswered: edits.createAnswered,
    create: edits.create,
    update: edits.update,
    remove: edits.remove,
    setRunningStatus: moves.setRunningStatus,
    stopIfLive: moves.stopIfLive,
    moveStatusWhileLocked: moves.moveStatusWhileLocked,
  };
}

export type MappingsService = ReturnType<typeof createMappingsService>;
