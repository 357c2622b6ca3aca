import type { Scheduling } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../db/shared-state.js';
import type { Clock } from '../../platform/clock.js';
import { isInsideWindow, lastEdgeAtOrBefore, SCHEDULE } from './scheduling.logic.js';

/** What the scheduler drives: live sync's start and stop. */
export interface SchedulableSync {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  status(): Promise<{ isRunning: boolean }>;
}

/**
 * Auto-scheduling of live sync (SPEC §9): start 09:15, stop 15:30 IST, Monday to Friday. The worker's
 * `tick(now)` acts on an edge the first time a tick passes it; `onStart`/`onStop` are the edges themselves.
 * The enabled switch is shared by every instance (the leader's tick re-reads it); enabling (or booting)
 * inside the window starts live sync at once.
 */
export function createScheduler(deps: {
  shared: Pick<SharedState, 'schedulingEnabled'>;
  sync: SchedulableSync;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  let enabled = false;
  let lastTickAt: number | null = null;

  const statusOf = (isOn: boolean): Scheduling => ({
    autoStart: isOn,
    autoStop: isOn,
    startTime: SCHEDULE.startTime,
    stopTime: SCHEDULE.stopTime,
    timezone: SCHEDULE.timezone,
    days: SCHEDULE.days,
  });

  const scheduler = {
    /** The switch as every instance sees it. */
    status: async () => statusOf(await deps.shared.schedulingEnabled.get()),

    /** The 09:15 edge. */
    async onStart(now: number) {
      if (!enabled || !isInsideWindow(now) || (await deps.sync.status()).isRunning) return;
      deps.logger.info('auto-schedule: starting live sync');
      await deps.sync.start();
    },

    /** The 15:30 edge. */
    async onStop() {
      if (!enabled || !(await deps.sync.status()).isRunning) return;
      deps.logger.info('auto-schedule: stopping live sync');
      await deps.sync.stop();
    },

    /** The worker's periodic work: act on the latest edge passed since the previous tick. */
    async tick(now: number) {
      const prev = lastTickAt ?? now;
      lastTickAt = now;
      enabled = await deps.shared.schedulingEnabled.get();
      const start = lastEdgeAtOrBefore(SCHEDULE.startTime, now) ?? -Infinity;
      const stop = lastEdgeAtOrBefore(SCHEDULE.stopTime, now) ?? -Infinity;
      const latest = Math.max(start, stop);
      if (latest <= prev) return;
      if (latest === start) await scheduler.onStart(now);
      else await scheduler.onStop();
    },

    async enable(): Promise<Scheduling> {
      enabled = true;
      await deps.shared.schedulingEnabled.set(true, deps.clock.now());
      await scheduler.onStart(deps.clock.now());
      return statusOf(true);
    },

    async disable(): Promise<Scheduling> {
      enabled = false;
      await deps.shared.schedulingEnabled.set(false, deps.clock.now());
      return statusOf(false);
    },

    /** Boot: restore the persisted flag; inside the window, start live sync at once. */
    async restore(): Promise<void> {
      enabled = await deps.shared.schedulingEnabled.get();
      lastTickAt = deps.clock.now();
      await scheduler.onStart(deps.clock.now());
    },
  };
  return scheduler;
}

export type Scheduler = ReturnType<typeof createScheduler>;
