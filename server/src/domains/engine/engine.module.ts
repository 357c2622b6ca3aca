import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from '../../config/market.js';
import type { Database } from '../../db/client.js';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { Worker } from '../../platform/lifecycle.js';
import type { BrokersService } from '../brokers/brokers.service.js';
import type { MarketDataHub } from '../market-data/hub.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { createEngineRepository } from './engine.repository.js';
import { registerEngineRoutes } from './engine.routes.js';
import { createEngine } from './engine.service.js';
import { createExecutor } from './executor.js';
import { createExpirySettlement } from './expiry-settlement.js';
import { postgresSendLedger } from './order-send-ledger.js';
import { createOrderThrottle, memorySendLedger, type OrderLimits } from './order-throttle.js';
import { createOrderUpdates } from './order-updates.js';
import { paperSliceFor } from './paper-slices.js';

/** Kite's order rate limits per account (Kite Connect docs; docs/SANDBOX.md enforces the same). */
const KITE_ORDER_LIMITS: OrderLimits = { perSecond: 10, perMinute: 200 };

/** How often the leader's engine follows the shared switch and re-reads which candles it needs. */
const REFRESH_EVERY_MS = 2000;

/** The RDX engine (DESIGN §7): decisions on candle closes, paper and live execution, recovery; its worker. */
export function createEngineModule(deps: {
  database: Database;
  shared: SharedState;
  /** Whether this instance leads (runs the singleton workers). */
  isLeader: () => boolean;
  clock: Clock;
  logger: FastifyBaseLogger;
  events: DomainEventBus;
  market: MarketConfig;
  mappings: MappingsService;
  brokers: BrokersService;
  hub: MarketDataHub;
  optionChains: OptionChainService;
  /** NSE's holidays (docs/CALENDAR.md). */
  calendar: HolidaySource;
  /** Mappings per paper-fill transaction (default: paper-slices.ts `paperSliceFor`). */
  paperSliceSize?: number | undefined;
  /** This console's instance name, written on its broker orders. */
  instance?: string | undefined;
}) {
  const repo = createEngineRepository(deps.database);
  // Live accounts' order updates pushed on the Kite ticker while their orders are awaited (order-updates.ts).
  const orderUpdates = createOrderUpdates({ wsRoot: deps.market.kite.wsRoot, logger: deps.logger });
  const executor = createExecutor({
    repo,
    chain: deps.optionChains,
    brokerCredentials: (id) => deps.brokers.credentialsOf(id),
    tokenRefused: (id, used, reason) => deps.brokers.tokenRefused(id, used, reason),
    kite: { apiRoot: deps.market.kite.apiRoot, apiKey: deps.market.kite.apiKey },
    logger: deps.logger,
    events: deps.events,
    // On PostgreSQL every console counts an account's orders in one place; SQLite serves one process.
    throttle: createOrderThrottle({
      ledger:
        deps.database.kind === 'postgres'
          ? postgresSendLedger(deps.database.db, KITE_ORDER_LIMITS)
          : memorySendLedger(KITE_ORDER_LIMITS),
    }),
    orderUpdates,
    paperSliceSize: paperSliceFor(deps.database.kind, deps.paperSliceSize),
    ...(deps.instance ? { instance: deps.instance } : {}),
  });
  const engine = createEngine({
    repo,
    executor,
    chain: deps.optionChains,
    hub: deps.hub,
    mappings: deps.mappings,
    shared: deps.shared,
    isLeader: deps.isLeader,
    clock: deps.clock,
    logger: deps.logger,
    events: deps.events,
    locks: deps.database.locks,
    settlement: createExpirySettlement({
      db: deps.database.db,
      repo,
      locks: deps.database.locks,
      hub: deps.hub,
      events: deps.events,
      logger: deps.logger,
      mappings: deps.mappings,
      settleOrders: (m, at) => executor.settleOpenOrders(m, at),
    }),
    calendar: deps.calendar,
    db: deps.database.db,
  });
  const worker: Worker = {
    name: 'strategy-engine',
    singleton: true,
    everyMs: REFRESH_EVERY_MS,
    start: () => engine.follow(),
    // Follows the shared on/off switch (flipped on any instance) and re-reads which candles to follow.
    tick: () => engine.follow(),
    stop: () => Promise.resolve(engine.halt()),
  };
  const routes: RegisterRoutes = (app, authenticate) =>
    registerEngineRoutes(app, authenticate, { engine, events: deps.events, now: () => deps.clock.now() });
  /** Closes the order-update connections (app shutdown): any order still awaited is polled. */
  const close = () => orderUpdates.close();
  return { engine, routes, workers: [worker], close };
}
