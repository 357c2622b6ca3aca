import { Worker as Thread } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import type { Worker } from '../../platform/lifecycle.js';
import type { ThreadData, ThreadMessage } from './backtest-thread.js';

/** How often a console without threads yet looks for runs to take up. */
const LOOK_EVERY_MS = 2000;
/** How long a stopping thread may take to end its run and close before it is ended for it. */
const STOP_GRACE_MS = 10_000;

/**
 * The backtest service as a console runs it: one worker thread per core (`count`), each taking runs from the
 * queue (the database's, or BullMQ's with REDIS_URL), so a sweep's runs go side by side and the console's own
 * thread keeps serving. A run's progress comes back here and is told to its owner.
 */
export function createBacktestThreads(deps: {
  count: number;
  thread: Omit<ThreadData, 'instance'>;
  instance: string;
  events: Pick<DomainEventBus, 'publish'>;
  logger: FastifyBaseLogger;
  /** Whether a run waits to be taken up (or was left by a console that stopped): the threads start then. */
  hasWork: () => Promise<boolean>;
}) {
  let threads: Thread[] = [];
  let isStarted = false;

  /**
   * Threads start with the first run to take up, not with the console: a console that never backtests spends
   * no core loading them, and its start is not slowed by them.
   */
  function spawnAll() {
    if (!isStarted || threads.length > 0) return;
    threads = Array.from({ length: deps.count }, (_, i) => spawn(i + 1));
    deps.logger.info({ threads: threads.length }, 'backtest workers started');
  }

  function spawn(index: number): Thread {
    const data: ThreadData = { ...deps.thread, instance: `${deps.instance}#${index}` };
    const thread = new Thread(new URL('./backtest-thread.js', import.meta.url), { workerData: data });
    thread.on('message', (message: ThreadMessage) => {
      if (message.kind === 'event' && message.name === 'backtest.progress') {
        void deps.events.publish('backtest.progress', message.payload as DomainEvents['backtest.progress']);
      }
    });
    thread.on('error', (err) => deps.logger.error({ err, thread: index }, 'backtest thread failed'));
    return thread;
  }

  async function stopOne(thread: Thread): Promise<void> {
    const stopped = new Promise<void>((resolve) => {
      thread.on('message', (m: ThreadMessage) => m.kind === 'stopped' && resolve());
      thread.on('exit', () => resolve());
    });
    thread.postMessage('stop');
    const timer = setTimeout(() => void thread.terminate(), STOP_GRACE_MS);
    await stopped;
    clearTimeout(timer);
    await thread.terminate();
  }

  const worker: Worker = {
    name: 'backtest',
    everyMs: LOOK_EVERY_MS,
    start: async () => {
      isStarted = true;
      if (await deps.hasWork()) spawnAll();
    },
    // Runs queued on another console (or left by one that stopped) start this console's threads too.
    tick: async () => {
      if (threads.length === 0 && (await deps.hasWork())) spawnAll();
    },
    stop: async () => {
      isStarted = false;
      await Promise.all(threads.map(stopOne));
      threads = [];
    },
  };
  return {
    worker,
    /** A run was queued: the threads start, or every thread looks now (one of them takes it). */
    kick: () => {
      if (threads.length === 0) spawnAll();
      else for (const t of threads) t.postMessage('kick');
    },
  };
}
