import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import type { Worker } from '../../platform/lifecycle.js';
import { createHistoryCheck } from './backtest-history.js';
import { backtestQueueName, createBacktestQueue, type BacktestQueue } from './backtest-queue.js';
import type { ThreadData } from './backtest-thread.js';
import { createBacktestThreads } from './backtest-threads.js';
import { BACKTEST_STALE_MS, createBacktestWorker } from './backtest.worker.js';
import { createBacktestsRepository } from './backtests.repository.js';
import { registerBacktestsRoutes } from './backtests.routes.js';
import { createBacktestsService } from './backtests.service.js';

/** How often a console running backtests looks after the BullMQ queue (runs abandoned, jobs lost). */
const RECONCILE_MS = 10_000;

/**
 * The Strategy Lab (issue 30, docs/BACKTEST.md): backtests of any strategy type over the console's history, run
 * by the live engine's own code (backtest-engine.ts) on a queue that any console with SERVICES `backtest` takes
 * runs from: in the database, or BullMQ on Redis when there is one (backtest-queue.ts).
 */
export function createBacktestModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  logger: FastifyBaseLogger;
  holidays: HolidaySource;
  /** This console's name, written on the runs it takes. */
  instance: string;
  /** Runs at once on this console's own thread, when it runs no worker threads. */
  concurrency?: number | undefined;
  /** Worker threads to run backtests on (main.ts: one per core); none: on the console's own thread. */
  threads?: { count: number; thread: Omit<ThreadData, 'instance' | 'jobs'> } | undefined;
  /** BullMQ on this Redis carries the runs (REDIS_URL), in a queue named after the database; absent: the database. */
  queue?: { redisUrl: string; databaseId: string } | undefined;
}) {
  const repo = createBacktestsRepository(deps.db);
  const jobs = deps.queue && { redisUrl: deps.queue.redisUrl, name: backtestQueueName(deps.queue.databaseId) };
  const queue = jobs ? createBacktestQueue({ ...jobs, repo, logger: deps.logger }) : null;
  const runner = createBacktestWorker({
    db: deps.db,
    repo,
    clock: deps.clock,
    events: deps.events,
    holidays: deps.holidays,
    logger: deps.logger,
    instance: deps.instance,
    concurrency: deps.concurrency ?? 1,
    jobs,
  });
  const threads =
    deps.threads && deps.threads.count > 0
      ? createBacktestThreads({
          count: deps.threads.count,
          thread: { ...deps.threads.thread, jobs },
          instance: deps.instance,
          events: deps.events,
          logger: deps.logger,
          hasWork: () => repo.hasWork(deps.clock.now() - BACKTEST_STALE_MS),
        })
      : null;
  const backtests = createBacktestsService({
    db: deps.db,
    repo,
    clock: deps.clock,
    events: deps.events,
    onQueued: (id) => {
      queue?.add(id);
      // The threads start with the first run (their BullMQ workers with them); with BullMQ the kick goes no further.
      if (threads) threads.kick();
      else runner.kick();
    },
    onCancelled: (id) => runner.cancelled(id),
    checkHistory: createHistoryCheck(deps.db),
  });
  const routes: RegisterRoutes = (app, authenticate) => registerBacktestsRoutes(app, authenticate, backtests);
  const runs = threads ? threads.worker : runner.worker;
  const worker: Worker = queue ? withReconcile(runs, queue) : runs;
  return {
    backtests,
    runner,
    routes,
    workers: [worker],
    /** Closes the queue's connection (the workers stop with the console's runner). */
    close: async () => {
      await runner.worker.stop();
      await queue?.close();
    },
  };
}

/**
 * With BullMQ, the console's backtest worker also fails runs abandoned twice and gives lost runs their jobs
 * again, every RECONCILE_MS, besides its own tick (the threads' look for work, which starts them).
 */
function withReconcile(runs: Worker, queue: BacktestQueue): Worker {
  let reconciledAt = -Infinity;
  return {
    ...runs,
    everyMs: Math.min(runs.everyMs ?? RECONCILE_MS, RECONCILE_MS),
    tick: async (now) => {
      await runs.tick?.(now);
      if (now - reconciledAt < RECONCILE_MS) return;
      reconciledAt = now;
      await queue.reconcile(now - BACKTEST_STALE_MS, now);
    },
  };
}
