import { marketDataRoutes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { Scheduler } from './scheduler.service.js';

export function registerSchedulingRoutes(app: FastifyInstance, authenticate: Authenticate, scheduler: Scheduler): void {
  const r = marketDataRoutes;
  mount(app, authenticate, r.scheduleStatus, async () => ({ scheduling: await scheduler.status() }));
  mount(app, authenticate, r.scheduleEnable, async () =>
    replied({ scheduling: await scheduler.enable() }, 'Auto-scheduling enabled'),
  );
  mount(app, authenticate, r.scheduleDisable, async () =>
    replied({ scheduling: await scheduler.disable() }, 'Auto-scheduling disabled'),
  );
}
