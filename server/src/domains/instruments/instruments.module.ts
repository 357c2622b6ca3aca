import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import { createInstrumentsRepository } from './instruments.repository.js';
import { registerInstrumentsRoutes } from './instruments.routes.js';
import { createInstrumentsService } from './instruments.service.js';

/** Instruments and their market hours. */
export function createInstrumentsModule(deps: { db: Kysely<DB>; clock: Clock; events: DomainEventBus }) {
  const instruments = createInstrumentsService({ ...deps, repo: createInstrumentsRepository(deps.db) });
  const routes: RegisterRoutes = (app, authenticate) => registerInstrumentsRoutes(app, authenticate, instruments);
  return { instruments, routes };
}
