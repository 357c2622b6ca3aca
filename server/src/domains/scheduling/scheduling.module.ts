import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { Worker } from '../../platform/lifecycle.js';
import { createScheduler, type SchedulableSync } from './scheduler.service.js';
import { registerSchedulingRoutes } from './scheduling.routes.js';

/** Auto-scheduling of live sync at Indian market hours; the `scheduler` worker. */
export function createSchedulingModule(deps: {
  shared: SharedState;
  sync: SchedulableSync;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const scheduler = createScheduler(deps);
  const worker: Worker = {
    name: 'scheduler',
    singleton: true,
    everyMs: 1000,
    start: () => scheduler.restore(),
    tick: (now) => scheduler.tick(now),
    stop: () => Promise.resolve(),
  };
  const routes: RegisterRoutes = (app, authenticate) => registerSchedulingRoutes(app, authenticate, scheduler);
  return { scheduler, routes, workers: [worker] };
}
