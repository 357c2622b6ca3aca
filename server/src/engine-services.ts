import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from './config/market.js';
import type { Database } from './db/client.js';
import type { BrokersService } from './domains/brokers/brokers.service.js';
import { createEngineRepository } from './domains/engine/engine.repository.js';
import { createEngine } from './domains/engine/engine.service.js';
import { createExecutor } from './domains/engine/executor.js';
import { createOptionChainService } from './domains/engine/option-chain.service.js';
import { createOrdersRepository } from './domains/engine/orders.repository.js';
import type { MappingsService } from './domains/strategies/mappings.service.js';
import type { MarketServices } from './market-services.js';
import type { Clock } from './platform/clock.js';
import type { RealtimeHub } from './platform/realtime.js';

/** The RDX engine and what it trades through: option chains, the executor, broker orders. */
export function createEngineServices(
  database: Database,
  deps: {
    market: MarketConfig;
    marketStack: MarketServices;
    mappings: MappingsService;
    brokers: BrokersService;
    realtime: RealtimeHub;
    clock: Clock;
    logger: FastifyBaseLogger;
  },
) {
  const { marketStack, clock } = deps;
  const repo = createEngineRepository(database);
  const chain = createOptionChainService({
    rest: marketStack.marketRest,
    now: () => clock.now(),
    ensureToken: () => marketStack.kiteTokens.marketDataToken(),
  });
  const executor = createExecutor({
    repo,
    orders: createOrdersRepository(database.db),
    chain,
    brokerToken: (id) => deps.brokers.tokenOf(id),
    kite: { apiRoot: deps.market.kite.apiRoot, apiKey: deps.market.kite.apiKey },
    logger: deps.logger,
    onFill: (transaction) => deps.realtime.toUserAndAdmins(transaction.user_id, 'transaction_created', { transaction }),
    isWatched: (userId) => deps.realtime.hasAudience(userId),
    onSkipped: (mappingId, reason) => engine.noteProblem(mappingId, reason),
  });
  const engine = createEngine({
    repo,
    executor,
    chain,
    hub: marketStack.hub,
    mappings: deps.mappings,
    settings: marketStack.settings,
    clock,
    logger: deps.logger,
  });
  return { engine, engineRepo: repo, optionChains: chain };
}
