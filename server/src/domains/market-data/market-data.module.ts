import { istDay, istMidnight, type DataSource } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from '../../config/market.js';
import type { Database } from '../../db/client.js';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { Worker } from '../../platform/lifecycle.js';
import type { BrokerTokenService } from '../brokers/broker-tokens.service.js';
import { OPTIONS_DATA_SOURCE, type MarketAdapter } from './adapters/adapter.js';
import { createBinanceAdapter } from './adapters/binance-adapter.js';
import { createKiteSource } from './adapters/kite-source.js';
import type { RetryOptions } from '../../platform/outbound.js';
import { createCandlesRepository } from './candles.repository.js';
import { createHistoricalService } from './historical.service.js';
import { createMarketDataHub } from './hub.js';
import { createInstrumentSessionsRepository } from './instrument-sessions.repository.js';
import { createLiveConfigsRepository } from './live-configs.repository.js';
import { registerLiveConfigsRoutes } from './live-configs.routes.js';
import { createLiveConfigsService } from './live-configs.service.js';
import { createLiveSyncService } from './live-sync.service.js';
import { registerMarketDataRoutes } from './market-data.routes.js';
import { createOptionChainService } from './option-chain.service.js';

const DEFAULT_SESSION = { timezone: 'Asia/Kolkata', marketOpenTime: '09:15' };
/** 08:30 IST: Kite's instruments dump for the day is published by then (before the 09:15 open). */
const DUMP_READY_MINUTE_IST = 8 * 60 + 30;

/**
 * Market data (DESIGN §6): provider adapters, the hub that turns ticks into candle closes, historical
 * fetch, live sync and its configs, option chains and quotes; the `market-data-sync` worker.
 */
export function createMarketDataModule(deps: {
  database: Database;
  shared: SharedState;
  /** Whether this instance leads: live sync runs on the leader only. */
  isLeader: () => boolean;
  clock: Clock;
  logger: FastifyBaseLogger;
  events: DomainEventBus;
  market: MarketConfig;
  /** The market-data token (the brokers domain's: a login at Kite as the configured admin account). */
  tokens: BrokerTokenService;
  retry?: RetryOptions;
  reconnectBaseDelayMs?: number;
}) {
  const { market, clock, tokens } = deps;
  const { db } = deps.database;
  const now = () => clock.now();
  const retry = deps.retry ?? {};
  const candles = createCandlesRepository(deps.database);
  // Sessions of Kite instruments (for candle alignment), re-read whenever instruments change.
  const sessionsRepo = createInstrumentSessionsRepository(db);
  const sessions = new Map<string, { timezone: string; marketOpenTime: string }>();
  const refreshSessions = async () => {
    const rows = await sessionsRepo.list();
    sessions.clear();
    for (const r of rows) sessions.set(r.instrumentToken, { timezone: r.timezone, marketOpenTime: r.marketOpenTime });
  };
  const sessionOf = (token: string) => sessions.get(token) ?? DEFAULT_SESSION;
  /** The market-data token the ticker last refused: a different one (generated since) resumes the stream. */
  let refusedToken: string | null = null;
  async function resumeWithNewToken() {
    if (hub.haltReason(OPTIONS_DATA_SOURCE) === null) return;
    const token = await tokens.marketDataToken().catch(() => null);
    if (token !== null && token !== refusedToken) hub.resume(OPTIONS_DATA_SOURCE);
  }
  const reconnect = deps.reconnectBaseDelayMs !== undefined ? { reconnectBaseDelayMs: deps.reconnectBaseDelayMs } : {};

  // The options source: its candles and stream, and the instruments list and quotes option chains read.
  const options = createKiteSource({
    config: market.kite,
    cachedAccessToken: () => tokens.cachedMarketDataToken(),
    retry,
    accessToken: () => tokens.marketDataToken(),
    onTokenRejected: async () => {
      refusedToken = tokens.cachedMarketDataToken();
      await tokens.invalidateMarketDataToken();
      return tokens.canLogInByItself();
    },
    sessionOf,
    now,
    ...reconnect,
  });
  const adapters: Record<DataSource, MarketAdapter> = {
    [OPTIONS_DATA_SOURCE]: options.adapter,
    binance: createBinanceAdapter({
      apiRoot: market.binance.apiRoot,
      wsRoot: market.binance.wsRoot,
      now,
      retry,
      ...reconnect,
    }),
  };
  const hub = createMarketDataHub({ adapters, now, sessionOf, logger: deps.logger });
  const historical = createHistoricalService({
    adapters,
    candles,
    clock,
    onTokenRejected: () => tokens.invalidateMarketDataToken(),
  });
  const liveConfigsRepo = createLiveConfigsRepository(db);
  const liveConfigs = createLiveConfigsService({ repo: liveConfigsRepo, clock, events: deps.events });
  const liveSync = createLiveSyncService({
    hub,
    configs: liveConfigsRepo,
    candles,
    shared: deps.shared,
    isLeader: deps.isLeader,
    clock,
    logger: deps.logger,
  });
  const optionChains = createOptionChainService({
    source: options.quotes,
    now,
    ensureToken: () => tokens.marketDataToken(),
    onLoaded: (lotSizes) =>
      deps.events.publish('option_chains.loaded', { lotSizes: Object.fromEntries(lotSizes), at: now() }),
    // Not awaited: recording them (option-history) must never slow a paper fill or a mark.
    onQuoted: (quotes, at) => void deps.events.publish('option_quotes.fetched', { quotes, at }),
  });

  deps.events.subscribe('instruments.changed', refreshSessions);
  deps.events.subscribe('live_configs.changed', () => liveSync.configsChanged());

  // Kite regenerates the instruments dump every morning before the open; the leader loads it once a day after.
  let dumpLoadedDay: string | null = null;
  async function refreshDumpEachMorning(at: number) {
    const day = istDay(at);
    const minutes = Math.floor((at - istMidnight(at)) / 60_000);
    if (dumpLoadedDay === day || minutes < DUMP_READY_MINUTE_IST) return;
    dumpLoadedDay = day;
    try {
      await optionChains.reload();
    } catch (err) {
      deps.logger.warn({ err }, "could not load today's instruments dump");
    }
  }

  const worker: Worker = {
    name: 'market-data-sync',
    singleton: true,
    everyMs: 1000,
    start: async () => {
      await refreshSessions();
      await liveSync.follow();
    },
    // Closes candles whose time is up even when no tick arrives (quiet markets, closed sessions).
    tick: async (at) => {
      hub.flush(at);
      await resumeWithNewToken();
      await refreshDumpEachMorning(at);
      // Follows the shared live-sync switch and configs, flipped on any instance.
      await liveSync.follow();
    },
    stop: async () => {
      liveSync.halt();
      await hub.stop();
    },
  };

  const routes: RegisterRoutes = (app, authenticate) => {
    registerLiveConfigsRoutes(app, authenticate, liveConfigs);
    registerMarketDataRoutes(app, authenticate, { historical, liveSync, candles, optionChains });
  };
  return { candles, hub, historical, liveConfigs, liveSync, optionChains, refreshSessions, routes, workers: [worker] };
}

export type MarketDataModule = ReturnType<typeof createMarketDataModule>;
