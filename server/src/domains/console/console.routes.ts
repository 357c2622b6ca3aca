import { consoleRoutes, type Exchange } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { MarketConfig } from '../../config/market.js';
import { mount, type Authenticate } from '../../platform/http.js';
import type { ConsoleStatusService } from './console-status.service.js';

/**
 * MARKET_MODE=sandbox sends every order and price request to the built-in sandbox exchange (in-process, or
 * the standalone one KITE_API_ROOT names in tests and `npm run sandbox`); live mode sends them to Kite.
 */
export function exchangeOf(market: Pick<MarketConfig, 'mode'>): Exchange {
  return market.mode === 'sandbox' ? 'sandbox' : 'kite';
}

/**
 * GET /api/console/exchange: which exchange this console trades on, for the SANDBOX chip; GET
 * /api/console/status: the status strip's answers for the caller.
 */
export function registerConsoleRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  exchange: Exchange,
  status: ConsoleStatusService,
): void {
  mount(app, authenticate, consoleRoutes.exchange, () => Promise.resolve({ exchange }));
  mount(app, authenticate, consoleRoutes.status, ({ auth }) => status.statusFor(auth.userId));
}
