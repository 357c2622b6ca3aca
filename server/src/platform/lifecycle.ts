import type { FastifyBaseLogger } from 'fastify';

/** A background role of the server (market-data sync, strategy engine, scheduler…). */
export interface Worker {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkerStatus {
  name: string;
  isRunning: boolean;
  lastTickAt: string | null;
  lastError: string | null;
}

/** Starts workers in order and stops them in reverse; one failing never blocks the others' shutdown. */
export function createWorkerRunner(logger: FastifyBaseLogger) {
  const started: Worker[] = [];
  const statuses = new Map<string, WorkerStatus>();
  return {
    async startAll(workers: Worker[]) {
      for (const w of workers) {
        try {
          await w.start();
          statuses.set(w.name, {
            name: w.name,
            isRunning: true,
            lastTickAt: new Date().toISOString(),
            lastError: null,
          });
        } catch (err) {
          // One role failing to start (a provider down at boot) must not keep the console from serving.
          const message = err instanceof Error ? err.message : String(err);
          statuses.set(w.name, { name: w.name, isRunning: false, lastTickAt: null, lastError: message });
          logger.error({ err, worker: w.name }, 'worker failed to start');
          continue;
        }
        started.push(w);
        logger.info({ worker: w.name }, 'worker started');
      }
    },
    /** For /api/health. */
    statuses: (): WorkerStatus[] => [...statuses.values()],
    async stopAll() {
      while (started.length > 0) {
        const w = started.pop();
        if (!w) break;
        try {
          await w.stop();
          const status = statuses.get(w.name);
          if (status) status.isRunning = false;
          logger.info({ worker: w.name }, 'worker stopped');
        } catch (err) {
          logger.error({ err, worker: w.name }, 'worker failed to stop');
        }
      }
    },
  };
}
