import type { DataSource } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from './config/market.js';
import type { Database } from './db/client.js';
import { createSettingsRepository } from './db/settings.repository.js';
import { createBrokersRepository } from './domains/brokers/brokers.repository.js';
import { createKiteTokenService } from './domains/brokers/kite-tokens.service.js';
import type { MarketAdapter } from './domains/market-data/adapters/adapter.js';
import { createBinanceAdapter } from './domains/market-data/adapters/binance-adapter.js';
import { createKiteAdapter } from './domains/market-data/adapters/kite-adapter.js';
import { createKiteRest } from './domains/market-data/adapters/kite-rest-client.js';
import type { RetryOptions } from './domains/market-data/adapters/retry.js';
import { createCandlesRepository } from './domains/market-data/candles.repository.js';
import { createHistoricalService } from './domains/market-data/historical.service.js';
import { createMarketDataHub } from './domains/market-data/hub.js';
import { createLiveConfigsRepository } from './domains/market-data/live-configs.repository.js';
import { createLiveSyncService } from './domains/market-data/live-sync.service.js';
import { createScheduler } from './domains/scheduling/scheduler.service.js';
import type { Clock } from './platform/clock.js';
import type { SecretBox } from './platform/secrets.js';

export interface MarketDeps {
  market: MarketConfig;
  /** Sandbox mode: TOTP of the sandbox accounts, so market data logs in by itself. */
  sandboxTotp?: () => string;
  retry?: RetryOptions;
  reconnectBaseDelayMs?: number;
  useTimers?: boolean;
}

const DEFAULT_SESSION = { timezone: 'Asia/Kolkata', marketOpenTime: '09:15' };

/** The market-data stack: provider adapters, the hub, historical fetch, live sync, scheduling, Kite tokens. */
export function createMarketServices(
  database: Database,
  deps: MarketDeps & { clock: Clock; secrets: SecretBox; logger: FastifyBaseLogger },
) {
  const { market, clock } = deps;
  const { db } = database;
  const settings = createSettingsRepository(db);
  const candles = createCandlesRepository(database);
  const now = () => clock.now();
  const retry = deps.retry ?? {};

  const sessionRest = createKiteRest({ apiRoot: market.kite.apiRoot, apiKey: market.kite.apiKey, retry });
  const kiteTokens = createKiteTokenService({
    market,
    rest: sessionRest,
    settings,
    secrets: deps.secrets,
    clock,
    brokers: createBrokersRepository(db),
    ...(deps.sandboxTotp ? { sandboxTotp: deps.sandboxTotp } : {}),
  });
  const marketRest = createKiteRest({
    apiRoot: market.kite.apiRoot,
    apiKey: market.kite.apiKey,
    accessToken: () => kiteTokens.cachedMarketDataToken(),
    retry,
  });

  // Sessions of Kite instruments (for candle alignment), refreshed from the instruments table.
  const sessions = new Map<string, { timezone: string; marketOpenTime: string }>();
  const refreshSessions = async () => {
    const rows = await db.selectFrom('instruments').select(['instrumentToken', 'timezone', 'marketOpenTime']).execute();
    sessions.clear();
    for (const r of rows) sessions.set(r.instrumentToken, { timezone: r.timezone, marketOpenTime: r.marketOpenTime });
  };
  const sessionOf = (token: string) => sessions.get(token) ?? DEFAULT_SESSION;

  const adapters: Record<DataSource, MarketAdapter> = {
    kite: createKiteAdapter({
      rest: marketRest,
      wsRoot: market.kite.wsRoot,
      apiKey: market.kite.apiKey,
      accessToken: () => kiteTokens.marketDataToken(),
      sessionOf,
      now,
      ...(deps.reconnectBaseDelayMs !== undefined ? { reconnectBaseDelayMs: deps.reconnectBaseDelayMs } : {}),
    }),
    binance: createBinanceAdapter({
      apiRoot: market.binance.apiRoot,
      wsRoot: market.binance.wsRoot,
      now,
      retry,
      ...(deps.reconnectBaseDelayMs !== undefined ? { reconnectBaseDelayMs: deps.reconnectBaseDelayMs } : {}),
    }),
  };

  const hub = createMarketDataHub({ adapters, now, sessionOf, logger: deps.logger });
  const historical = createHistoricalService({
    adapters,
    candles,
    clock,
    onTokenRejected: () => kiteTokens.invalidateMarketDataToken(),
  });
  const liveSync = createLiveSyncService({
    hub,
    configs: createLiveConfigsRepository(db),
    candles,
    settings,
    clock,
    logger: deps.logger,
  });
  const scheduler = createScheduler({
    settings,
    sync: liveSync,
    clock,
    logger: deps.logger,
    ...(deps.useTimers !== undefined ? { useTimers: deps.useTimers } : {}),
  });

  return { settings, candles, kiteTokens, marketRest, adapters, hub, historical, liveSync, scheduler, refreshSessions };
}

export type MarketServices = ReturnType<typeof createMarketServices>;
