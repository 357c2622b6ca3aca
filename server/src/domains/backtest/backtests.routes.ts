import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import { registerBacktestsExport } from './backtests.export.js';
import type { BacktestsService } from './backtests.service.js';

/** The Strategy Lab's routes (issue 30): every run is its owner's; admins see all. */
export function registerBacktestsRoutes(app: FastifyInstance, authenticate: Authenticate, service: BacktestsService) {
  const r = api.backtests;
  mount(app, authenticate, r.create, async ({ auth, body }) =>
    replied(await service.create(auth, body), undefined, 202),
  );
  mount(app, authenticate, r.createSweep, async ({ auth, body }) =>
    replied(await service.createSweep(auth, body), undefined, 202),
  );
  mount(app, authenticate, r.sweep, ({ auth, params }) => service.sweep(auth, params.id));
  mount(app, authenticate, r.list, async ({ auth }) => ({ backtests: await service.list(auth) }));
  mount(app, authenticate, r.get, ({ auth, params }) => service.get(auth, params.id));
  mount(app, authenticate, r.trades, async ({ auth, params }) => ({ trades: await service.trades(auth, params.id) }));
  mount(app, authenticate, r.equity, ({ auth, params }) => service.equity(auth, params.id));
  mount(app, authenticate, r.remove, ({ auth, params }) => service.remove(auth, params.id));
  registerBacktestsExport(app, authenticate, service);
}
