import type { Scheduling } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { Clock } from '../../platform/clock.js';
import { isInsideWindow, lastEdgeAtOrBefore, SCHEDULE } from './scheduling.logic.js';

const ENABLED_KEY = 'scheduling.enabled';

/** What the scheduler drives: live sync's start and stop. */
export interface SchedulableSync {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  status(): { isRunning: boolean };
}

/**
 * Auto-scheduling of live sync (SPEC §9): start 09:15, stop 15:30 IST, Monday to Friday. The worker's
 * `tick(now)` acts on an edge the first time a tick passes it; `onStart`/`onStop` are the edges themselves.
 * The enabled flag is persisted; enabling (or booting) inside the window starts live sync at once.
 */
export function createScheduler(deps: {
  settings: SettingsRepository;
  sync: SchedulableSync;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  let enabled = false;
  let lastTickAt: number | null = null;

  const status = (): Scheduling => ({
    autoStart: enabled,
    autoStop: enabled,
    startTime: SCHEDULE.startTime,
    stopTime: SCHEDULE.stopTime,
    timezone: SCHEDULE.timezone,
    days: SCHEDULE.days,
  });

  const scheduler = {
    status,

    /** The 09:15 edge. */
    async onStart(now: number) {
      if (!enabled || !isInsideWindow(now) || deps.sync.status().isRunning) return;
      deps.logger.info('auto-schedule: starting live sync');
      await deps.sync.start();
    },

    /** The 15:30 edge. */
    async onStop() {
      if (!enabled || !deps.sync.status().isRunning) return;
      deps.logger.info('auto-schedule: stopping live sync');
      await deps.sync.stop();
    },

    /** The worker's periodic work: act on the latest edge passed since the previous tick. */
    async tick(now: number) {
      const prev = lastTickAt ?? now;
      lastTickAt = now;
      const start = lastEdgeAtOrBefore(SCHEDULE.startTime, now) ?? -Infinity;
      const stop = lastEdgeAtOrBefore(SCHEDULE.stopTime, now) ?? -Infinity;
      const latest = Math.max(start, stop);
      if (latest <= prev) return;
      if (latest === start) await scheduler.onStart(now);
      else await scheduler.onStop();
    },

    async enable(): Promise<Scheduling> {
      enabled = true;
      await deps.settings.set(ENABLED_KEY, true, deps.clock.now());
      await scheduler.onStart(deps.clock.now());
      return status();
    },

    async disable(): Promise<Scheduling> {
      enabled = false;
      await deps.settings.set(ENABLED_KEY, false, deps.clock.now());
      return status();
    },

    /** Boot: restore the persisted flag; inside the window, start live sync at once. */
    async restore(): Promise<void> {
      enabled = (await deps.settings.get<boolean>(ENABLED_KEY)) === true;
      lastTickAt = deps.clock.now();
      await scheduler.onStart(deps.clock.now());
    },
  };
  return scheduler;
}

export type Scheduler = ReturnType<typeof createScheduler>;
