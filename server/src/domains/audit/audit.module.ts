import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DbKind } from '../../db/client.js';
import type { SharedState } from '../../db/shared-state.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import { createSnapshotsRepository } from './audit-snapshots.repository.js';
import { installAuditHooks } from './audit.hooks.js';
import { createAuditRepository } from './audit.repository.js';
import { registerAuditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

export interface AuditModuleDeps {
  db: Kysely<DB>;
  kind: DbKind;
  clock: Clock;
  events: DomainEventBus;
  shared: Pick<SharedState, 'killSwitch'>;
  logger: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * The audit log (issue 13): who did what to which object, with the fields it changed and from where.
 * `install(app)` adds the HTTP edge that sees every state-changing route (call it before the routes are
 * registered); automatic stops arrive on the bus.
 */
export function createAuditModule(deps: AuditModuleDeps) {
  const snapshots = createSnapshotsRepository(deps.db, deps.shared);
  const repo = createAuditRepository(deps.db, deps.kind);
  const audit = createAuditService({
    repo,
    snapshots,
    events: deps.events,
    clock: deps.clock,
  });
  const install = (app: FastifyInstance) =>
    installAuditHooks(app, { snapshots, events: deps.events, clock: deps.clock, logger: deps.logger });
  const routes: RegisterRoutes = (app, authenticate) => registerAuditRoutes(app, authenticate, audit, repo);
  return { audit, routes, install };
}
