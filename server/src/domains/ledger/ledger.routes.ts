import { api, type StrategyChart, type SymbolPositionsReply } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { Actor } from '../../platform/ownership.js';
import type { SerialisedReply } from '../../platform/serialised-reply.js';
import type { PositionsService } from './positions.service.js';
import type { ReconcileService } from './reconcile.service.js';

export function registerLedgerRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  deps: {
    positions: PositionsService;
    /** The caller's open positions netted per contract (issue 32 item 1). */
    bySymbol: (userId: number) => Promise<SymbolPositionsReply>;
    /** Everyone's positions, one reply shared by the admins asking (everyones-positions.ts). */
    everyone: () => Promise<SerialisedReply<typeof api.positions.listAll>>;
    reconcile: ReconcileService;
    chart: (actor: Actor, mappingId: number) => Promise<StrategyChart>;
  },
): void {
  mount(app, authenticate, api.positions.listMine, ({ auth }) => deps.positions.listFor(auth.userId));
  mount(app, authenticate, api.positions.bySymbol, ({ auth }) => deps.bySymbol(auth.userId));
  // The route is admin-only: `mount` refuses anyone else before the shared reply is asked for.
  mount(app, authenticate, api.positions.listAll, () => deps.everyone());
  mount(app, authenticate, api.positions.chart, ({ auth, params }) => deps.chart(auth, params.id));
  mount(app, authenticate, api.positions.reconcile, ({ auth }) => deps.reconcile.reconcile(auth));
}
