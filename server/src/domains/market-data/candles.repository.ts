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

const UPSERT_SQLITE = `insert into candles (source, instrument_token, interval, ts, open, high, low, close, volume)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (source, instrument_token, interval, ts) do update set
    open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`;

/**
 * Candle storage. Upserts by (source, token, interval, ts), so re-fetching a range adds no duplicates
 * and a refined candle replaces its earlier version. Bulk writes differ by dialect for speed (the
 * benchmark holds them to a plain driver insert): SQLite re-runs one prepared statement, PostgreSQL
 * sends whole columns as arrays through unnest.
 */
export function createCandlesRepository(database: Pick<Database, 'db' | 'kind' | 'sqlite'>) {
  const db: Kysely<DB> = database.db;
  let prepared: SqliteDatabase.Statement | null = null;

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

  async function writeSqlite(key: CandleKey, rows: readonly CandleValues[]) {
    const raw = database.sqlite;
    if (!raw) throw new Error('SQLite handle missing');
    // Holding Kysely's one connection keeps its own transactions from interleaving with ours.
    await db.connection().execute(() => {
      prepared ??= raw.prepare(UPSERT_SQLITE);
      const stmt = prepared;
      raw.transaction(() => {
        for (const r of rows) {
          stmt.run(key.source, key.instrumentToken, key.interval, r.ts, r.open, r.high, r.low, r.close, r.volume);
        }
      })();
      return Promise.resolve();
    });
  }

  async function writePostgres(key: CandleKey, rows: readonly CandleValues[]) {
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
      let minTs = Infinity;
      let maxTs = -Infinity;
      for (const r of rows) {
        if (r.ts < minTs) minTs = r.ts;
        if (r.ts > maxTs) maxTs = r.ts;
      }
      const before = await countIn(key, minTs, maxTs);
      if (database.kind === 'sqlite') await writeSqlite(key, rows);
      else await writePostgres(key, rows);
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
