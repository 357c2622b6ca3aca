import { randomBytes } from 'node:crypto';
import type { LiveSyncStatus } from '@app/contract';
import type { SettingsRepository } from './settings.repository.js';

/**
 * The switches and readings every console instance shares through the database (DESIGN §9): an admin
 * flips a switch on any instance, the leader's workers follow it, and every instance reads what the
 * leader reports. One place, so no domain reads another's settings keys.
 */
export function createSharedState(settings: SettingsRepository) {
  /**
   * A random id this database got on first use: what keeps shared services (Redis) apart per database,
   * even for a database re-created at the same path. The first instance to ask creates it.
   */
  async function databaseId(now: number): Promise<string> {
    const known = await settings.get<string>('database.id');
    if (known) return known;
    await settings.setIfMissing('database.id', randomBytes(8).toString('hex'), now);
    return (await settings.get<string>('database.id')) ?? '';
  }

  const flag = (key: string) => ({
    get: async () => (await settings.get<boolean>(key)) === true,
    set: (value: boolean, now: number) => settings.change(key, value, now),
    /** Since when the switch has been on; null while off. */
    onSince: async () => {
      const stamped = await settings.getStamped<boolean>(key);
      return stamped?.value === true ? stamped.since : null;
    },
  });
  return {
    databaseId,
    /** The RDX strategy service is wanted on (its start/stop buttons). */
    rdxWanted: flag('rdx.wanted'),
    /** Live sync is wanted on. */
    liveSyncWanted: flag('liveSync.wanted'),
    /** Auto-scheduling of live sync is enabled. */
    schedulingEnabled: flag('scheduling.enabled'),
    /** What the leader's live sync last reported (connected sources, subscriptions). */
    liveSyncStatus: {
      get: async () => (await settings.get<LiveSyncStatus>('liveSync.status')) ?? null,
      set: (value: LiveSyncStatus, now: number) => settings.set('liveSync.status', value, now),
    },
    /** Why the engine could not trade each mapping on its last candle close, by mapping id. */
    tradeProblems: {
      get: async () => (await settings.get<Record<string, string>>('engine.problems')) ?? {},
      set: (value: Record<string, string>, now: number) => settings.set('engine.problems', value, now),
    },
    /**
     * The admin's kill switch (issue 13): while engaged no strategy starts, resumes or realigns, on any
     * instance. `at` is epoch ms, `by` the admin's username.
     */
    killSwitch: {
      get: async () =>
        (await settings.get<KillSwitchState>('risk.killSwitch')) ?? { engaged: false, at: null, by: null },
      set: (value: KillSwitchState, now: number) => settings.set('risk.killSwitch', value, now),
    },
    /** The instance running the singleton workers, and since when. */
    leader: {
      get: async () => (await settings.get<{ instance: string; since: number }>('cluster.leader')) ?? null,
      set: (value: { instance: string; since: number }, now: number) => settings.set('cluster.leader', value, now),
    },
  };
}

export interface KillSwitchState {
  engaged: boolean;
  at: number | null;
  by: string | null;
}

export type SharedState = ReturnType<typeof createSharedState>;
