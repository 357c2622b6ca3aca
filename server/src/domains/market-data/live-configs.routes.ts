import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { LiveConfigsService } from './live-configs.service.js';

export function registerLiveConfigsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  configs: LiveConfigsService,
): void {
  mount(app, authenticate, api.liveData.list, () => configs.list());
  mount(app, authenticate, api.liveData.create, async ({ body }) =>
    replied(await configs.create(body), 'Configuration added successfully!', 201),
  );
  mount(app, authenticate, api.liveData.update, ({ params, body }) => configs.update(params.id, body));
  mount(app, authenticate, api.liveData.remove, async ({ params }) => {
    await configs.remove(params.id);
    return { id: params.id };
  });
}
