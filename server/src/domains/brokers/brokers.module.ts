import type { MarketConfig } from '../../config/market.js';
import type { DbKind } from '../../db/client.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { LoginFailureStore } from '../auth/login-failures.types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { RetryOptions } from '../../platform/outbound.js';
import { createBrokerRegistry, type BrokerRegistry } from './broker-registry.js';
import { createBrokersRepository } from './brokers.repository.js';
import { registerBrokersRoutes } from './brokers.routes.js';
import { createBrokersService } from './brokers.service.js';
import { registerKiteTokenRoutes } from './kite-tokens.routes.js';
import { createKiteTokenService } from './kite-tokens.service.js';

/** Users' broker accounts and the Kite access tokens (users' and the admin's market-data token). */
export function createBrokersModule(deps: {
  db: Kysely<DB>;
  kind: DbKind;
  secrets: SecretBox;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  settings: SettingsRepository;
  market: MarketConfig;
  retry?: RetryOptions;
  /** Sandbox only: the sandbox accounts' current TOTP, so market data logs in by itself. */
  sandboxTotp?: () => string;
  /** Kite logins for a person are limited; attempts are counted where failed logins are. */
  loginAttempts: LoginFailureStore;
  logger: FastifyBaseLogger;
  /** The brokers to trade through (default: the product's registry, built from `market`). */
  registry?: BrokerRegistry;
}) {
  const registry =
    deps.registry ??
    createBrokerRegistry({ market: deps.market, logger: deps.logger, retry: deps.retry ?? {}, clock: deps.clock });
  const repo = createBrokersRepository(deps.db, deps.kind);
  const brokers = createBrokersService({
    repo,
    secrets: deps.secrets,
    clock: deps.clock,
    events: deps.events,
    registry,
  });
  // The Kite token screens (SPEC's names) log in through the Kite adapter, by the port.
  const kite = registry.forKind('kite');
  if (!kite) throw new Error('the broker registry has no Kite adapter');
  const kiteTokens = createKiteTokenService({
    market: deps.market,
    broker: kite,
    settings: deps.settings,
    secrets: deps.secrets,
    clock: deps.clock,
    brokers: repo,
    ...(deps.sandboxTotp ? { sandboxTotp: deps.sandboxTotp } : {}),
    loginAttempts: deps.loginAttempts,
  });
  const routes: RegisterRoutes = (app, authenticate) => {
    registerBrokersRoutes(app, authenticate, brokers);
    registerKiteTokenRoutes(app, authenticate, kiteTokens);
  };
  return { brokers, kiteTokens, routes, registry };
}
