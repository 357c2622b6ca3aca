import type { Kysely } from 'kysely';
import type { DB, OptionCandleRow } from '../../db/schema.js';
import type { OptionCandle } from './option-history.types.js';

/** Rows a statement writes at once: 12 values each stays below both engines' bound on parameters. */
const CHUNK = 1000;
const KEY = ['underlying', 'expiry', 'strikePaise', 'optionType', 'ts'] as const;

/** A depth quote as kept (levels already JSON text). */
export interface StoredQuote {
  tradingSymbol: string;
  at: number;
  ltpPaise: number;
  bids: string;
  asks: string;
}

/** All SQL of option history: candles by contract and minute, and depth quotes by symbol and instant. */
export function createOptionHistoryRepository(db: Kysely<DB>) {
  type Source = OptionCandleRow['source'];
  /** Writes candles; a candle of the same key is replaced, but a recording never replaces an import. */
  async function upsert(trx: Kysely<DB>, candles: readonly OptionCandle[], source: Source) {
    for (let i = 0; i < candles.length; i += CHUNK) {
      const rows = candles.slice(i, i + CHUNK).map((c) => ({ ...c, source }));
      await trx
        .insertInto('optionCandles')
        .values(rows)
        .onConflict((oc) => {
          const update = oc.columns([...KEY]).doUpdateSet((eb) => ({
            openPaise: eb.ref('excluded.openPaise'),
            highPaise: eb.ref('excluded.highPaise'),
            lowPaise: eb.ref('excluded.lowPaise'),
            closePaise: eb.ref('excluded.closePaise'),
            volume: eb.ref('excluded.volume'),
            oi: eb.ref('excluded.oi'),
            source: eb.ref('excluded.source'),
          }));
          return source === 'recorded' ? update.where('optionCandles.source', '=', 'recorded') : update;
        })
        .execute();
    }
  }

  /** Candles of `underlyings` between two instants (inclusive): what an import may replace. */
  async function countWithin(trx: Kysely<DB>, underlyings: string[], from: number, to: number) {
    const { n } = await trx
      .selectFrom('optionCandles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('underlying', 'in', underlyings)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  return {
    /** The console's own minutes, as they finish. */
    saveRecorded: (candles: readonly OptionCandle[]) => upsert(db, candles, 'recorded'),

    /**
     * An imported file's candles in one transaction (all or none); returns how many replaced a candle
     * already stored (counted as the rows the file's range gained fewer than it wrote).
     */
    async saveImported(candles: readonly OptionCandle[]): Promise<{ imported: number; replaced: number }> {
      const underlyings = [...new Set(candles.map((c) => c.underlying))];
      // A loop, not Math.min(...): a 20 MB file's quarter-million arguments would overflow the stack.
      let [from, to] = [Infinity, -Infinity];
      for (const { ts } of candles) [from, to] = [Math.min(from, ts), Math.max(to, ts)];
      return db.transaction().execute(async (trx) => {
        const before = await countWithin(trx, underlyings, from, to);
        await upsert(trx, candles, 'imported');
        const added = (await countWithin(trx, underlyings, from, to)) - before;
        return { imported: candles.length, replaced: candles.length - added };
      });
    },

    async saveQuotes(quotes: readonly StoredQuote[]): Promise<void> {
      for (let i = 0; i < quotes.length; i += CHUNK) {
        await db
          .insertInto('optionQuotes')
          .values(quotes.slice(i, i + CHUNK))
          .execute();
      }
    },

    /** Forgets the depth quotes older than `before` (their retention: option-history.worker.ts); returns how many. */
    async deleteQuotesBefore(before: number): Promise<number> {
      const result = await db.deleteFrom('optionQuotes').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Every candle of an underlying with from ≤ ts < to, by contract then time. */
    candlesBetween(underlying: string, from: number, to: number): Promise<OptionCandleRow[]> {
      return db
        .selectFrom('optionCandles')
        .selectAll()
        .where('underlying', '=', underlying)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .orderBy('expiry')
        .orderBy('strikePaise')
        .orderBy('optionType')
        .orderBy('ts')
        .execute();
    },
  };
}

export type OptionHistoryRepository = ReturnType<typeof createOptionHistoryRepository>;
