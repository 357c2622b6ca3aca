import { analyticsRoutes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { AnalyticsService } from './analytics.service.js';

/** The option chain with greeks and the payoff calculator: any signed-in user; nothing is stored. */
export function registerAnalyticsRoutes(app: FastifyInstance, authenticate: Authenticate, service: AnalyticsService) {
  mount(app, authenticate, analyticsRoutes.chain, ({ params, query }) => service.chain(params.instrument_id, query));
  mount(app, authenticate, analyticsRoutes.payoff, ({ body }) => service.payoff(body));
}
