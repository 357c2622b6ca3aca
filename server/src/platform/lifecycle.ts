import type { FastifyBaseLogger } from 'fastify';

/** A background role of the server (market-data sync, strategy engine, scheduler…). */
export interface Worker {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts workers in order and stops them in reverse; one failing never blocks the others' shutdown. */
export function createWorkerRunner(logger: FastifyBaseLogger) {
  const started: Worker[] = [];
  return {
    async startAll(workers: Worker[]) {
      for (const w of workers) {
        await w.start();
        started.push(w);
        logger.info({ worker: w.name }, 'worker started');
      }
    },
    async stopAll() {
      while (started.length > 0) {
        const w = started.pop();
        if (!w) break;
        try {
          await w.stop();
          logger.info({ worker: w.name }, 'worker stopped');
        } catch (err) {
          logger.error({ err, worker: w.name }, 'worker failed to stop');
        }
      }
    },
  };
}
