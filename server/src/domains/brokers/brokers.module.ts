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
import { createBrokerFunds, type PaperAccountBook, type PaperPosition } from './broker-funds.service.js';
import { createPaperCapitalCheck } from './paper-capital.service.js';
import { createEntryMargins } from './entry-margins.service.js';
import { registerBrokersRoutes } from './brokers.routes.js';
import { createBrokersService } from './brokers.service.js';
import { registerBrokerTokenRoutes } from './broker-tokens.routes.js';
import { createBrokerTokenService, type MarketDataLogin } from './broker-tokens.service.js';
import { createEgressCheck } from './egress/egress-check.js';
import { createEgressRoutes } from './egress/egress-routes.js';

/**
 * The broker market data logs in through: market data is Kite's (the market config's `kite`: real Kite or the
 * sandbox), so the admin's market-data token is a login through the Kite adapter as KITE_USER_ID. The one
 * place the brokers domain names a broker.
 */
const MARKET_DATA_BROKER_KIND = 'kite';

/** The admin's market-data login: the market-data broker's adapter and the configured account, if complete. */
function marketDataLogin(registry: BrokerRegistry, market: MarketConfig): MarketDataLogin {
  const broker = registry.forKind(MARKET_DATA_BROKER_KIND);
  if (!broker) throw new Error('the broker registry has no Kite adapter, and market data logs in through it');
  const { userId, password, apiKey } = market.kite;
  return {
    broker,
    account: userId && password && apiKey ? { userId, password } : null,
    unconfigured: 'Kite is not configured: set KITE_API_KEY, KITE_API_SECRET, KITE_USER_ID and KITE_PASSWORD',
  };
}

/** Users' broker accounts and the broker access tokens (users' and the admin's market-data token). */
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
  /** Each of a user's accounts' paper books (the P&L domain's), for a Paper account's funds (issue 32 item 3). */
  paperBooks: (userId: number) => Promise<Map<number, PaperAccountBook>>;
  /** The margin positions would hold at the broker (market data's margin calculator), for a Paper account's funds. */
  heldMarginPaise: (positions: readonly PaperPosition[]) => Promise<number>;
  /** The same calculator's margin of positions each alone and as one basket, for a paper entry's margin (issue 34). */
  basketMarginPaise: (positions: readonly PaperPosition[]) => Promise<{ initialPaise: number; finalPaise: number }>;
  /** The brokers to trade through (default: the product's registry, built from `market`). */
  registry?: BrokerRegistry;
}) {
  const registry =
    deps.registry ??
    createBrokerRegistry({ market: deps.market, logger: deps.logger, retry: deps.retry ?? {}, clock: deps.clock });
  const repo = createBrokersRepository(deps.db, deps.kind);
  const egressRoutes = createEgressRoutes();
  const egress = createEgressCheck({
    repo,
    secrets: deps.secrets,
    clock: deps.clock,
    events: deps.events,
    registry,
    routes: egressRoutes,
    echoUrl: deps.market.egressEchoUrl,
  });
  const brokers = createBrokersService({
    repo,
    secrets: deps.secrets,
    clock: deps.clock,
    events: deps.events,
    registry,
    egress,
    routes: egressRoutes,
  });
  // The token screens log in through each account's broker adapter, by the port.
  const tokens = createBrokerTokenService({
    registry,
    marketData: marketDataLogin(registry, deps.market),
    settings: deps.settings,
    secrets: deps.secrets,
    clock: deps.clock,
    brokers: repo,
    present: brokers.present,
    egressRefusal: (id, actorUserId) => brokers.egressRefusal(id, 'token', actorUserId),
    ...(deps.sandboxTotp ? { sandboxTotp: deps.sandboxTotp } : {}),
    loginAttempts: deps.loginAttempts,
  });
  const funds = createBrokerFunds({
    repo,
    brokers,
    clock: deps.clock,
    paperBooks: deps.paperBooks,
    heldMarginPaise: deps.heldMarginPaise,
  });
  const entryMargins = createEntryMargins({ repo, brokers, funds, basketMarginPaise: deps.basketMarginPaise });
  // A candle close's paper entries against their Paper accounts' capital, the same figures (issue 34 item 3).
  const paperCapital = createPaperCapitalCheck({
    repo,
    paperBooks: deps.paperBooks,
    basketMarginPaise: deps.basketMarginPaise,
    logger: deps.logger,
  });
  const routes: RegisterRoutes = (app, authenticate) => {
    registerBrokersRoutes(app, authenticate, brokers, funds);
    registerBrokerTokenRoutes(app, authenticate, tokens);
  };
  return { brokers, tokens, entryMargins, paperCapital, funds, routes, registry, close: () => egressRoutes.close() };
}
