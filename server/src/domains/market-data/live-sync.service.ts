import type { LiveSyncStatus } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { Clock } from '../../platform/clock.js';
import type { CandlesRepository } from './candles.repository.js';
import { toStoredCandle } from './historical.service.js';
import type { CandleListener, HubKey, MarketDataHub } from './hub.js';
import type { LiveConfigsRepository } from './live-configs.repository.js';

const WANTED_KEY = 'liveSync.wanted';
const keyName = (k: HubKey) => `${k.source}:${k.instrumentToken}:${k.interval}`;

/**
 * Live sync: one hub subscription per admin live-data config, persisting every closed candle.
 * The wanted state is persisted so a restart resumes it.
 */
export function createLiveSyncService(deps: {
  hub: MarketDataHub;
  configs: LiveConfigsRepository;
  candles: CandlesRepository;
  settings: SettingsRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const active = new Map<string, () => void>();
  let isRunning = false;

  const persist: CandleListener = async (candle, key) => {
    await deps.candles.upsert(key, [toStoredCandle(candle, key.source)]);
  };

  /** Makes the subscriptions match the configs: adds new ones, releases removed ones. */
  async function reconcile() {
    const wanted = new Map<string, HubKey>();
    for (const c of await deps.configs.list()) {
      const key: HubKey = { source: c.source, instrumentToken: c.instrumentToken, interval: c.interval };
      wanted.set(keyName(key), key);
    }
    for (const [name, release] of active) {
      if (!wanted.has(name)) {
        release();
        active.delete(name);
      }
    }
    for (const [name, key] of wanted) {
      if (!active.has(name)) active.set(name, deps.hub.subscribe(key, persist));
    }
  }

  return {
    async start(): Promise<LiveSyncStatus> {
      isRunning = true;
      await reconcile();
      await deps.settings.set(WANTED_KEY, true, deps.clock.now());
      deps.logger.info({ subscriptions: active.size }, 'live sync started');
      return this.status();
    },

    async stop(): Promise<LiveSyncStatus> {
      isRunning = false;
      for (const release of active.values()) release();
      active.clear();
      await deps.settings.set(WANTED_KEY, false, deps.clock.now());
      deps.logger.info('live sync stopped');
      return this.status();
    },

    /** Follows config edits while running. */
    async configsChanged(): Promise<void> {
      if (isRunning) await reconcile();
    },

    status(): LiveSyncStatus {
      return {
        isRunning,
        connectedSources: isRunning ? deps.hub.connectedSources() : [],
        activeSubscriptions: [...active.keys()].sort(),
      };
    },

    /** At boot: resume if it was running when the server stopped. */
    async resumeIfWanted(): Promise<void> {
      if ((await deps.settings.get<boolean>(WANTED_KEY)) === true) await this.start();
    },

    /** On shutdown: release subscriptions but keep the wanted state for the next start. */
    halt(): void {
      isRunning = false;
      for (const release of active.values()) release();
      active.clear();
    },
  };
}

export type LiveSyncService = ReturnType<typeof createLiveSyncService>;
