import { api, type StrategyChart, type SymbolPositionsReply } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { Actor } from '../../platform/ownership.js';
import type { PositionsService } from './positions.service.js';
import type { ReconcileService } from './reconcile.service.js';

export function registerLedgerRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  deps: {
    positions: PositionsService;
    /** The caller's open positions netted per contract (issue 32 item 1). */
    bySymbol: (userId: number) => Promise<SymbolPositionsReply>;
    reconcile: ReconcileService;
    chart: (actor: Actor, mappingId: number) => Promise<StrategyChart>;
  },
): void {
  mount(app, authenticate, api.positions.listMine, ({ auth }) => deps.positions.listFor(auth.userId));
  mount(app, authenticate, api.positions.bySymbol, ({ auth }) => deps.bySymbol(auth.userId));
  mount(app, authenticate, api.positions.listAll, () => deps.positions.listAll());
  mount(app, authenticate, api.positions.chart, ({ auth, params }) => deps.chart(auth, params.id));
  mount(app, authenticate, api.positions.reconcile, ({ auth }) => deps.reconcile.reconcile(auth));
}
