import type { PortfolioRefusals } from './portfolio-guard.js';
import type { PaperCapitalCheck } from './paper-margin-guard.js';
import type { EntryMargins } from '../brokers/entry-margins.service.js';
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
import { createOrderThrottle, memorySendLedger, type OrderLimits, type OrderTurn } from './order-throttle.js';
import { paperSliceFor } from './paper-slices.js';

/** How often the leader's engine follows the shared switch and re-reads which candles it needs. */
const REFRESH_EVERY_MS = 2000;

/** An exit that waited longer than this for its account's order rate is logged: the account is trading too much. */
const SLOW_EXIT_MS = 1000;

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
  /** What a basket would ask in margin of a strategy's account (the brokers module's entry margins). */
  entryMargin: EntryMargins['entryMargin'];
  /** Why a user's entry may not sell new legs now (risk's portfolio limits, issue 34 item 4); null when it may. */
  portfolioRefusal?: PortfolioRefusals | undefined;
  /** The paper entries their Paper accounts' capital cannot cover (the brokers module's, issue 34 item 3). */
  paperCapital?: PaperCapitalCheck | undefined;
  /** Order requests an account may send (the broker adapter's rule): orders wait their turn. */
  orderLimits: OrderLimits;
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
  // Who hears each order's turn (the order bench); slow exits are logged for the operator.
  const turnListeners = new Set<(turn: OrderTurn) => void>();
  const onTurn = (turn: OrderTurn) => {
    if (turn.priority === 'close' && turn.waitedMs > SLOW_EXIT_MS) {
      deps.logger.warn(
        { userBrokerId: turn.account, waitedMs: Math.round(turn.waitedMs) },
        'an exit waited for the order rate',
      );
    }
    for (const listener of turnListeners) listener(turn);
  };
  const executor = createExecutor({
    repo,
    chain: deps.optionChains,
    // Each account through its broker's adapter (the broker port); pushed order updates are the adapter's.
    accessOf: (id) => deps.brokers.accessOf(id),
    logger: deps.logger,
    events: deps.events,
    // On PostgreSQL every console counts an account's orders in one place; SQLite serves one process.
    throttle: createOrderThrottle({
      ledger:
        deps.database.kind === 'postgres'
          ? postgresSendLedger(deps.database.db, deps.orderLimits)
          : memorySendLedger(deps.orderLimits),
      limits: deps.orderLimits,
      onTurn,
    }),
    paperSliceSize: paperSliceFor(deps.database.kind, deps.paperSliceSize),
    ...(deps.instance ? { instance: deps.instance } : {}),
    clock: deps.clock,
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
    tokenExpiryOf: deps.brokers.tokenExpiryOf,
    egressRecheck: (userBrokerId) => deps.brokers.egressRefusal(userBrokerId, 'recheck', null),
    egressBeforeFirstOrder: (userBrokerId) => deps.brokers.egressRefusal(userBrokerId, 'first-order', null),
    entryMargin: deps.entryMargin,
    portfolioRefusal: deps.portfolioRefusal,
    paperCapital: deps.paperCapital,
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
  /** Hears every order request's turn with the broker's rate until the returned function is called. */
  const watchOrderTurns = (listener: (turn: OrderTurn) => void) => {
    turnListeners.add(listener);
    return () => void turnListeners.delete(listener);
  };
  return { engine, routes, workers: [worker], watchOrderTurns };
}
