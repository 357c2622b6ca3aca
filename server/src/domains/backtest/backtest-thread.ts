import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type DatabaseOptions } from '../../db/client.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { createLogDestination } from '../../platform/log-destination.js';
import { createLogger } from '../../platform/logger.js';
import { systemClock } from '../../platform/clock.js';
import { createCalendarModule } from '../calendar/calendar.module.js';
import type { BacktestQueueOptions } from './backtest-queue.js';
import { createBacktestWorker } from './backtest.worker.js';
import { createBacktestsRepository } from './backtests.repository.js';

/*
 * One backtest worker thread (backtest-threads.ts starts one per core): its own database connection, the same
 * queue as every console's (the database's, or with `jobs` BullMQ's on Redis: then it is a BullMQ worker of its
 * own), one run at a time. What it publishes (a run's progress) goes to the console's thread, which tells the
 * run's owner; "stop" ends its runs (left to be taken up again, a BullMQ job put back) and closes it.
 */

export interface ThreadData {
  database: Pick<DatabaseOptions, 'url' | 'sqliteFile' | 'pgSchema' | 'pgConnectTimeoutMs' | 'pgStatementTimeoutMs'>;
  instance: string;
  logLevel: string;
  /** BullMQ on Redis hands out the runs (REDIS_URL); absent: the thread polls the database. */
  jobs?: BacktestQueueOptions | undefined;
}

export type ThreadMessage = { kind: 'event'; name: keyof DomainEvents; payload: unknown } | { kind: 'stopped' };

const data = workerData as ThreadData;
const port = parentPort!;
const logger = createLogger(data.logLevel, createLogDestination(1)).child({ thread: data.instance });
const database = openDatabase({ ...data.database, pgPoolSize: 2, logger });
const { calendar } = createCalendarModule({ db: database.db, clock: systemClock });
const runner = createBacktestWorker({
  db: database.db,
  repo: createBacktestsRepository(database.db),
  clock: systemClock,
  events: {
    publish: (name, payload) => {
      port.postMessage({ kind: 'event', name, payload } satisfies ThreadMessage);
      return Promise.resolve();
    },
  },
  holidays: calendar,
  logger,
  instance: data.instance,
  concurrency: 1,
  jobs: data.jobs,
});

const TICK_MS = 1000;
await runner.worker.start();
// Polling the database's queue; BullMQ's worker needs no tick.
const timer = runner.worker.tick ? setInterval(() => void runner.worker.tick?.(Date.now()), TICK_MS) : null;
port.on('message', (message: unknown) => {
  if (message === 'kick') runner.kick();
  if (message !== 'stop') return;
  if (timer) clearInterval(timer);
  void runner.worker
    .stop()
    .then(() => database.close())
    .finally(() => port.postMessage({ kind: 'stopped' } satisfies ThreadMessage));
});
