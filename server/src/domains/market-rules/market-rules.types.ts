/**
 * The shapes of NSE's dated index-derivative rules (docs/architecture/market-rules.md): which lot a contract
 * carries and on which days contracts expire. Every date is an IST calendar day, `YYYY-MM-DD`.
 */

/** The NSE index option roots the rules cover (NSE's underlying symbols). */
export const INDEX_ROOTS = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'] as const;
export type IndexRoot = (typeof INDEX_ROOTS)[number];

/**
 * One revision of a root's market lot. NSE revises by contract, not by trade date: contracts listed before the
 * revision keep the lot they were listed with (an existing position must stay a whole number of lots), and
 * only contracts listed afterwards carry the new one, so the first expiry with the new lot is months after the
 * circular. Long-dated contracts (quarterlies, half-yearlies) are the exception: NSE converts them on a stated
 * day, which is why a lot can depend on the trade date too.
 */
export interface LotRevision {
  lot: number;
  /** The first expiry listed with `lot`: every contract expiring on or after it carries it, but see below. */
  firstExpiry: string;
  /**
   * Contracts expiring on or after `fromExpiry` that were already listed at the revision and carried the
   * previous lot up to and including the trade date `previousLotThrough`, then `lot`.
   */
  convertedListed?: { fromExpiry: string; previousLotThrough: string };
  /** Expiries after `firstExpiry` whose contracts were listed before the revision and kept the previous lot. */
  keptPreviousLot?: readonly string[];
  /** The circular (number, date, title) or page the revision is read from, and how sure the reading is. */
  source: string;
}

/** How often a root's contracts expire in a period: every week, or only once a month. */
export type ExpiryCycle = 'weekly' | 'monthly';

/**
 * The expiry days in force for a root's contracts due from `from` to `until` (inclusive; open-ended when
 * absent). Periods are keyed by the day a contract is due, as NSE's circulars re-date every listed contract
 * due after the change: no contract expires under an old rule once the next period has begun.
 */
export interface ExpirySchedule {
  from: string;
  until?: string;
  cycle: ExpiryCycle;
  /**
   * 0 = Sunday … 6 = Saturday: the weekday weekly contracts expire on, or null with monthly contracts only.
   * No weekly expires in the week (Monday to Sunday) of a monthly expiry: the month's contract stands in for it.
   */
  weeklyWeekday: number | null;
  /** The monthly contract expires on the last such weekday of its month. */
  monthlyWeekday: number;
  source: string;
}

/** One expiry day of a root: its contracts stop trading at the close of `date`. */
export interface IndexExpiry {
  date: string;
  /** The weekday it was due on; differs from `date` when that was a trading holiday (moved to the day before). */
  dueDate: string;
  /** `monthly` for the month's contract (also the quarterly and half-yearly ones in their months). */
  kind: 'weekly' | 'monthly';
}
