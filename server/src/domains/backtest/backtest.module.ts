import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { createHistoryCheck } from './backtest-history.js';
import type { ThreadData } from './backtest-thread.js';
import { createBacktestThreads } from './backtest-threads.js';
import { BACKTEST_STALE_MS, createBacktestWorker } from './backtest.worker.js';
import { createBacktestsRepository } from './backtests.repository.js';
import { registerBacktestsRoutes } from './backtests.routes.js';
import { createBacktestsService } from './backtests.service.js';

/**
 * The Strategy Lab (issue 30, docs/BACKTEST.md): backtests of any strategy type over the console's history, run
 * by the live engine's own code (backtest-engine.ts) on a queue in the database that any console with SERVICES
 * `backtest` takes runs from.
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
  threads?: { count: number; thread: Omit<ThreadData, 'instance'> } | undefined;
}) {
  const repo = createBacktestsRepository(deps.db);
  const runner = createBacktestWorker({
    db: deps.db,
    repo,
    clock: deps.clock,
    events: deps.events,
    holidays: deps.holidays,
    logger: deps.logger,
    instance: deps.instance,
    concurrency: deps.concurrency ?? 1,
  });
  const threads =
    deps.threads && deps.threads.count > 0
      ? createBacktestThreads({
          ...deps.threads,
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
    onQueued: () => (threads ? threads.kick() : runner.kick()),
    onCancelled: (id) => runner.cancelled(id),
    checkHistory: createHistoryCheck(deps.db),
  });
  const routes: RegisterRoutes = (app, authenticate) => registerBacktestsRoutes(app, authenticate, backtests);
  return { backtests, runner, routes, workers: [threads ? threads.worker : runner.worker] };
}
