import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';

/**
 * A background role of the server (market-data sync, strategy engine, scheduler). `tick(now)` is its
 * periodic work as a plain function, so tests call it with any instant instead of waiting for timers.
 */
export interface Worker {
  name: string;
  /** Runs on one instance at a time, the leader (engine, scheduler, live sync). */
  singleton?: boolean;
  /** How often the runner calls `tick`; a role without periodic work leaves both out. */
  everyMs?: number;
  start(): Promise<void>;
  tick?(now: number): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkerStatus {
  name: string;
  isRunning: boolean;
  lastTickAt: string | null;
  lastError: string | null;
  /** How late the last tick started after it was due, ms. */
  lagMs: number | null;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

interface Running {
  worker: Worker;
  timer: NodeJS.Timeout | null;
  ticking: Promise<void> | null;
}

/**
 * Starts workers in order and stops them in reverse (STYLE "Background workers"). Ticks never overlap:
 * a tick still running when the next is due is skipped. Errors are logged with the worker's name and
 * shown in /api/health; one worker failing never stops the others or the console.
 */
export function createWorkerRunner(logger: FastifyBaseLogger, clock: Clock) {
  const running: Running[] = [];
  const statuses = new Map<string, WorkerStatus>();

  function schedule(entry: Running, status: WorkerStatus) {
    const { worker } = entry;
    if (!worker.tick || !worker.everyMs) return;
    const tick = worker.tick.bind(worker);
    let dueAt = clock.now() + worker.everyMs;
    entry.timer = setInterval(() => {
      if (entry.ticking) return;
      const startedAt = clock.now();
      status.lagMs = Math.max(0, startedAt - dueAt);
      dueAt = startedAt + (worker.everyMs ?? 0);
      entry.ticking = tick(startedAt)
        .then(() => {
          status.lastError = null;
        })
        .catch((err: unknown) => {
          status.lastError = messageOf(err);
          logger.error({ err, worker: worker.name }, 'worker tick failed');
        })
        .finally(() => {
          status.lastTickAt = new Date(clock.now()).toISOString();
          entry.ticking = null;
        });
    }, worker.everyMs);
  }

  return {
    async startAll(workers: Worker[]) {
      for (const worker of workers) {
        const status: WorkerStatus = {
          name: worker.name,
          isRunning: false,
          lastTickAt: null,
          lastError: null,
          lagMs: null,
        };
        statuses.set(worker.name, status);
        try {
          await worker.start();
        } catch (err) {
          // One role failing to start (a provider down at boot) must not keep the console from serving.
          status.lastError = messageOf(err);
          logger.error({ err, worker: worker.name }, 'worker failed to start');
          continue;
        }
        status.isRunning = true;
        status.lastTickAt = new Date(clock.now()).toISOString();
        const entry: Running = { worker, timer: null, ticking: null };
        running.push(entry);
        schedule(entry, status);
        logger.info({ worker: worker.name }, 'worker started');
      }
    },

    /** For /api/health. */
    statuses: (): WorkerStatus[] => [...statuses.values()].map((s) => ({ ...s })),

    /** Stops the named workers (all by default), newest first. */
    async stopAll(names?: readonly string[]) {
      const stopping = running.filter((e) => !names || names.includes(e.worker.name)).reverse();
      for (const entry of stopping) {
        running.splice(running.indexOf(entry), 1);
        if (entry.timer) clearInterval(entry.timer);
        try {
          await entry.ticking;
          await entry.worker.stop();
          const status = statuses.get(entry.worker.name);
          if (status) status.isRunning = false;
          logger.info({ worker: entry.worker.name }, 'worker stopped');
        } catch (err) {
          logger.error({ err, worker: entry.worker.name }, 'worker failed to stop');
        }
      }
    },
  };
}
