import type { Health } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './domains/auth/auth.routes.js';
import { registerBrokersRoutes } from './domains/brokers/brokers.routes.js';
import { registerKiteTokenRoutes } from './domains/brokers/kite-tokens.routes.js';
import { registerEngineRoutes } from './domains/engine/engine.routes.js';
import { registerMarketDataRoutes } from './domains/market-data/market-data.routes.js';
import { registerSchedulingRoutes } from './domains/scheduling/scheduling.routes.js';
import { registerHealthRoutes } from './domains/health/health.routes.js';
import { registerInstrumentsRoutes } from './domains/instruments/instruments.routes.js';
import { registerLiveConfigsRoutes } from './domains/market-data/live-configs.routes.js';
import { registerRdxRoutes } from './domains/rdx/rdx.routes.js';
import { registerStrategiesRoutes } from './domains/strategies/strategies.routes.js';
import { registerTransactionsRoutes } from './domains/transactions/transactions.routes.js';
import { registerUsersRoutes } from './domains/users/users.routes.js';
import type { Authenticate } from './platform/http.js';
import type { Services } from './services.js';

/** Every HTTP route of the contract, each domain registering its own. */
export function registerRoutes(app: FastifyInstance, s: Services, health: () => Health): void {
  const authenticate: Authenticate = (token) => s.auth.authenticate(token);
  registerHealthRoutes(app, authenticate, health);
  registerAuthRoutes(app, authenticate, s.auth, s.users, s.realtime);
  registerUsersRoutes(app, authenticate, s.users);
  registerInstrumentsRoutes(app, authenticate, s.instruments);
  registerBrokersRoutes(app, authenticate, s.brokers);
  registerStrategiesRoutes(app, authenticate, s.mappings);
  registerRdxRoutes(app, authenticate, s.rdxConfigs, s.mappings);
  registerTransactionsRoutes(app, authenticate, s.transactions);
  registerLiveConfigsRoutes(app, authenticate, s.liveConfigs);
  registerKiteTokenRoutes(app, authenticate, s.kiteTokens);
  registerMarketDataRoutes(app, authenticate, { historical: s.historical, liveSync: s.liveSync, candles: s.candles });
  registerSchedulingRoutes(app, authenticate, s.scheduler);
  registerEngineRoutes(app, authenticate, { engine: s.engine, realtime: s.realtime, now: () => Date.now() });
}
