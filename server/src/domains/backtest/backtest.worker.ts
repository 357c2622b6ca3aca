import type { Backtest, BacktestEquity, BacktestSummary, BacktestTrade, StrategyInterval } from '@app/contract';
import { istDay, toRupees } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Worker } from '../../platform/lifecycle.js';
import { iso } from '../../platform/time.js';
import type { HolidaySource } from '../calendar/calendar.service.js';
import { strategyTypeOf } from '../strategies/strategy-registry.js';
import { orderLimitsFor } from '../brokers/broker-registry.js';
import { BacktestCancelledError, runBacktest, type PriceSource } from './backtest-engine.js';
import { underlyingCandles, underlyingMinutes } from './backtest-data.js';
import {
  consumeBacktestJobs,
  JOB_LOCK_MS,
  JOB_STALE_MS,
  type BacktestQueueOptions,
  type JobOutcome,
} from './backtest-queue.js';
import { backtestResults, type BacktestResults } from './backtest-results.logic.js';
import type { BacktestRow, BacktestsRepository } from './backtests.repository.js';
import { createModelMarket } from './model-market.logic.js';
import { listedRoot } from './option-roots.logic.js';
import { modelPriceSource, modelVolatility } from './price-sources.js';
import { recordedPriceSource } from './recorded-prices.js';

/** How often the worker looks for runs, and how often a run says how far it is (and hears a cancel). */
const TICK_MS = 1000;
const BEAT_MS = 500;
/** A running run not heard of for this long lost its console: it is taken up elsewhere (once). */
export const BACKTEST_STALE_MS = 30_000;
const STALE_MS = BACKTEST_STALE_MS;

const money = (paise: number) => toRupees(paise);

/** What a finished run keeps: its summary, every fill, its equity. */
function presented(r: BacktestResults, missing: { count: number; first: number | null }) {
  const summary: BacktestSummary = {
    trades: r.summary.trades,
    realized_pnl: money(r.summary.realizedPaise),
    charges: money(r.summary.chargesPaise),
    net_pnl: money(r.summary.netPaise),
    max_drawdown: money(r.summary.maxDrawdownPaise),
    win_rate: r.summary.winRate === null ? null : Math.round(r.summary.winRate * 10_000) / 10_000,
    days: r.summary.days,
    result_hash: r.summary.resultHash,
    missing_prices: { count: missing.count, first: missing.first === null ? null : iso(missing.first) },
    orders: { count: r.summary.orders.count, rate_limited: r.summary.orders.rateLimited },
  };
  const trades: BacktestTrade[] = r.fills.map((f) => ({
    time: iso(f.at),
    trading_symbol: f.tradingSymbol,
    side: f.quantity > 0 ? 'SELL' : 'BUY',
    quantity: f.quantity,
    price: money(f.pricePaise),
    charges: money(f.chargesPaise),
    reason: f.reason,
  }));
  const equity: BacktestEquity = {
    points: r.points.map((p) => ({ time: iso(p.at), net_pnl: money(p.netPaise) })),
    daily: r.daily.map((d) => ({
      day: d.day,
      realized_pnl: money(d.realizedPaise),
      charges: money(d.chargesPaise),
      net_pnl: money(d.netPaise),
    })),
  };
  return { summary, trades, equity };
}

/**
 * Runs queued backtests on this console (SERVICES `backtest`): any console may take a run, one at a time per
 * run (claimed in the database), `concurrency` at once here. A run whose console died is taken up once more.
 * The runs come from the database's queue (polled), or with `jobs` from BullMQ on Redis (backtest-queue.ts).
 */
