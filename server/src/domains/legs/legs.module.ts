import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { createLegStopsWatch } from './leg-stops-watch.js';
import { createLegsConfigStore } from './legs-config.service.js';
import { createLegAudit } from './leg-audit.js';

/**
 * The Multi-leg strategy type's own parts (issue 33): its settings' store, its legs' stops on ticks, and its legs'
 * exits and re-entries on the owner's trail.
 */
export function createLegsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  locks: MappingLocks;
  mappings: MappingsService;
  /** The engine's decision for one strategy now. */
  reconsider: (mappingId: number) => Promise<unknown>;
  logger: FastifyBaseLogger;
}) {
  const configStore = createLegsConfigStore(deps);
  const stops = createLegStopsWatch(deps);
  const audit = createLegAudit(deps);
  return {
    configStore,
    stops,
    close: () => {
      stops.close();
      audit.close();
    },
  };
}
