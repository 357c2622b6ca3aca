// The mappings service as callers know it: its deps, composed from the use-case files beside it.
import type { MappingsServiceDeps } from './mappings.types.js';
import { createMappingEdits } from './mapping-edits.service.js';
import { createMappingQueries } from './mapping-queries.service.js';
import { createRunningStatusMoves } from './mapping-running-status.service.js';

// Callers across the server import these from here; they live beside the use cases they belong to.
export { DUPLICATE_WINDOW_MS } from './mapping-edits.service.js';
export type { StatusReason } from './mapping-running-status.service.js';
export type { MappingsServiceDeps } from './mappings.types.js';

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
    /** How many of a user's strategies trade live on each of their accounts: which accounts need a token. */
    liveCountsByAccount: (userId: number) => deps.repo.liveCountsByAccount(userId),
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