export function createBacktestWorker(deps: {
  db: Kysely<DB>;
  repo: BacktestsRepository;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  holidays: HolidaySource;
  logger: FastifyBaseLogger;
  instance: string;
  concurrency: number;
  /** BullMQ on Redis hands this worker its runs (REDIS_URL); absent: it polls the database. */
  jobs?: BacktestQueueOptions | undefined;
}) {
  const { repo, clock, logger } = deps;
  const running = new Map<number, { cancelled: boolean; done: Promise<void> }>();
  let isStopping = false;
  // Only a console whose SERVICES name `backtest` takes runs up (its runner starts this worker).
  let isStarted = false;

  const tell = (row: BacktestRow, status: Backtest['status'], progress: number) =>
    void deps.events.publish('backtest.progress', { userId: row.userId, id: row.id, status, progress });

  async function priceSource(
    row: BacktestRow,
    ticker: string,
    holidays: ReadonlyArray<{ date: string }>,
  ): Promise<PriceSource> {
    if (row.priceSource === 'model') {
      const root = listedRoot(ticker, holidays);
      if (!root) throw new Error(`no option listing rules for ${ticker}`);
      return modelPriceSource(createModelMarket(root, await modelVolatility(deps.db, row)));
    }
    return recordedPriceSource(deps.db, ticker, row.priceSource, holidays);
  }

  /** Runs a claimed run to its end; `stopped` when this console's stop ended it (left running, to be taken up). */
  async function run(row: BacktestRow, flag: { cancelled: boolean }): Promise<Exclude<JobOutcome, 'skipped'>> {
    try {
      const type = strategyTypeOf(row.strategyName);
      if (!type) throw new Error(`no strategy type trades ${row.strategyName}`);
      const instrument = await deps.db
        .selectFrom('instruments')
        .selectAll()
        .where('id', '=', row.instrumentId)
        .executeTakeFirstOrThrow();
      const interval = row.interval as StrategyInterval;
      const candles = await underlyingCandles(deps.db, instrument, interval, row.fromAt, row.toAt);
      if (candles.length === 0) throw new Error(`no candles of ${instrument.name} in the range`);
      // Read only for a type acting between its closes (a Multi-leg leg's stop): RDX decides on closes alone.
      const minutes = type.betweenCloses ? await underlyingMinutes(deps.db, instrument, row.fromAt, row.toAt) : [];
      const holidays = await deps.holidays.holidaysFrom(istDay(row.fromAt));
      const ticker = instrument.ticker ?? '';
      const root = listedRoot(ticker, holidays);
      const prices = await priceSource(row, ticker, holidays);
      let lastBeat = 0;
      const outcome = await runBacktest(
        {
          type,
          configValues: type.storage.toColumns(JSON.parse(row.config) as Record<string, unknown>),
          interval,
          mapping: { ceCount: 1, peCount: 1, startTime: null, endTime: null },
          instrument,
          lotSizeOn: (day) => (root ? root.lotOn(root.expiriesOn(day, 1)[0]!.date, day) : instrument.lotSize),
          candles,
          minutes,
          prices,
          fillModel: row.fillModel,
          slippageTicks: row.slippageTicks,
          holidays,
          logger,
        },
        {
          isCancelled: () => flag.cancelled || isStopping,
          onProgress: (fraction) => {
            const now = clock.now();
            if (now - lastBeat < BEAT_MS) return;
            lastBeat = now;
            tell(row, 'running', fraction);
            // A cancel sent to any console shows in the row's status.
            void repo
              .beat(row.id, fraction, now)
              .then((status) => {
                if (status !== 'running') flag.cancelled = true;
              })
              .catch((err: unknown) => logger.warn({ err, backtestId: row.id }, 'backtest progress not saved'));
          },
        },
      );
      const days = new Set(candles.map((c) => istDay(c.ts))).size;
      const { summary, trades, equity } = presented(
        // One paper account, held to the order rate of the broker a paper strategy is charged as.
        backtestResults(outcome.fills, outcome.equity.points(), days, orderLimitsFor(null).perSecond),
        outcome.missing,
      );
      const finished = await repo.finish(
        row.id,
        JSON.stringify(summary),
        JSON.stringify(trades),
        JSON.stringify(equity),
        clock.now(),
      );
      if (!finished) return 'cancelled';
      tell(row, 'done', 1);
      return 'done';
    } catch (err) {
      if (err instanceof BacktestCancelledError) {
        // Stopping the console: the run is left running in the database, for another console to take up.
        if (!flag.cancelled) return 'stopped';
        tell(row, 'cancelled', 0);
        return 'cancelled';
      }
      const why = err instanceof Error ? err.message : 'the run stopped';
      logger.error({ err, backtestId: row.id }, 'backtest failed');
      await repo
        .fail(row.id, why, clock.now())
        .then(() => tell(row, 'failed', 0))
        .catch((failed: unknown) => logger.error({ err: failed, backtestId: row.id }, 'backtest failure not saved'));
      return 'failed';
    }
  }

  /** Runs `row` (claimed here) as one of this console's, so a cancel or a stop reaches it. */
  function started(row: BacktestRow, after: () => void): Promise<Exclude<JobOutcome, 'skipped'>> {
    tell(row, 'running', 0);
    const entry = { cancelled: false, done: Promise.resolve() };
    const outcome = run(row, entry).finally(() => {
      running.delete(row.id);
      after();
    });
    entry.done = outcome.then(() => undefined);
    running.set(row.id, entry);
    return outcome;
  }

  async function takeUp(): Promise<void> {
    const now = clock.now();
    await repo.failAbandoned(now - STALE_MS, now);
    while (!isStopping && running.size < deps.concurrency) {
      const row = await repo.claimNext(deps.instance, clock.now(), clock.now() - STALE_MS);
      if (!row) return;
      // The next run waiting is taken up at once, not at the next tick.
      void started(row, () => {
        if (isStarted && !isStopping) void kick();
      });
    }
  }

  /**
   * Claims run `id` for its job (a job handed back after its console died finds the row silent; a beat a little
   * younger than JOB_STALE_MS, clocks apart, is waited out for up to a lock's length), or null: not to run.
   */
  async function claimForJob(id: number): Promise<BacktestRow | null> {
    for (let look = 0; look < JOB_LOCK_MS / BEAT_MS; look++) {
      const now = clock.now();
      const row = await repo.claim(id, deps.instance, now, now - JOB_STALE_MS);
      if (row || isStopping) return row;
      const seen = await repo.one(id);
      if (seen?.status !== 'running' || seen.attempts >= 2) return null;
      await sleep(BEAT_MS);
    }
    return null;
  }

  /** A job's run: claimed in the database (the row is the truth), run here; the job ends when the run does. */
  async function takeJob(id: number): Promise<JobOutcome> {
    const row = await claimForJob(id);
    if (row) return started(row, () => undefined);
    // A stop while waiting for a silent row hands the job back rather than dropping it.
    return isStopping ? 'stopped' : 'skipped';
  }

  let taking: Promise<void> = Promise.resolve();
  const kick = () => {
    taking = taking.then(takeUp, takeUp).catch((err: unknown) => logger.error({ err }, 'backtest queue failed'));
    return taking;
  };

  let consumer: { close(): Promise<void> } | null = null;
  const stopRuns = async () => {
    isStopping = true;
    isStarted = false;
    await taking;
    await consumer?.close();
    consumer = null;
    await Promise.all([...running.values()].map((r) => r.done));
  };
  const jobs = deps.jobs;
  // With BullMQ the jobs come to this worker; its queue's upkeep is the module's (backtest-queue.ts `reconcile`).
  const jobWorker: Worker | null = jobs
    ? {
        name: 'backtest',
        start: () => {
          isStopping = false;
          isStarted = true;
          consumer = consumeBacktestJobs({
            ...jobs,
            concurrency: deps.concurrency,
            instance: deps.instance,
            clock,
            logger,
            take: takeJob,
          });
          return Promise.resolve();
        },
        stop: stopRuns,
      }
    : null;

  const worker: Worker = jobWorker ?? {
    name: 'backtest',
    everyMs: TICK_MS,
    start: async () => {
      isStopping = false;
      isStarted = true;
      await kick();
    },
    tick: () => kick(),
    stop: stopRuns,
  };

  return {
    worker,
    /** A run was queued here: taken up at once when this console runs backtests, else by one that does. */
    kick: () => {
      if (isStarted && !jobs) void kick();
    },
    /**
     * Takes up runs (started or not) from the database's queue until none waits, and resolves when every run it
     * took has ended (tests; with BullMQ the jobs decide who runs what).
     */
    async settled(): Promise<void> {
      for (;;) {
        await kick();
        if (running.size === 0) return;
        await Promise.all([...running.values()].map((r) => r.done));
      }
    },
    /** A cancel on this console reaches its run at once (others hear it at their next beat). */
    cancelled(id: number) {
      const flag = running.get(id);
      if (flag) flag.cancelled = true;
    },
  };
}
