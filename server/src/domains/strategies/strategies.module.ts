import type { Kysely } from 'kysely';
import type { DbKind } from '../../db/client.js';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { SharedState } from '../../db/shared-state.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { createMappingsRepository } from './mappings.repository.js';
import { createMappingsService, type MappingsServiceDeps } from './mappings.service.js';
import { registerStrategiesRoutes } from './strategies.routes.js';

/** Strategies and users' strategy mappings: create, configure, Start/Pause/Resume, status detail. */
export function createStrategiesModule(deps: {
  db: Kysely<DB>;
  kind: DbKind;
  clock: Clock;
  events: DomainEventBus;
  locks: MappingLocks;
  shared: SharedState;
  /** NSE's holidays, which a mapping's status_detail names on the day. */
  calendar: HolidaySource;
  /** Why a start is refused by a limit already crossed today (risk/limit-start-check.ts). */
  limitRefusal?: MappingsServiceDeps['limitRefusal'];
  sessionRefusal?: MappingsServiceDeps['sessionRefusal'];
  /** An account's token rule by its broker kind (the brokers service's `tokenExpiryOf`). */
  tokenExpiryOf: MappingsServiceDeps['tokenExpiryOf'];
}) {
  const mappings = createMappingsService({
    repo: createMappingsRepository(deps.db, deps.kind),
    clock: deps.clock,
    events: deps.events,
    locks: deps.locks,
    shared: deps.shared,
    calendar: deps.calendar,
    limitRefusal: deps.limitRefusal,
    sessionRefusal: deps.sessionRefusal,
    tokenExpiryOf: deps.tokenExpiryOf,
  });
  const routes: RegisterRoutes = (app, authenticate) => registerStrategiesRoutes(app, authenticate, mappings);
  return { mappings, routes };
}
