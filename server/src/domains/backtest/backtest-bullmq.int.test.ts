import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createSettingsRepository } from '../../db/settings.repository.js';
import { createSharedState } from '../../db/shared-state.js';
import { callConsole, ChildServer, freePort, signInAt } from '../../../test/child-server.js';
import { createScratchDatabase, dialect } from '../../../test/test-app.js';
import { backtestJobId, backtestQueueName } from './backtest-queue.js';

/*
 * Issue 30: with REDIS_URL the backtest queue is BullMQ on that Redis, and the database row stays the truth.
 * Real consoles (server/dist/main.js), one backtest thread each: on SQLite one console, on PostgreSQL two sharing
 * the database. The queue is named after the test's own database, so runs of other tests never meet these.
 * Runs only when REDIS_URL is set.
 */

const redisUrl = process.env.REDIS_URL ?? '';
const ADMIN = { username: 'admin', password: 'bullmq-test-password' };
const MINUTE = 60_000;
/**
 * Weekdays from January 2025 to November 2026. A warm engine ran five months of minutes in under a second (CI,
 * stop 40), too quick to be caught mid-run between its half-second beats; nearly two years take several.
 */
const DAYS = Array.from({ length: 688 }, (_, i) =>
  new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
).filter((day) => ![0, 6].includes(new Date(day).getUTCDay()));

const dirs: string[] = [];
const consoles: ChildServer[] = [];
/** A console serving the API only (SERVICES `api`): it queues runs and runs none. */
let apiOnly: ChildServer;
let database: Database;
let queue: Queue;
let queueClient: ReturnType<typeof createClient>;
let dropDatabase = async () => {};
let token = '';

function consoleServer(name: string, port: number, databaseUrl: string, more: Record<string, string> = {}) {
  const dir = more.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `rdx-bullmq-${name}-`));
  if (!more.DATA_DIR) dirs.push(dir);
  return new ChildServer(port, {
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SECRET_KEY: 'bullmq-test-secret-key-shared-by-both',
    INSTANCE_NAME: name,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: '0',
    BACKTEST_WORKERS: '1',
    ...more,
  });
}

/**
 * NIFTY's minutes over NSE hours of `days`, as the console's history fetch keeps them; eight days a statement
 * (SQLite takes 32,766 parameters).
 */
async function storeMinutes(days: string[]) {
  const rowsOf = (day: string) => {
    const open = Date.parse(`${day}T09:15:00+05:30`);
    return Array.from({ length: 375 }, (_, m) => {
      const price = (24_000 + m * 2).toFixed(2);
      return {
        source: 'kite' as const,
        instrumentToken: '256265',
        interval: '1m' as const,
        ts: open + m * MINUTE,
        open: price,
        high: price,
        low: price,
        close: price,
        volume: '0',
      };
    });
  };
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < days.length; i += 8) {
      await trx
        .insertInto('candles')
        .values(days.slice(i, i + 8).flatMap(rowsOf))
        .execute();
    }
  });
}

beforeAll(async () => {
  if (!redisUrl) return;
  let databaseUrl = '';
  if (dialect === 'postgres') {
    const scratch = await createScratchDatabase('bullmq');
    databaseUrl = scratch.url;
    dropDatabase = () => scratch.drop();
  }
  consoles.push(consoleServer('a', await freePort(), databaseUrl));
  if (dialect === 'postgres') consoles.push(consoleServer('b', await freePort(), databaseUrl));
  // One at a time: the first migrates and seeds, the second finds it done.
  for (const c of consoles) await c.start();
  // On SQLite it shares the first console's database file.
  apiOnly = consoleServer('api', await freePort(), databaseUrl, {
    SERVICES: 'api',
    ...(dialect === 'postgres' ? {} : { DATA_DIR: dirs[0]! }),
  });
  await apiOnly.start();
  database = openDatabase(
    dialect === 'postgres' ? { url: databaseUrl, pgPoolSize: 2 } : { sqliteFile: path.join(dirs[0]!, 'console.db') },
  );
  await storeMinutes(DAYS);
  const databaseId = await createSharedState(createSettingsRepository(database.db)).databaseId(Date.now());
  queueClient = createClient({ url: redisUrl });
  queue = new Queue(backtestQueueName(databaseId), { connection: queueClient });
  token = await signInAt(consoles[0]!, ADMIN.username, ADMIN.password);
}, 120_000);

