import type { DataInterval, DataSource } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { Database } from '../../db/client.js';
import type { CandlesTable, DB } from '../../db/schema.js';

export interface CandleKey {
  source: DataSource;
  instrumentToken: string;
  interval: DataInterval;
}

type CandleValues = Omit<CandlesTable, keyof CandleKey>;

// SQLite: a candle is inserted if new, else its values replaced; the insert's change count says which, so
// no range has to be counted before and after (most writes are new history: one statement each).
const INSERT_NEW_SQLITE = `insert into candles (source, instrument_token, interval, ts, open, high, low, close, volume)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (source, instrument_token, interval, ts) do nothing`;
const REPLACE_SQLITE = `update candles set open = ?, high = ?, low = ?, close = ?, volume = ?
  where source = ? and instrument_token = ? and interval = ? and ts = ?`;

/** The candles by time, each with the last values given for it. */
function lastOfEach(rows: readonly CandleValues[]): CandleValues[] {
  const byTs = new Map<number, CandleValues>();
  for (const r of rows) byTs.set(r.ts, r);
  return [...byTs.values()];
}

/**
 * Candle storage. Upserts by (source, token, interval, ts), so re-fetching a range adds no duplicates
 * and a refined candle replaces its earlier version. Bulk writes differ by dialect for speed (the
 * benchmark holds them to a plain driver insert): SQLite re-runs prepared statements, PostgreSQL
 * sends whole columns as arrays through unnest.
 */
export function createCandlesRepository(database: Pick<Database, 'db' | 'kind' | 'sqlite'>) {
  const db: Kysely<DB> = database.db;
  let prepared: { insertNew: SqliteDatabase.Statement; replace: SqliteDatabase.Statement } | null = null;

  const countIn = async (key: CandleKey, from: number, to: number) => {
    const row = await db
      .selectFrom('candles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', key.source)
      .where('instrumentToken', '=', key.instrumentToken)
      .where('interval', '=', key.interval)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** Writes the candles; returns how many were new. */
  async function writeSqlite(key: CandleKey, rows: readonly CandleValues[]): Promise<number> {
    const raw = database.sqlite;
    if (!raw) throw new Error('SQLite handle missing');
    let added = 0;
    // Holding Kysely's one connection keeps its own transactions from interleaving with ours.
    await db.connection().execute(() => {
      prepared ??= { insertNew: raw.prepare(INSERT_NEW_SQLITE), replace: raw.prepare(REPLACE_SQLITE) };
      const { insertNew, replace } = prepared;
      const { source, instrumentToken, interval } = key;
      raw.transaction(() => {
        for (const r of rows) {
          if (
            insertNew.run(source, instrumentToken, interval, r.ts, r.open, r.high, r.low, r.close, r.volume).changes
          ) {
            added++;
          } else replace.run(r.open, r.high, r.low, r.close, r.volume, source, instrumentToken, interval, r.ts);
        }
      })();
      return Promise.resolve();
    });
    return added;
  }

  async function writePostgres(key: CandleKey, given: readonly CandleValues[]) {
    // One statement may not upsert a row twice: a candle given twice is written once, with its last values.
    const rows = lastOfEach(given);
    const column = <K extends keyof CandleValues>(k: K) => rows.map((r) => r[k]);
    await sql`insert into candles (source, instrument_token, interval, ts, open, high, low, close, volume)
      select ${key.source}, ${key.instrumentToken}, ${key.interval}, u.ts, u.open, u.high, u.low, u.close, u.volume
      from unnest(${column('ts')}::bigint[], ${column('open')}::text[], ${column('high')}::text[],
                  ${column('low')}::text[], ${column('close')}::text[], ${column('volume')}::text[])
        as u(ts, open, high, low, close, volume)
      on conflict (source, instrument_token, interval, ts) do update set
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`.execute(
      db,
    );
  }

  return {
    /** Upserts candles; returns how many rows were new. */
    async upsert(key: CandleKey, rows: readonly CandleValues[]): Promise<number> {
      if (rows.length === 0) return 0;
      if (database.kind === 'sqlite') return writeSqlite(key, rows);
      let minTs = Infinity;
      let maxTs = -Infinity;
      for (const r of rows) {
        if (r.ts < minTs) minTs = r.ts;
        if (r.ts > maxTs) maxTs = r.ts;
      }
      const before = await countIn(key, minTs, maxTs);
      await writePostgres(key, rows);
      return (await countIn(key, minTs, maxTs)) - before;
    },

    /** The newest `limit` candles, oldest first. */
    async latest(key: CandleKey, limit: number) {
      const rows = await db
        .selectFrom('candles')
        .selectAll()
        .where('source', '=', key.source)
        .where('instrumentToken', '=', key.instrumentToken)
        .where('interval', '=', key.interval)
        .orderBy('ts', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },
  };
}

export type CandlesRepository = ReturnType<typeof createCandlesRepository>;
