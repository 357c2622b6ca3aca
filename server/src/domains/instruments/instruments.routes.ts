import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { InstrumentsService } from './instruments.service.js';

export function registerInstrumentsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  instruments: InstrumentsService,
): void {
  mount(app, authenticate, api.instruments.list, () => instruments.list());
  mount(app, authenticate, api.instruments.dataList, async () => ({ data: await instruments.list() }));
  mount(app, authenticate, api.instruments.create, async ({ body }) =>
    replied(await instruments.create(body), 'Instrument created', 201),
  );
  mount(app, authenticate, api.instruments.update, ({ params, body }) => instruments.update(params.id, body));
  mount(app, authenticate, api.instruments.remove, async ({ params }) => {
    await instruments.remove(params.id);
    return { id: params.id };
  });
}
