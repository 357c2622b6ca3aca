// The Strategy Lab's sweeps (issue 30): runs of one year of 1-minute NIFTY closes through RDX (modelled options),
// taken from the database's queue by backtest worker threads: the same runs on 1 thread and on 2 (the speed-up
// printed), then a 100-run sweep on one thread per core (target ≤ 5 minutes).
import os from 'node:os';
import pino from 'pino';
import { SANDBOX_INSTRUMENT, seedReferenceData } from '../server/dist/db/seed.js';
import { createBacktestThreads } from '../server/dist/domains/backtest/backtest-threads.js';
import { createBacktestsRepository } from '../server/dist/domains/backtest/backtests.repository.js';
import { createEventBus } from '../server/dist/platform/event-bus.js';
import { ms, sqliteDatabase } from './support.mjs';
import { NSE_HOLIDAYS } from '../server/dist/domains/calendar/nse-holidays.js';

const MINUTE = 60_000;
const SWEEP_RUNS = 100;
const SPEEDUP_RUNS = 8;
const TARGET_MS = 5 * 60_000;

/** A year of NSE minutes of NIFTY 50 from `from` (a seeded walk), stored as live sync stores candles. */
async function storeYear(db, from) {
  const holidays = new Set(NSE_HOLIDAYS.map((h) => h.date));
  let price = 24_000;
  let seed = 11;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const start = Date.parse(`${from}T00:00:00Z`);
  let rows = [];
  for (let d = 0; d < 365; d++) {
    const date = new Date(start + d * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6 || holidays.has(day)) continue;
    const open = Date.parse(`${day}T09:15:00+05:30`);
    for (let m = 0; m < 375; m++) {
      price = Math.max(1_000, price + (random() - 0.5) * 20);
      const p = price.toFixed(2);
      rows.push({
        source: 'kite',
        instrumentToken: '256265',
        interval: '1m',
        ts: open + m * MINUTE,
        open: p,
        high: p,
        low: p,
        close: p,
        volume: '0',
      });
      if (rows.length === 3_000) {
        await db.insertInto('candles').values(rows).execute();
        rows = [];
      }
    }
  }
  if (rows.length) await db.insertInto('candles').values(rows).execute();
}

/** Queues `n` runs of the year, offsets 0, 50, 100… (RDX), as a sweep would. */
async function queue(repo, userId, n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await repo.insert({
        userId,
        sweepId: null,
        label: `offset ${i * 50}`,
        strategyId: 1,
        instrumentId: 1,
        config: JSON.stringify({ rdx_lot_count: 1, atm_value: 0, offset_value: (i % 20) * 50, interval: '1m' }),
        fromText: '2025-12-01',
        toText: '2026-11-30',
        fromAt: Date.parse('2025-12-01T00:00:00+05:30'),
        toAt: Date.parse('2026-12-01T00:00:00+05:30'),
        interval: '1m',
        priceSource: 'model',
        fillModel: 'close',
        slippageTicks: 0,
        modelIv: 14,
        createdAt: Date.now(),
      }),
    );
  }
  return ids;
}

/** Runs the queued `ids` on `threads` worker threads; how long until every one is done. */
async function runOn(store, repo, ids, threads) {
  const pool = createBacktestThreads({
    count: threads,
    thread: { database: { sqliteFile: store.file }, logLevel: 'silent' },
    instance: `bench-${threads}`,
    events: createEventBus(pino({ level: 'silent' })),
    logger: pino({ level: 'silent' }),
    hasWork: () => repo.hasWork(Date.now() - 30_000),
  });
  const start = performance.now();
  await pool.worker.start();
  for (;;) {
    const rows = await store.database.db
      .selectFrom('backtests')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
    const failed = rows.find((r) => r.status === 'failed');
    if (failed) throw new Error(`run ${failed.id} failed`);
    if (rows.every((r) => r.status === 'done')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = performance.now() - start;
  await pool.worker.stop();
  return elapsed;
}

export async function run() {
  const store = await sqliteDatabase();
  try {
    const db = store.database.db;
    await seedReferenceData(db, Date.now(), [SANDBOX_INSTRUMENT]);
    const user = await db
      .insertInto('users')
      .values({ username: 'bench', passwordHash: '-', role: 'user', createdAt: 0, updatedAt: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storeYear(db, '2025-12-01');
    const repo = createBacktestsRepository(db);
    const one = await runOn(store, repo, await queue(repo, user.id, SPEEDUP_RUNS), 1);
    const two = await runOn(store, repo, await queue(repo, user.id, SPEEDUP_RUNS), 2);
    console.log(
      `backtest sweep, ${SPEEDUP_RUNS} one-year RDX runs: 1 worker thread ${ms(one)}, 2 worker threads ${ms(two)} ` +
        `(speed-up ${(one / two).toFixed(2)}×)`,
    );
    const cores = os.availableParallelism();
    const sweep = await runOn(store, repo, await queue(repo, user.id, SWEEP_RUNS), cores);
    console.log(
      `  ${SWEEP_RUNS}-run sweep on ${cores} worker threads (one per core): ${ms(sweep)} ` +
        `(target ≤ ${TARGET_MS / 60_000} minutes: ${sweep <= TARGET_MS ? 'meets' : 'MISSES'})`,
    );
  } finally {
    await store.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
