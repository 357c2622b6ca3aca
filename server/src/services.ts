import type { Database } from './db/client.js';
import { createAuthRepository } from './domains/auth/auth.repository.js';
import { createAuthService } from './domains/auth/auth.service.js';
import type { PasswordHasher } from './domains/auth/passwords.js';
import { createBrokersRepository } from './domains/brokers/brokers.repository.js';
import { createBrokersService } from './domains/brokers/brokers.service.js';
import { createInstrumentsRepository } from './domains/instruments/instruments.repository.js';
import { createInstrumentsService } from './domains/instruments/instruments.service.js';
import { createLiveConfigsRepository } from './domains/market-data/live-configs.repository.js';
import { createLiveConfigsService } from './domains/market-data/live-configs.service.js';
import { createRdxConfigRepository } from './domains/rdx/rdx-config.repository.js';
import { createRdxConfigService } from './domains/rdx/rdx-config.service.js';
import { createMappingsRepository } from './domains/strategies/mappings.repository.js';
import { createMappingsService } from './domains/strategies/mappings.service.js';
import { createTransactionsRepository } from './domains/transactions/transactions.repository.js';
import { createTransactionsService } from './domains/transactions/transactions.service.js';
import { createUsersRepository } from './domains/users/users.repository.js';
import { createUsersService } from './domains/users/users.service.js';
import type { FastifyBaseLogger } from 'fastify';
import { createEngineServices } from './engine-services.js';
import type { Engine } from './domains/engine/engine.service.js';
import type { OptionChainService } from './domains/engine/option-chain.service.js';
import { createMarketServices, type MarketDeps } from './market-services.js';
import type { Clock } from './platform/clock.js';
import type { RealtimeHub } from './platform/realtime.js';
import type { SecretBox } from './platform/secrets.js';

export interface ServiceDeps {
  database: Database;
  clock: Clock;
  secrets: SecretBox;
  hasher: PasswordHasher;
  sessionTtlMs: number;
  realtime: RealtimeHub;
  logger: FastifyBaseLogger;
  market: MarketDeps;
}

/** Wires every domain service from its repository and collaborators; no service locator. */
export function createServices(deps: ServiceDeps) {
  const { db, kind } = deps.database;
  const { clock, secrets, hasher, realtime } = deps;
  const auth = createAuthService({
    repo: createAuthRepository(db),
    hasher,
    secrets,
    clock,
    sessionTtlMs: deps.sessionTtlMs,
  });
  const users = createUsersService({
    repo: createUsersRepository(db, kind),
    hasher,
    clock,
    revokeSessions: (id) => auth.revokeAllFor(id),
  });
  const marketStack = createMarketServices(deps.database, { ...deps.market, clock, secrets, logger: deps.logger });
  const instruments = createInstrumentsService({
    repo: createInstrumentsRepository(db),
    clock,
    onChanged: () => void marketStack.refreshSessions(),
  });
  const brokers = createBrokersService({ repo: createBrokersRepository(db, kind), secrets, clock });
  // The engine follows status and config changes; it is created below, after what it depends on.
  const late: { engine?: Engine; optionChains?: OptionChainService } = {};
  const mappings = createMappingsService({
    repo: createMappingsRepository(db, kind),
    clock,
    engine: {
      isRunning: () => late.engine?.status().isRunning ?? false,
      problemOf: (id) => late.engine?.problemOf(id) ?? null,
    },
    onStatusChanged: (strategy) => {
      realtime.toUserAndAdmins(strategy.user_id, 'strategy_status_changed', {
        userStrategyMappingId: strategy.id,
        strategy,
      });
      void late.engine?.refresh();
    },
  });
  const rdxConfigs = createRdxConfigService({
    repo: createRdxConfigRepository(db),
    mappings,
    clock,
    chainFor: (ticker) => late.optionChains?.chainFor(ticker) ?? Promise.resolve([]),
    onChanged: () => void late.engine?.refresh(),
  });
  const transactionsRepo = createTransactionsRepository(db);
  const transactions = createTransactionsService({ repo: transactionsRepo });
  const liveConfigs = createLiveConfigsService({
    repo: createLiveConfigsRepository(db),
    clock,
    onChanged: () => void marketStack.liveSync.configsChanged(),
  });
  const engineStack = createEngineServices(deps.database, {
    market: deps.market.market,
    marketStack,
    mappings,
    brokers,
    realtime,
    clock,
    logger: deps.logger,
  });
  late.engine = engineStack.engine;
  late.optionChains = engineStack.optionChains;
  return {
    ...engineStack,
    realtime,
    auth,
    users,
    instruments,
    brokers,
    mappings,
    rdxConfigs,
    transactions,
    transactionsRepo,
    liveConfigs,
    ...marketStack,
  };
}

export type Services = ReturnType<typeof createServices>;
