import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BacktestsTable } from '../../db/schema-backtests.js';

/** A run's row with its strategy's and instrument's names. */
export type BacktestRow = Selectable<BacktestsTable> & { strategyName: string; instrumentName: string };
export type NewBacktest = Omit<
  Selectable<BacktestsTable>,
  'id' | 'attempts' | 'claimedBy' | 'heartbeatAt' | 'finishedAt' | 'summary' | 'error' | 'progress' | 'status'
>;

/** All SQL of the Strategy Lab: runs, their results, sweeps; a run is claimed by one console at a time. */
export function createBacktestsRepository(db: Kysely<DB>) {
  const withNames = () =>
    db
      .selectFrom('backtests as b')
      .innerJoin('strategies as s', 's.id', 'b.strategyId')
      .innerJoin('instruments as i', 'i.id', 'b.instrumentId')
      .selectAll('b')
      .select(['s.name as strategyName', 'i.name as instrumentName']);

  /** Runs a console may take: waiting, or silent since `staleBefore` after one try (its console died). */
  const claimable = (staleBefore: number) =>
    db
      .selectFrom('backtests')
      .select(['id', 'status', 'attempts'])
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('heartbeatAt', '<', staleBefore), eb('attempts', '<', 2)]),
        ]),
      );

  /** Takes a claimable run as it was read: null when another console changed it first. */
  async function take(
    seen: Pick<Selectable<BacktestsTable>, 'id' | 'status' | 'attempts'>,
    instance: string,
    now: number,
  ): Promise<BacktestRow | null> {
    const taken = await db
      .updateTable('backtests')
      .set({ status: 'running', claimedBy: instance, heartbeatAt: now, attempts: seen.attempts + 1 })
      .where('id', '=', seen.id)
      .where('status', '=', seen.status)
      .where('attempts', '=', seen.attempts)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    return (await withNames().where('b.id', '=', seen.id).executeTakeFirst()) ?? null;
  }

  return {
    async insert(run: NewBacktest): Promise<number> {
      const row = await db
        .insertInto('backtests')
        .values({ ...run, status: 'queued', progress: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** A user's runs (all users' for null), newest first. */
    list(userId: number | null): Promise<BacktestRow[]> {
      let q = withNames().orderBy('b.id', 'desc').limit(500);
      if (userId !== null) q = q.where('b.userId', '=', userId);
      return q.execute();
    },

    one: (id: number): Promise<BacktestRow | undefined> => withNames().where('b.id', '=', id).executeTakeFirst(),

    sweepRuns: (sweepId: number): Promise<BacktestRow[]> =>
      withNames().where('b.sweepId', '=', sweepId).orderBy('b.id').execute(),

    results: (id: number) =>
      db.selectFrom('backtestResults').selectAll().where('backtestId', '=', id).executeTakeFirst(),

    /**
     * The oldest run waiting (or one whose console stopped beating before `staleBefore`, tried at most twice in
     * all), now this console's. Null when there is none or another console took it first.
     */
    async claimNext(instance: string, now: number, staleBefore: number): Promise<BacktestRow | null> {
      const next = await claimable(staleBefore).orderBy('id').limit(1).executeTakeFirst();
      return next ? take(next, instance, now) : null;
    },

    /**
     * Run `id` now this console's, as `claimNext` would take it (waiting, or its console stopped beating before
     * `staleBefore` and it was tried once): the BullMQ job of the run, handed to this console, claims it here.
     * Null when it is not to run (ended, cancelled, still beating elsewhere) or another console took it first.
     */
    async claim(id: number, instance: string, now: number, staleBefore: number): Promise<BacktestRow | null> {
      const row = await claimable(staleBefore).where('id', '=', id).executeTakeFirst();
      return row ? take(row, instance, now) : null;
    },

    /**
     * Runs no console may be holding: waiting since before `before`, or running but silent since then and tried
     * once. The BullMQ queue makes sure each has a job (a job lost with Redis, or never added, is added again).
     */
    async unattended(before: number): Promise<number[]> {
      const rows = await db
        .selectFrom('backtests')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('createdAt', '<', before)]),
            eb.and([eb('status', '=', 'running'), eb('heartbeatAt', '<', before), eb('attempts', '<', 2)]),
          ]),
        )
        .orderBy('id')
        .limit(500)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Whether any run waits to be taken up, or runs on a console that stopped beating before `staleBefore`. */
    async hasWork(staleBefore: number): Promise<boolean> {
      const row = await db
        .selectFrom('backtests')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'running'), eb('heartbeatAt', '<', staleBefore)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Runs whose console died twice: failed, with why. */
    async failAbandoned(staleBefore: number, now: number): Promise<void> {
      await db
        .updateTable('backtests')
        .set({ status: 'failed', error: 'the console running it stopped twice', finishedAt: now })
        .where('status', '=', 'running')
        .where('heartbeatAt', '<', staleBefore)
        .where('attempts', '>=', 2)
        .execute();
    },

    /** A running run's progress; returns its status as stored (a cancel from any console shows here). */
    async beat(id: number, progress: number, now: number): Promise<string | null> {
      await db
        .updateTable('backtests')
        .set({ progress, heartbeatAt: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
      const row = await db.selectFrom('backtests').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status ?? null;
    },

    /** A finished run: its results and summary in one transaction, unless it was cancelled meanwhile. */
    async finish(id: number, summary: string, trades: string, equity: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('backtests')
          .set({ status: 'done', progress: 1, summary, finishedAt: now, error: null })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return false;
        await trx.insertInto('backtestResults').values({ backtestId: id, trades, equity }).execute();
        return true;
      });
    },

    async fail(id: number, error: string, now: number): Promise<void> {
      await db
        .updateTable('backtests')
        .set({ status: 'failed', error, finishedAt: now })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .execute();
    },

    /** Cancels a run still waiting or running; false when it had already ended. */
    async cancel(id: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('backtests')
        .set({ status: 'cancelled', finishedAt: now })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('backtests').where('id', '=', id).execute();
    },

    async insertSweep(userId: number, base: string, grid: string, now: number): Promise<number> {
      const row = await db
        .insertInto('backtestSweeps')
        .values({ userId, base, grid, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    sweep: (id: number) => db.selectFrom('backtestSweeps').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}

export type BacktestsRepository = ReturnType<typeof createBacktestsRepository>;