afterAll(async () => {
  if (!redisUrl) return;
  await Promise.all([...consoles, apiOnly].map((c) => c?.stop()));
  await queue?.obliterate({ force: true });
  await queue?.close();
  if (queueClient?.isOpen) await queueClient.close();
  await database?.close();
  await dropDatabase();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const RUN = {
  strategy_id: 1,
  instrument_id: 1,
  config: { rdx_lot_count: 1, offset_value: 100 },
  from: DAYS[0],
  to: DAYS[0],
  interval: '5m',
  price_source: 'model',
  fill_model: 'next_open',
};
/** A run of every minute of every day stored: long enough to be caught running. */
const LONG_RUN = { ...RUN, to: DAYS.at(-1), interval: '1m' };

const live = () => consoles.find((c) => c.isRunning())!;
const api = <T>(method: string, url: string, body?: unknown) => callConsole<T>(live(), token, method, url, body);
/** A cancel as the Strategy Lab sends it (a DELETE has no body). */
const cancel = async (id: number) => {
  const res = await fetch(`${live().url}/api/backtests/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: unknown }).data;
};
const row = (id: number) =>
  database.db.selectFrom('backtests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const job = async (id: number) => (await queue.getJob(backtestJobId(id)))!;

/** Looks (every 100 ms, up to `ms`) until `done` holds of what `read` gives, and gives that reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 25_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`still not so after ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const ended = (status: string) => ['done', 'failed', 'cancelled'].includes(status);

describe.runIf(Boolean(redisUrl))('backtests on BullMQ (REDIS_URL)', () => {
  it('takes a queued run from BullMQ and finishes it', async () => {
    const created = await api<{ id: number }>('POST', '/backtests', RUN);
    expect(created.status, created.error).toBe(202);
    const { id } = created.data;
    const run = await until(
      () => row(id),
      (r) => ended(r.status),
    );
    expect(run).toMatchObject({ status: 'done', attempts: 1 });
    expect(run.claimedBy).toMatch(/^[ab]#1$/);
    // The job of the run (its id the run's) ended with it.
    const finished = await until(
      () => job(id),
      (j) => j.finishedOn !== undefined,
    );
    expect(finished.returnvalue).toBe('done');
  });

  it('runs a run queued at a console serving only the API on a console that runs backtests', async () => {
    const created = await callConsole<{ id: number }>(apiOnly, token, 'POST', '/backtests', RUN);
    expect(created.status, created.error).toBe(202);
    const run = await until(
      () => row(created.data.id),
      (r) => ended(r.status),
    );
    expect(run.status).toBe('done');
    expect(run.claimedBy).toMatch(/^[ab]#1$/);
    // Its job was taken by that thread's BullMQ worker; the API's console has none (its threads never start).
    expect((await job(run.id)).processedBy).toBe(run.claimedBy);
    const workers = (await queue.getWorkers()).map((w) => String(w.rawname).split(':w:')[1]);
    expect(workers).toContain(run.claimedBy);
    expect(workers.every((name) => /^[ab]#1$/.test(name ?? ''))).toBe(true);
    expect(await apiOnly.stop()).toBe(0);
  });

  it('runs every run of a sweep, and never a run cancelled while its job waited', async () => {
    const base = RUN;
    const sweep = await api<{ id: number; backtest_ids: number[] }>('POST', '/backtests/sweeps', {
      base,
      grid: { offset_value: [0, 50, 100, 150, 200, 250] },
    });
    expect(sweep.status, sweep.error).toBe(202);
    // Queued behind the sweep's six on one thread a console: still waiting when cancelled.
    const { id } = (await api<{ id: number }>('POST', '/backtests', { ...RUN, label: 'never' })).data;
    expect(await cancel(id)).toEqual({ id, status: 'cancelled' });

    const skipped = await until(
      () => job(id),
      (j) => j.finishedOn !== undefined,
    );
    expect(skipped.returnvalue).toBe('skipped');
    const runs = await Promise.all(
      sweep.data.backtest_ids.map((r) =>
        until(
          () => row(r),
          (x) => ended(x.status),
        ),
      ),
    );
    expect(runs.map((r) => r.status)).toEqual(Array(6).fill('done'));
    expect(await row(id)).toMatchObject({ status: 'cancelled', attempts: 0, claimedBy: null });
  });

  it('stops a running run within a second of its cancel', async () => {
    const { id } = (await api<{ id: number }>('POST', '/backtests', LONG_RUN)).data;
    await until(
      () => row(id),
      (r) => r.status === 'running' && r.progress > 0,
    );
    const cancelledAt = Date.now();
    expect(await cancel(id)).toEqual({ id, status: 'cancelled' });
    const finished = await until(
      () => job(id),
      (j) => j.finishedOn !== undefined,
    );
    expect(finished.returnvalue).toBe('cancelled');
    expect(finished.finishedOn! - cancelledAt).toBeLessThan(1000);
  });

  /** Starts a long run, waits until a console's thread is well into it, and ends that console `how`. */
  async function endHolderMidRun(how: 'kill' | 'stop') {
    const { id } = (await api<{ id: number }>('POST', '/backtests', LONG_RUN)).data;
    const taken = await until(
      () => row(id),
      (r) => r.status === 'running' && r.progress > 0,
    );
    const holder = consoles.find((_, i) => taken.claimedBy === `${'ab'[i]}#1`)!;
    if (how === 'kill') await holder.kill();
    else expect(await holder.stop()).toBe(0);
    // On SQLite the console is the only one: it comes back, and BullMQ hands it the job again.
    if (consoles.length === 1) await holder.start();
    return { id, claimedBy: taken.claimedBy, holder };
  }

  it('takes up elsewhere the run of a console killed mid-run, once, and finishes it', async () => {
    const { id, claimedBy, holder } = await endHolderMidRun('kill');
    const run = await until(
      () => row(id),
      (r) => ended(r.status),
      60_000,
    );
    expect(run).toMatchObject({ status: 'done', attempts: 2 });
    if (consoles.length > 1) expect(run.claimedBy).not.toBe(claimedBy);
    if (!holder.isRunning()) await holder.start();
    const finished = await until(
      () => job(id),
      (j) => j.finishedOn !== undefined,
    );
    expect(finished.returnvalue).toBe('done');
    // Handed back by BullMQ's stalled check, once.
    expect(finished.stalledCounter).toBe(1);
  }, 90_000);

  it('hands back the run of a console stopped mid-run, for another to finish', async () => {
    const { id, claimedBy, holder } = await endHolderMidRun('stop');
    const run = await until(
      () => row(id),
      (r) => ended(r.status),
      60_000,
    );
    expect(run).toMatchObject({ status: 'done', attempts: 2 });
    if (consoles.length > 1) expect(run.claimedBy).not.toBe(claimedBy);
    if (!holder.isRunning()) await holder.start();
    // Put back in the queue by the stop (not left for the stalled check).
    const finished = await until(
      () => job(id),
      (j) => j.finishedOn !== undefined,
    );
    expect(finished).toMatchObject({ returnvalue: 'done', stalledCounter: 0 });
  }, 90_000);

  it('gives a run whose job was lost its job again, and fails a run whose console died twice', async () => {
    const long = Date.now() - 60_000;
    const stored = (status: 'queued' | 'running', attempts: number) =>
      database.db
        .insertInto('backtests')
        .values({
          userId: 1,
          sweepId: null,
          label: null,
          status,
          progress: 0,
          error: null,
          strategyId: 1,
          instrumentId: 1,
          config: JSON.stringify({ rdx_lot_count: 1, atm_value: 0, offset_value: 100, interval: '5m' }),
          fromText: DAYS[0]!,
          toText: DAYS[0]!,
          fromAt: Date.parse(`${DAYS[0]}T00:00:00+05:30`),
          toAt: Date.parse(`${DAYS[1]}T00:00:00+05:30`),
          interval: '5m',
          priceSource: 'model',
          fillModel: 'next_open',
          slippageTicks: 0,
          modelIv: 14,
          summary: null,
          attempts,
          claimedBy: status === 'running' ? 'a console that died' : null,
          heartbeatAt: status === 'running' ? long : null,
          createdAt: long,
          finishedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Written to the database with no job in the queue, as when Redis lost it (or was away when it was queued).
    const lost = (await stored('queued', 0)).id;
    const diedOnce = (await stored('running', 1)).id;
    const diedTwice = (await stored('running', 2)).id;
    expect(
      await until(
        () => row(lost),
        (r) => ended(r.status),
      ),
    ).toMatchObject({ status: 'done', attempts: 1 });
    expect(
      await until(
        () => row(diedOnce),
        (r) => ended(r.status),
      ),
    ).toMatchObject({ status: 'done', attempts: 2 });
    expect(
      await until(
        () => row(diedTwice),
        (r) => ended(r.status),
      ),
    ).toMatchObject({
      status: 'failed',
      error: 'the console running it stopped twice',
    });
  });

  it('stops cleanly with its queue workers', async () => {
    for (const c of consoles) if (c.isRunning()) expect(await c.stop()).toBe(0);
  });
});
