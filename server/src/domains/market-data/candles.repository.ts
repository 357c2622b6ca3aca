import type { Kysely } from 'kysely';
import type { CandlesTable, DB } from '../../db/schema.js';

/** Rows per INSERT: 9 columns each keeps statements well under SQLite's and PostgreSQL's parameter limits. */
const BATCH = 1000;

export interface CandleKey {
  source: string;
  instrumentToken: string;
  interval: string;
}

export function createCandlesRepository(db: Kysely<DB>) {
  return {
    /**
     * Upserts candles by (source, token, interval, ts), so re-fetching a range adds no duplicates and
     * a refined candle replaces its earlier version. Returns how many rows were new.
     */
    async upsert(key: CandleKey, rows: ReadonlyArray<Omit<CandlesTable, keyof CandleKey>>): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let minTs = Infinity;
        let maxTs = -Infinity;
        for (const r of rows) {
          if (r.ts < minTs) minTs = r.ts;
          if (r.ts > maxTs) maxTs = r.ts;
        }
        const existing = await trx
          .selectFrom('candles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('source', '=', key.source)
          .where('instrumentToken', '=', key.instrumentToken)
          .where('interval', '=', key.interval)
          .where('ts', '>=', minTs)
          .where('ts', '<=', maxTs)
          .executeTakeFirstOrThrow();
        for (let i = 0; i < rows.length; i += BATCH) {
          const values = rows.slice(i, i + BATCH).map((r) => ({ ...key, ...r }));
          await trx
            .insertInto('candles')
            .values(values)
            .onConflict((oc) =>
              oc.columns(['source', 'instrumentToken', 'interval', 'ts']).doUpdateSet((eb) => ({
                open: eb.ref('excluded.open'),
                high: eb.ref('excluded.high'),
                low: eb.ref('excluded.low'),
                close: eb.ref('excluded.close'),
                volume: eb.ref('excluded.volume'),
              })),
            )
            .execute();
        }
        const after = await trx
          .selectFrom('candles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('source', '=', key.source)
          .where('instrumentToken', '=', key.instrumentToken)
          .where('interval', '=', key.interval)
          .where('ts', '>=', minTs)
          .where('ts', '<=', maxTs)
          .executeTakeFirstOrThrow();
        return Number(after.n) - Number(existing.n);
      });
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

    async lastTs(key: CandleKey): Promise<number | null> {
      const row = await db
        .selectFrom('candles')
        .select((eb) => eb.fn.max('ts').as('ts'))
        .where('source', '=', key.source)
        .where('instrumentToken', '=', key.instrumentToken)
        .where('interval', '=', key.interval)
        .executeTakeFirst();
      return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
    },
  };
}

export type CandlesRepository = ReturnType<typeof createCandlesRepository>;
