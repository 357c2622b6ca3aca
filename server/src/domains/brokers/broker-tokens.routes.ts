import { brokerTokenRoutes, MSG } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, replied, type Authenticate } from '../../platform/http.js';
import type { BrokerTokenService } from './broker-tokens.service.js';

/** The token screens' calls (SPEC's names: the market-data token is "the Kite token"). */
export function registerBrokerTokenRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  tokens: BrokerTokenService,
): void {
  mount(app, authenticate, brokerTokenRoutes.generateKiteToken, async ({ auth, body }) =>
    replied(await tokens.generateMarketDataToken(auth, body.appCode), MSG.kiteTokenGenerated),
  );
  mount(app, authenticate, brokerTokenRoutes.marketDataToken, () => tokens.marketDataTokenStatus());
  mount(app, authenticate, brokerTokenRoutes.generateUserToken, async ({ auth, params, body }) =>
    replied(await tokens.generateUserToken(auth, params.id, body), 'Broker access token generated successfully'),
  );
}
