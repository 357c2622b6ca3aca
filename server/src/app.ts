import type { HealthDetails } from '@app/contract';
import Fastify, { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { MarketConfig } from './config/market.js';
import type { Database } from './db/client.js';
import { createSettingsRepository } from './db/settings.repository.js';
import { createSharedState } from './db/shared-state.js';
import { leaderLockHeld, type Leadership } from './platform/leadership.js';
import { createAuditModule } from './domains/audit/audit.module.js';
import { createOrdersModule } from './domains/orders/orders.module.js';
import { createPnlModule } from './domains/pnl/pnl.module.js';
import { createLedgerRepository } from './domains/ledger/ledger.repository.js';
import { createRegistrationModule } from './domains/registration/registration.module.js';
import { createAuthModule } from './domains/auth/auth.module.js';
import { LOGIN_WINDOW_MS } from './domains/auth/auth.service.js';
import { passwordChangeRequired } from './domains/auth/password-change-gate.js';
import { createDbLoginFailures, createRedisLoginFailures } from './domains/auth/login-failures.repository.js';
import type { PasswordHasher } from './domains/auth/passwords.service.js';
import { createBrokersModule } from './domains/brokers/brokers.module.js';
import { createCalendarModule } from './domains/calendar/calendar.module.js';
import { createEngineModule } from './domains/engine/engine.module.js';
import { createPortfolioEntryCheck } from './domains/risk/portfolio-entry-check.js';
import type { PortfolioSources } from './domains/risk/portfolio-figures.js';
import { registerHealthRoutes } from './domains/health/health.routes.js';
import { createInstrumentsModule } from './domains/instruments/instruments.module.js';
import { createLedgerModule } from './domains/ledger/ledger.module.js';
import type { RetryOptions } from './platform/outbound.js';
import { toCandle } from './domains/market-data/candles.presenter.js';
import { OPTIONS_DATA_SOURCE } from './domains/market-data/hub.js';
import { createMarketDataModule } from './domains/market-data/market-data.module.js';
import { createAnalyticsModule } from './domains/analytics/analytics.module.js';
import { createOptionHistoryModule } from './domains/option-history/option-history.module.js';
import { createBacktestModule } from './domains/backtest/backtest.module.js';
import type { ThreadData } from './domains/backtest/backtest-thread.js';
import { createLegsModule } from './domains/legs/legs.module.js';
import { createRdxModule } from './domains/rdx/rdx.module.js';
import { createLimitStartCheck } from './domains/risk/limit-start-check.js';
import { createRiskModule } from './domains/risk/risk.module.js';
import { createAlertsModule } from './domains/alerts/alerts.module.js';
import { createSchedulingModule } from './domains/scheduling/scheduling.module.js';
import { createSignalsModule } from './domains/signals/signals.module.js';
import { createStrategiesModule } from './domains/strategies/strategies.module.js';
import { registerStrategyConfigRoutes } from './domains/strategies/strategy-config.routes.js';
import { createTransactionsModule } from './domains/transactions/transactions.module.js';
import { createUsersModule } from './domains/users/users.module.js';
import type { Clock } from './platform/clock.js';
import type { DomainEvents } from './platform/domain-events.js';
import { createEventBus } from './platform/event-bus.js';
import { answerFrameworkError, installErrorHandler, type RegisterRoutes } from './platform/http.js';
import type { Worker } from './platform/lifecycle.js';
import {
  bridgeEventsToSockets,
  createNullRealtime,
  createSocketServer,
  type RealtimeHub,
} from './platform/realtime.js';
import type { SecretBox } from './platform/secrets.js';
import { DEFAULT_HSTS_MAX_AGE, installSecurityHeaders, securityHeadersFor } from './platform/security-headers.js';
import { serveWebApp } from './platform/static.js';
import { ownEndpoint } from './platform/own-endpoint.js';
import { exchangeOf, registerConsoleRoutes } from './domains/console/console.routes.js';
import { createConsoleStatusService } from './domains/console/console-status.service.js';
import { brokerOrderLimits } from './domains/brokers/broker-registry.js';

export interface AppDeps {
  database: Database;
  clock: Clock;
  secrets: SecretBox;
  hasher: PasswordHasher;
  sessionTtlMs: number;
  logger?: FastifyBaseLogger;
  market: MarketConfig;
  /** Sandbox mode: the sandbox accounts' TOTP, so market data logs in by itself. */
  sandboxTotp?: () => string;
  /** Provider retries and reconnect delays (tests shorten them). */
  retry?: RetryOptions;
  reconnectBaseDelayMs?: number;
  /** Socket.IO on the API host (default on); `redisUrl` spreads events across instances. */
  realtime?: { enabled: boolean; redisUrl?: string | undefined };
  version: string;
  marketMode: 'sandbox' | 'live';
  webDist?: string;
  /** Background workers' state, shown by /api/health. */
  workerStatus?: () => HealthDetails['workers'];
  /** Which instance runs the singleton workers; without one, this process leads (tests, one process). */
  leadership?: Leadership;
  /** Fastify's trustProxy, so the login limit sees clients' addresses behind nginx. */
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Telegram's Bot API root for alert delivery (TELEGRAM_API_ROOT; tests point it at a fake). */
  telegramApiRoot?: string;
  /** Alert webhooks may reach loopback and private networks (WEBHOOK_ALLOW_PRIVATE=1); never link-local. */
  webhookAllowPrivate?: boolean;
  /** Strict-Transport-Security lifetime on HTTPS requests (HSTS_MAX_AGE); 0 sends none. */
  hstsMaxAgeSeconds?: number;
  /** Mappings per paper-fill transaction of a candle close (engine/paper-slices.ts); tests make it small. */
  paperSliceSize?: number;
  /** How often the leader reconciles live accounts with their brokers (default once a minute). */
  reconcileEveryMs?: number;
  /** Backtest worker threads (main.ts: one per core, BACKTEST_WORKERS); absent: runs on the console's thread. */
  backtestThreads?: { count: number; thread: Omit<ThreadData, 'instance' | 'jobs'> };
  /** BullMQ on this Redis carries backtest runs (REDIS_URL); absent: the database's queue. */
  backtestRedisUrl?: string | undefined;
}

/**
 * The composition root: every domain module built once, in dependency order, from its collaborators;
 * they talk through the domain event bus. Returns the Fastify app (no listen(), tests inject()), the
 * modules, and the workers `main` starts by `SERVICES`.
 */
export async function buildApp(deps: AppDeps) {
  const headerOptions = { hstsMaxAgeSeconds: deps.hstsMaxAgeSeconds ?? DEFAULT_HSTS_MAX_AGE };
  const options: FastifyHttpOptions<Server> = {
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
    // A URL the router cannot decode is answered in our envelope with our headers, not by Fastify itself.
    frameworkErrors: answerFrameworkError(securityHeadersFor(headerOptions)),
  };
  const app: FastifyInstance = Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  installErrorHandler(app);
  installSecurityHeaders(app, headerOptions);

  const logger = deps.logger ?? pino({ level: 'silent' });
  const { database, clock } = deps;
  const { db, kind } = database;
  const events = createEventBus<DomainEvents>(logger);
  const settings = createSettingsRepository(db);
  const shared = createSharedState(settings);
  const isLeader = () => deps.leadership?.isLeader() ?? true;

  // Failed logins count across instances: in Redis when there is one (the database while it is away), else
  // in the database.
  const redisUrl = deps.realtime?.redisUrl;
  const failuresInDb = createDbLoginFailures(db, LOGIN_WINDOW_MS);
  const failures = redisUrl
    ? createRedisLoginFailures(redisUrl, LOGIN_WINDOW_MS, await shared.databaseId(clock.now()), failuresInDb, logger)
    : failuresInDb;
  app.addHook('onClose', () => failures.close());
  const auth = createAuthModule({
    db,
    hasher: deps.hasher,
    secrets: deps.secrets,
    clock,
    sessionTtlMs: deps.sessionTtlMs,
    events,
    failures,
  });
  const realtime: RealtimeHub & { closeSockets(): void; close(): Promise<void> } =
    deps.realtime?.enabled === false
      ? { ...createNullRealtime(), closeSockets: () => undefined, close: () => Promise.resolve() }
      : await createSocketServer({
          httpServer: app.server,
          logger,
          redisUrl: deps.realtime?.redisUrl,
          redisKey: redisUrl && `socket.io#${await shared.databaseId(clock.now())}`,
          liveSessions: (ids) => auth.auth.liveSessionIds(ids),
          authenticate: async (token) => {
            const who = await auth.auth.authenticate(token);
            // Like every API route but three, events wait until the printed first-start password is changed.
            if (who.mustChangePassword) throw passwordChangeRequired();
            return { userId: who.userId, role: who.role, sessionId: who.sessionId };
          },
        });
  // Before the HTTP server closes: it waits for every open connection, and a socket's stays open until
  // closed (a stop with one browser connected took the full 10 s and exited 1).
  app.addHook('preClose', (done) => {
    realtime.closeSockets();
    done();
  });
  app.addHook('onClose', () => realtime.close());
  bridgeEventsToSockets(events, realtime);

  const users = createUsersModule({ db, kind, hasher: deps.hasher, clock, events, logins: auth.lockout });
  const instruments = createInstrumentsModule({
    db,
    clock,
    events,
    logger,
    // Built below; asked only when an admin saves an instrument, long after.
    isListedByExchange: (token) => marketData.optionChains.lists(token),
  });
  const calendar = createCalendarModule({ db, clock });
  const brokers = createBrokersModule({
    db,
    kind,
    secrets: deps.secrets,
    clock,
    events,
    settings,
    market: deps.market,
    ...(deps.retry ? { retry: deps.retry } : {}),
    ...(deps.sandboxTotp ? { sandboxTotp: deps.sandboxTotp } : {}),
    loginAttempts: failures,
    logger,
    // Built below; asked only when a trader opens their funds.
    paperBooks: (userId) => pnl.pnl.paperAccounts(userId),
    heldMarginPaise: (positions) => marketData.optionChains.heldMarginPaise(positions),
    basketMarginPaise: (positions) => marketData.optionChains.basketMarginPaise(positions),
  });
  const marketData = createMarketDataModule({
    database,
    shared,
    isLeader,
    clock,
    logger,
    events,
    market: deps.market,
    tokens: brokers.tokens,
    ...(deps.retry ? { retry: deps.retry } : {}),
    ...(deps.reconnectBaseDelayMs !== undefined ? { reconnectBaseDelayMs: deps.reconnectBaseDelayMs } : {}),
  });
  // An index's last price: the live stream's when it runs, else a quote.
  const spotPaise = async (token: string) =>
    marketData.hub.lastPricePaise(OPTIONS_DATA_SOURCE, token) ?? (await marketData.optionChains.underlyingPaise(token));
  const optionHistory = createOptionHistoryModule({
    db,
    clock,
    events,
    logger,
    isLeader,
    holidays: calendar.calendar,
    liveSync: marketData.liveSync,
    liveConfigs: marketData.liveConfigs,
    instruments: instruments.instruments,
    optionChains: marketData.optionChains,
    spotPaise,
  });
  const analytics = createAnalyticsModule({
    clock,
    instruments: instruments.instruments,
    optionChains: marketData.optionChains,
    spotPaise,
    holidays: calendar.calendar,
  });
  const backtest = createBacktestModule({
    db,
    clock,
    events,
    logger,
    holidays: calendar.calendar,
    instance: deps.leadership?.instance ?? 'console',
    threads: deps.backtestThreads,
    // One queue per database, as Socket.IO's channel above: consoles of another database never take its runs.
    queue: deps.backtestRedisUrl
      ? { redisUrl: deps.backtestRedisUrl, databaseId: await shared.databaseId(clock.now()) }
      : undefined,
  });
  // Runs this console took stop with it (left running in the database: another console takes them up).
  app.addHook('onClose', () => backtest.close());
  const scheduling = createSchedulingModule({ shared, sync: marketData.liveSync, clock, logger });
  const ledger = createLedgerModule({
    db,
    clock,
    logger,
    events,
    quotes: (keys) => marketData.optionChains.quotesPaise(keys),
    previousCloses: (keys) => marketData.optionChains.closesPaise(keys),
    hub: marketData.hub,
    tokenOf: (symbol) => marketData.optionChains.instrumentTokenOf(symbol),
    candles: async (key, limit) => (await marketData.candles.latest(key, limit)).map(toCandle),
    accessOf: (id) => brokers.brokers.accessOf(id),
    reconcileEveryMs: deps.reconcileEveryMs,
    greeks: { spotPaise, holidays: calendar.calendar },
  });
  app.addHook('onClose', () => Promise.resolve(ledger.feed.close()));
  const { locks } = database;
  const strategies = createStrategiesModule({
    db,
    kind,
    clock,
    events,
    locks,
    shared,
    calendar: calendar.calendar,
    // A limit already crossed today refuses Start (risk's rule, read from the ledger's day P&L).
    // So does a portfolio already beyond a cap (issue 34 item 4: the ledger's greeks, the brokers' margin).
    limitRefusal: createLimitStartCheck({
      db,
      positionsOf: (userId) => ledger.positions.listFor(userId),
      greeksOf: (userIds) => ledger.positions.netGreeksByUser(userIds),
      fundsOf: (userId) => brokers.funds.fundsFor(userId),
    }),
    // A live Start or Resume asks the broker that the account's session still stands (issue 31 item 5).
    sessionRefusal: (userBrokerId, actorUserId) => brokers.brokers.sessionRefusal(userBrokerId, actorUserId),
    tokenExpiryOf: brokers.brokers.tokenExpiryOf,
  });
  const rdx = createRdxModule({
    db,
    clock,
    events,
    locks,
    mappings: strategies.mappings,
    optionChains: marketData.optionChains,
  });
  const transactions = createTransactionsModule({
    db,
    pnl: ledger.strategyPnl,
    clock,
    exchange: exchangeOf(deps.market),
  });
  const portfolioSources: PortfolioSources = {
    greeksOf: (userIds) => ledger.positions.netGreeksByUser(userIds),
    fundsOf: (userId) => brokers.funds.fundsFor(userId),
  };
  const engine = createEngineModule({
    database,
    shared,
    isLeader,
    clock,
    logger,
    events,
    market: deps.market,
    mappings: strategies.mappings,
    brokers: brokers.brokers,
    entryMargin: (input) => brokers.entryMargins.entryMargin(input),
    // A paper entry is held to its Paper account's capital as a live one to its broker's funds (issue 34 item 3).
    paperCapital: (entries) => brokers.paperCapital(entries),
    // Beyond a portfolio cap, no entry sells new legs (risk's rule on the ledger's greeks and the brokers' margin).
    portfolioRefusal: createPortfolioEntryCheck({ db, ...portfolioSources }),
    orderLimits: brokerOrderLimits(brokers.registry),
    hub: marketData.hub,
    optionChains: marketData.optionChains,
    calendar: calendar.calendar,
    paperSliceSize: deps.paperSliceSize,
    instance: deps.leadership?.instance,
  });
  // Closes the brokers' order-update connections: any order still awaited is polled.
  app.addHook('onClose', () => brokers.registry.close());
  app.addHook('onClose', () => brokers.close());
  const legs = createLegsModule({
    db,
    clock,
    events,
    locks,
    mappings: strategies.mappings,
    reconsider: (mappingId) => engine.engine.reconsider(mappingId),
    logger,
  });
  app.addHook('onClose', () => Promise.resolve(legs.close()));
  const risk = createRiskModule({
    db,
    clock,
    shared,
    mappings: strategies.mappings,
    engine: engine.engine,
    logger,
    events,
    positionsOf: (userId) => ledger.positions.listFor(userId),
    portfolio: portfolioSources,
  });
  app.addHook('onClose', () => Promise.resolve(risk.close()));
  // Its HTTP edge sees every state-changing route: installed before any route is registered.
  const audit = createAuditModule({ db, kind, clock, events, shared, logger });
  audit.install(app);
  const alerts = createAlertsModule({
    db,
    clock,
    events,
    secrets: deps.secrets,
    holidays: calendar.calendar,
    logger,
    telegramApiRoot: deps.telegramApiRoot,
    webhookAllowPrivate: deps.webhookAllowPrivate,
    isOwnEndpoint: ownEndpoint(() => app.server.address()),
    tokenExpiryOf: brokers.brokers.tokenExpiryOf,
  });

  const signals = createSignalsModule({
    db,
    clock,
    events,
    secrets: deps.secrets,
    mappings: strategies.mappings,
    engine: engine.engine,
    counts: failures,
  });
  const orders = createOrdersModule({ db });
  // P&L by day reads the fills through the ledger's own reads: one place decides which note a fill is on.
  const pnl = createPnlModule({ reads: createLedgerRepository(db) });
  const registration = createRegistrationModule({
    db,
    clock,
    orderLimits: brokerOrderLimits(brokers.registry),
    killSwitchEngaged: async () => (await shared.killSwitch.get()).engaged,
    mode: deps.marketMode,
  });

  const startedAt = clock.now();
  /** The instance named leader, while one still holds the leader lock (PostgreSQL). */
  const currentLeader = async () => {
    const named = (await shared.leader.get())?.instance ?? null;
    if (named === null || kind !== 'postgres') return named;
    return (await leaderLockHeld(database.db)) ? named : null;
  };
  const health = async (): Promise<HealthDetails> => ({
    version: deps.version,
    database: kind,
    marketMode: deps.marketMode,
    uptimeSeconds: Math.round((clock.now() - startedAt) / 1000),
    workers: deps.workerStatus?.() ?? [],
    instance: deps.leadership?.instance ?? 'console',
    leader: deps.leadership ? await currentLeader() : 'console',
  });
  const consoleStatus = createConsoleStatusService({
    exchange: exchangeOf(deps.market),
    clock,
    instruments: () => instruments.instruments.list(),
    holidaysFrom: (day) => calendar.calendar.holidaysFrom(day),
    lastTickAt: (token) => marketData.hub.lastPriceAt(OPTIONS_DATA_SOURCE, token),
    haltReason: () => marketData.hub.haltReason(OPTIONS_DATA_SOURCE),
    accountsOf: (userId) => brokers.brokers.listFor(userId),
    liveStrategiesOf: (userId) => strategies.mappings.liveCountsByAccount(userId),
    killSwitch: () => risk.risk.killSwitch(),
  });
  const routes: RegisterRoutes[] = [
    (a, authenticate) => registerHealthRoutes(a, authenticate, health),
    auth.routes,
    users.routes,
    instruments.routes,
    calendar.routes,
    brokers.routes,
    strategies.routes,
    rdx.routes,
    (a, authenticate) =>
      registerStrategyConfigRoutes(a, authenticate, strategies.mappings, {
        rdx: rdx.configStore,
        legs: legs.configStore,
      }),
    transactions.routes,
    orders.routes,
    pnl.routes,
    registration.routes,
    ledger.routes,
    marketData.routes,
    analytics.routes,
    optionHistory.routes,
    backtest.routes,
    scheduling.routes,
    engine.routes,
    risk.routes,
    audit.routes,
    alerts.routes,
    signals.routes,
    (a, authenticate) => registerConsoleRoutes(a, authenticate, exchangeOf(deps.market), consoleStatus),
  ];
  for (const register of routes) register(app, auth.authenticate);
  await serveWebApp(app, deps.webDist);

  // Started in this order after HTTP, stopped in reverse (STYLE "Background workers").
  const workers: Worker[] = [
    ...marketData.workers,
    ...optionHistory.workers,
    ...backtest.workers,
    ...engine.workers,
    ...ledger.workers,
    ...scheduling.workers,
    ...alerts.workers,
  ];
  const modules = {
    auth,
    users,
    instruments,
    calendar,
    brokers,
    marketData,
    analytics,
    optionHistory,
    backtest,
    scheduling,
    strategies,
    rdx,
    legs,
    transactions,
    engine,
    ledger,
    risk,
    alerts,
    audit,
    signals,
  };
  return { app, modules, workers, events, realtime, shared };
}

export type AppModules = Awaited<ReturnType<typeof buildApp>>['modules'];
