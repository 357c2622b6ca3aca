import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { BrokerFunds } from './broker-funds.service.js';
import type { BrokersService } from './brokers.service.js';

export function registerBrokersRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  brokers: BrokersService,
  funds: BrokerFunds,
): void {
  mount(app, authenticate, api.brokers.funds, ({ auth }) => funds.fundsFor(auth.userId));
  mount(app, authenticate, api.brokers.list, () => brokers.listBrokers());
  mount(app, authenticate, api.brokers.listMine, ({ auth }) => brokers.listFor(auth.userId));
  mount(app, authenticate, api.brokers.create, async ({ auth, body }) =>
    replied(await brokers.create(auth, body), 'Broker configuration created', 201),
  );
  mount(app, authenticate, api.brokers.update, ({ auth, params, body }) => brokers.update(auth, params.id, body));
  mount(app, authenticate, api.brokers.remove, async ({ auth, params }) => {
    await brokers.remove(auth, params.id);
    return { id: params.id };
  });
  mount(app, authenticate, api.brokers.listForUser, ({ params }) => brokers.listForUserAsAdmin(params.userId));
}
