import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { MappingsService } from './mappings.service.js';

export function registerStrategiesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  mappings: MappingsService,
): void {
  mount(app, authenticate, api.strategies.list, () => mappings.listStrategies());
  mount(app, authenticate, api.strategies.listMine, ({ auth }) => mappings.listFor(auth.userId));
  mount(app, authenticate, api.strategies.listAll, () => mappings.listAll());
  mount(app, authenticate, api.strategies.create, async ({ auth, body }) => {
    const { mapping, message } = await mappings.createAnswered(auth, body);
    return replied(mapping, message, 201);
  });
  mount(app, authenticate, api.strategies.update, ({ auth, params, body }) => mappings.update(auth, params.id, body));
  mount(app, authenticate, api.strategies.remove, async ({ auth, params }) => {
    await mappings.remove(auth, params.id);
    return { id: params.id };
  });
  mount(app, authenticate, api.strategies.toggleStatus, async ({ auth, params, body }) => ({
    strategy: await mappings.setRunningStatus(auth, params.id, body.running_status),
  }));
}
