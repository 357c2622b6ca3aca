import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import { createInstrumentsRepository } from './instruments.repository.js';
import { registerInstrumentsRoutes } from './instruments.routes.js';
import { createInstrumentsService } from './instruments.service.js';

/** Instruments and their market hours; lot sizes follow the exchange's daily instruments dump. */
export function createInstrumentsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  logger: Pick<FastifyBaseLogger, 'info'>;
  /** Whether the exchange's instruments list (today's dump) names a token; null when not checked or unreadable. */
  isListedByExchange?: (token: string) => Promise<boolean | null>;
}) {
  const instruments = createInstrumentsService({ ...deps, repo: createInstrumentsRepository(deps.db) });
  // The exchange's lot sizes, each time the day's instruments dump is loaded (issue 12).
  deps.events.subscribe('option_chains.loaded', async ({ lotSizes }) => {
    const updated = await instruments.syncLotSizes(lotSizes);
    if (updated.length > 0) deps.logger.info({ updated }, "lot sizes updated from the exchange's instruments dump");
  });
  const routes: RegisterRoutes = (app, authenticate) => registerInstrumentsRoutes(app, authenticate, instruments);
  return { instruments, routes };
}
