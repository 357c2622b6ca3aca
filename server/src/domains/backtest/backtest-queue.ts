import { DelayedError, Queue, Worker as JobWorker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { closeRedis, openRedis, type RedisClient } from '../../platform/redis.js';
import type { BacktestsRepository } from './backtests.repository.js';

/*
 * The backtest queue on Redis (REDIS_URL set; docs/BACKTEST.md "Running them"): BullMQ carries run ids, the
 * database row stays the truth. A job's worker claims its row by id (a cancelled or finished run is skipped),
 * runs it, and the job ends when the run does. A console killed mid-run stops renewing its job's lock; BullMQ's
 * stalled check hands the job to another worker once (maxStalledCount 1), whose claim succeeds because the
 * row's heartbeat has gone silent; a second death fails the job, and the row is failed by `reconcile`.
 */

/** A job's lock: renewed every half of it while its run goes on; lapsed, another worker takes the job. */
export const JOB_LOCK_MS = 10_000;
/**
 * A handed-back job's run is claimable once its heartbeat is this old. The lock lapses at least half a lock
 * after its last renewal, and a live run beats twice a second, so a dead console's last beat is older than this
 * by the time its job comes back (a beat a little younger, clocks apart, is waited out: backtest.worker.ts).
 */
export const JOB_STALE_MS = JOB_LOCK_MS / 2;
const STALLED_CHECK_MS = 5_000;
/** How long finished jobs stay listed in Redis (the rows keep the results). */
const KEEP_DONE = { age: 24 * 3600, count: 1000 };
const KEEP_FAILED = { age: 7 * 24 * 3600 };

/** Where the queue is: a Redis, and the queue's name there. */
export interface BacktestQueueOptions {
  redisUrl: string;
  name: string;
}

/** What a job's run came to: its run's end, `skipped` (not claimable), `stopped` (this console is stopping). */
export type JobOutcome = 'done' | 'failed' | 'cancelled' | 'skipped' | 'stopped';

/** The queue of a database's consoles: they share it, and consoles of another database on the same Redis never see it. */
export const backtestQueueName = (databaseId: string) => `backtests-${databaseId}`;

/** A run's job id: adding a run twice adds one job. */
export const backtestJobId = (id: number) => `run-${id}`;

/**
 * The queue's producer side, on every console (any console queues runs): adds a queued run's job, and, on a
 * console that runs backtests, `reconcile` now and then: runs whose console died twice are failed, and a run
 * nobody holds (its job lost with Redis, or its add failed while Redis was away) gets its job again.
 */
export function createBacktestQueue(
  options: BacktestQueueOptions & { repo: BacktestsRepository; logger: FastifyBaseLogger },
) {
  const { repo, logger } = options;
  // Opened with the first job to add: a console that never backtests keeps no connection for it, and leaves no
  // trace in Redis (BullMQ writes a queue's meta key when it opens it; CI runs every test with REDIS_URL).
  let opened: { client: RedisClient; queue: Queue<{ id: number }> } | null = null;
  let isClosed = false;
  const open = () => {
    if (opened) return opened.queue;
    // A run queued while the console stops keeps its row; a console running backtests gives it its job.
    if (isClosed) throw new Error('the backtest queue is closed');
    const client = openRedis(options.redisUrl, { logger, purpose: 'backtest queue' });
    const queue = new Queue<{ id: number }>(options.name, { connection: client });
    // Outages are logged once by openRedis; without a listener BullMQ's re-emitted 'error' would end the process.
    queue.on('error', () => undefined);
    opened = { client, queue };
    return queue;
  };

  const add = async (id: number) => {
    await open().add(
      'run',
      { id },
      { jobId: backtestJobId(id), removeOnComplete: KEEP_DONE, removeOnFail: KEEP_FAILED },
    );
  };

  return {
    /** A queued run's job; when Redis is away the run waits for `reconcile` to add it. */
    add(id: number): void {
      add(id).catch((err: unknown) =>
        logger.warn(
          { backtestId: id, reason: err instanceof Error ? err.message : String(err) },
          'backtest job not added; added again later',
        ),
      );
    },

    /** Fails runs abandoned twice; gives each run silent since `staleBefore` a job unless one waits or runs. */
    async reconcile(staleBefore: number, now: number): Promise<void> {
      await repo.failAbandoned(staleBefore, now);
      for (const id of await repo.unattended(staleBefore)) {
        const queue = open();
        const state = await queue.getJobState(backtestJobId(id));
        if (state !== 'unknown' && state !== 'completed' && state !== 'failed') continue;
        // A finished job's id would make the add a no-op.
        if (state !== 'unknown') await queue.remove(backtestJobId(id));
        await add(id);
      }
    },

    async close(): Promise<void> {
      isClosed = true;
      if (!opened) return;
      const { client, queue } = opened;
      opened = null;
      await queue.close();
      await closeRedis(client);
    },
  };
}

export type BacktestQueue = ReturnType<typeof createBacktestQueue>;

/**
 * A consumer of the queue: `concurrency` jobs at once, each handed to `take` (claim the row, run it). A job whose
 * run this console's stop interrupted goes back to the queue, due when its heartbeat is stale.
 */
export function consumeBacktestJobs(
  options: BacktestQueueOptions & {
    concurrency: number;
    /** The console (thread) taking the jobs: the worker's name in Redis's CLIENT LIST and on each job it takes. */
    instance: string;
    clock: Clock;
    logger: FastifyBaseLogger;
    take: (id: number) => Promise<JobOutcome>;
  },
) {
  const { logger } = options;
  const client = openRedis(options.redisUrl, { logger, purpose: 'backtest queue' });
  const worker = new JobWorker<{ id: number }, JobOutcome>(
    options.name,
    async (job, token) => {
      const outcome = await options.take(job.data.id);
      if (outcome !== 'stopped') return outcome;
      await job.moveToDelayed(options.clock.now() + JOB_LOCK_MS, token);
      throw new DelayedError();
    },
    {
      connection: client,
      // A Redis client's name holds no spaces (INSTANCE_NAME may).
      name: options.instance.replace(/\s/g, '_'),
      concurrency: options.concurrency,
      lockDuration: JOB_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      maxStalledCount: 1,
    },
  );
  worker.on('error', (err) => {
    // While Redis is away openRedis has said so once; what fails meanwhile is retried by BullMQ.
    if (client.isReady) logger.warn({ reason: err.message }, 'backtest queue error');
  });
  return {
    /** Takes no more jobs, waits for the ones running (their runs told to stop first), closes. */
    async close(): Promise<void> {
      // With Redis away nothing can be handed back, and BullMQ's graceful close would wait for Redis: the jobs
      // are left to the stalled check (and to `reconcile`) instead, and the stop goes on.
      await (client.isReady ? worker.close() : worker.close(true));
      await closeRedis(client);
    },
  };
}
