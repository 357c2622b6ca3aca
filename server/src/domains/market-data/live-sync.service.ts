import type { LiveSyncStatus } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import type { CandlesRepository } from './candles.repository.js';
import { toStoredCandle } from './historical.service.js';
import type { CandleListener, HubKey, MarketDataHub } from './hub.js';
import type { LiveConfigsRepository } from './live-configs.repository.js';

const keyName = (k: HubKey) => `${k.source}:${k.instrumentToken}:${k.interval}`;

/**
 * Live sync: one hub subscription per admin live-data config, persisting every closed candle. It runs on
 * the leader; start and stop flip a shared switch any instance may flip, and every instance reports what
 * the leader last shared.
 */
export function createLiveSyncService(deps: {
  hub: MarketDataHub;
  configs: LiveConfigsRepository;
  candles: CandlesRepository;
  shared: Pick<SharedState, 'liveSyncWanted' | 'liveSyncStatus'>;
  isLeader: () => boolean;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const active = new Map<string, () => void>();
  let isRunning = false;
  let lastShared = '';

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

  const localStatus = (): LiveSyncStatus => ({
    isRunning,
    // The streams connected now, whoever asked for them: running strategies keep Kite's open while live sync
    // is stopped, and a status saying "none" then would be false.
    connectedSources: deps.hub.connectedSources(),
    activeSubscriptions: [...active.keys()].sort(),
    // Said whether or not live sync runs: the engine's candles come through the same stream.
    haltedSources: deps.hub.haltedSources(),
  });

  /** The leader shares what it runs, when that changes, for every other instance to show. */
  async function share() {
    const status = localStatus();
    const text = JSON.stringify(status);
    if (text === lastShared) return;
    lastShared = text;
    await deps.shared.liveSyncStatus.set(status, deps.clock.now());
  }

  async function startHere() {
    isRunning = true;
    await reconcile();
    deps.logger.info({ subscriptions: active.size }, 'live sync started');
    await share();
  }

  function haltHere() {
    isRunning = false;
    for (const release of active.values()) release();
    active.clear();
  }

  return {
    async start(): Promise<LiveSyncStatus> {
      await deps.shared.liveSyncWanted.set(true, deps.clock.now());
      if (deps.isLeader()) await startHere();
      return this.status();
    },

    async stop(): Promise<LiveSyncStatus> {
      await deps.shared.liveSyncWanted.set(false, deps.clock.now());
      haltHere();
      if (deps.isLeader()) await share();
      deps.logger.info('live sync stopped');
      return this.status();
    },

    /** Follows config edits while running. */
    async configsChanged(): Promise<void> {
      if (isRunning) await reconcile();
    },

    /** What runs: here on the leader, else as the leader last shared it. */
    async status(): Promise<LiveSyncStatus> {
      if (deps.isLeader()) return localStatus();
      const isWanted = await deps.shared.liveSyncWanted.get();
      const shared = await deps.shared.liveSyncStatus.get();
      return {
        isRunning: isWanted,
        connectedSources: shared?.connectedSources ?? [],
        activeSubscriptions: isWanted ? (shared?.activeSubscriptions ?? []) : [],
        haltedSources: shared?.haltedSources ?? [],
      };
    },

    /** The leader's worker tick: follow the shared switch and configs, and share what runs. */
    async follow(): Promise<void> {
      const isWanted = await deps.shared.liveSyncWanted.get();
      if (isWanted && !isRunning) await startHere();
      else if (!isWanted && isRunning) haltHere();
      else if (isRunning) await reconcile();
      await share();
    },

    /** On shutdown or lost leadership: release subscriptions but keep the switch for the next leader. */
    halt: haltHere,
  };
}

export type LiveSyncService = ReturnType<typeof createLiveSyncService>;
