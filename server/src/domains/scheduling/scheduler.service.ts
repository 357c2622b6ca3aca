import type { Scheduling } from '@app/contract';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { Clock } from '../../platform/clock.js';
import { isInsideWindow, SCHEDULE, START_CRON, STOP_CRON } from './scheduling.logic.js';

const ENABLED_KEY = 'scheduling.enabled';

/** What the scheduler drives: live sync's start and stop. */
export interface SchedulableSync {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  status(): { isRunning: boolean };
}

/**
 * Auto-scheduling of live sync (SPEC §9): start 09:15, stop 15:30 IST, Monday to Friday.
 * Croner fires the two edges; `onStart`/`onStop` are the ticks, callable by tests with any clock.
 * The enabled flag is persisted; enabling (or booting) inside the window starts live sync at once.
 */
export function createScheduler(deps: {
  settings: SettingsRepository;
  sync: SchedulableSync;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Off in tests: they call onStart/onStop themselves. */
  useTimers?: boolean;
}) {
  let enabled = false;
  let jobs: Cron[] = [];

  const status = (): Scheduling => ({
    autoStart: enabled,
    autoStop: enabled,
    startTime: SCHEDULE.startTime,
    stopTime: SCHEDULE.stopTime,
    timezone: SCHEDULE.timezone,
    days: SCHEDULE.days,
  });

  const disarm = () => {
    for (const job of jobs) job.stop();
    jobs = [];
  };

  const guarded = (name: string, fn: () => Promise<void>) => () => {
    fn().catch((err: unknown) => deps.logger.error({ err }, `scheduled ${name} failed`));
  };

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

    arm() {
      disarm();
      if (!enabled || deps.useTimers === false) return;
      const options = { timezone: SCHEDULE.timezone, protect: true };
      jobs = [
        new Cron(
          START_CRON,
          options,
          guarded('start', () => scheduler.onStart(deps.clock.now())),
        ),
        new Cron(
          STOP_CRON,
          options,
          guarded('stop', () => scheduler.onStop()),
        ),
      ];
    },

    async enable(): Promise<Scheduling> {
      enabled = true;
      await deps.settings.set(ENABLED_KEY, true, deps.clock.now());
      scheduler.arm();
      await scheduler.onStart(deps.clock.now());
      return status();
    },

    async disable(): Promise<Scheduling> {
      enabled = false;
      await deps.settings.set(ENABLED_KEY, false, deps.clock.now());
      disarm();
      return status();
    },

    /** Boot: restore the persisted flag; inside the window, start live sync at once. */
    async restore(): Promise<void> {
      enabled = (await deps.settings.get<boolean>(ENABLED_KEY)) === true;
      scheduler.arm();
      await scheduler.onStart(deps.clock.now());
    },

    shutdown: disarm,
  };
  return scheduler;
}

export type Scheduler = ReturnType<typeof createScheduler>;
