import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { Worker } from '../../platform/lifecycle.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { MarketDataHub } from '../market-data/hub.js';
import { createLedgerRepository } from './ledger.repository.js';
import { registerLedgerRoutes } from './ledger.routes.js';
import { createLiveMarks } from './live-marks.js';
import { createPositionsBySymbol } from './positions-by-symbol.service.js';
import { createPositionsFeed } from './positions-feed.js';
import { createPositionsGreeks, type SpotSource } from './positions-greeks.js';
import { createPositionsService, type QuoteSource } from './positions.service.js';
import { createDriftEpisodesRepository } from './drift-episodes.repository.js';
import { createEveryonesPositions } from './everyones-positions.js';
import { createReconcileService } from './reconcile.service.js';
import { createReconcileWorker, RECONCILE_EVERY_MS } from './reconcile.worker.js';
import { createStrategyChart, type CandleSource } from './strategy-chart.js';
import { strategyPnlOf } from './strategy-pnl.js';
import type { AccountAccess } from '../brokers/brokers.service.js';

/** How often the leader re-marks open positions at the last prices (issue 11: at most once a second). */
const MARK_EVERY_MS = 1000;

/**
 * The ledger (issue 11): positions, P&L and charges derived from the fills alone, live P&L for the screens,
 * and reconciliation with the broker (on the leader every minute too: the `reconciliation` worker). It reads the
 * trade book, never writes it (learning of trades from `fills.booked`); it keeps only each account's open
 * difference with its broker, so a difference is alerted once.
 */
export function createLedgerModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  logger: FastifyBaseLogger;
  events: DomainEventBus;
  /** REST quotes (the option chain service's, cached a second). */
  quotes: QuoteSource;
  /** Previous-day closes (Kite's quote `ohlc.close`), for the day P&L of legs held overnight (issue 28). */
  previousCloses?: QuoteSource;
  /** The market-data hub, to stream open legs' prices on the ticker. */
  hub: Pick<MarketDataHub, 'watchPrice' | 'lastPricePaise' | 'connectedSources'>;
  /** An option's instrument token by trading symbol. */
  tokenOf: (tradingSymbol: string) => Promise<string | null>;
  /** Stored candles (the market-data domain's), for a strategy's chart. */
  candles: CandleSource;
  /** An account's broker and its calls through the broker port (the brokers domain's). */
  accessOf: (userBrokerId: number) => Promise<AccountAccess>;
  /** How often the leader compares live accounts with their brokers (RECONCILE_EVERY_SECONDS). */
  reconcileEveryMs?: number | undefined;
  /** An underlying's last price and the NSE holidays: the open option legs' greeks (issue 34); none without. */
  greeks?: { spotPaise: SpotSource; holidays: HolidaySource };
}) {
  const repo = createLedgerRepository(deps.db);
  const marks = createLiveMarks({ hub: deps.hub, tokenOf: deps.tokenOf, quotes: deps.quotes });
  const greeks = deps.greeks
    ? createPositionsGreeks({ ...deps.greeks, clock: deps.clock, logger: deps.logger })
    : undefined;
  const positions = createPositionsService({
    repo,
    quotes: (keys) => marks.quotes(keys),
    ...(deps.previousCloses ? { previousCloses: deps.previousCloses } : {}),
    ...(greeks ? { greeks } : {}),
    clock: deps.clock,
    logger: deps.logger,
  });
  const reconcile = createReconcileService({
    repo,
    episodes: createDriftEpisodesRepository(deps.db),
    accessOf: deps.accessOf,
    clock: deps.clock,
    logger: deps.logger,
    events: deps.events,
  });
  const feed = createPositionsFeed({
    repo,
    positions,
    marks,
    events: deps.events,
    clock: deps.clock,
    logger: deps.logger,
  });
  const worker: Worker = {
    name: 'positions-feed',
    singleton: true,
    everyMs: MARK_EVERY_MS,
    start: () => feed.tick(),
    tick: () => feed.tick(),
    stop: () => Promise.resolve(feed.stop()),
  };
  const reconciliation = createReconcileWorker({
    reconcile,
    everyMs: deps.reconcileEveryMs ?? RECONCILE_EVERY_MS,
    logger: deps.logger,
  });
  const chart = createStrategyChart({ repo, candles: deps.candles, clock: deps.clock });
  const bySymbol = createPositionsBySymbol({ repo, positions, clock: deps.clock });
  const everyone = createEveryonesPositions({ repo, positions, clock: deps.clock });
  const routes: RegisterRoutes = (app, authenticate) =>
    registerLedgerRoutes(app, authenticate, { positions, bySymbol, everyone, reconcile, chart });
  /** Realized P&L and charges per strategy name of a user (the transactions summary). */
  const strategyPnl = (userId: number) => strategyPnlOf(repo, userId, deps.clock.now());
  return { positions, reconcile, reconciliation, feed, strategyPnl, routes, workers: [worker, reconciliation.worker] };
}
