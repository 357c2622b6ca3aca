import { AppError } from '../../platform/errors.js';
/**
 * Mappings per paper-fill transaction. A 10,000-strategy candle close is written as four transactions at
 * once, so PostgreSQL spreads the index and foreign-key upkeep of its 20,000 fills over its cores
 * (`npm run bench`). Each strategy's fills, legs and ATM stay in one transaction: a crash can neither lose
 * nor double one strategy's fill.
 */
export const PAPER_SLICE = 2_500;

/**
 * The slice size for a database: SQLite's driver is synchronous and has one writer, so slices there only
 * add commits (one transaction is ~20 ms faster on a 10,000-strategy close); `size` (tests) wins.
 */
export function paperSliceFor(kind: 'sqlite' | 'postgres', size?: number): number {
  return size ?? (kind === 'sqlite' ? Number.POSITIVE_INFINITY : PAPER_SLICE);
}

/**
 * Trades in slices of about `size` mappings, all of one owner's in the same slice, so slices written at
 * once never touch the same rows: each fill's foreign key locks its user's row (two transactions on one
 * row make PostgreSQL share the lock, a multixact), and each slice adds to its users' transaction counts
 * (two slices updating the same counts in different orders could deadlock). Owners keep the order they
 * first appear in.
 */
export function slicesByOwner<T extends { mapping: { userId: number } }>(
  plans: readonly T[],
  size = PAPER_SLICE,
): T[][] {
  const byOwner = new Map<number, T[]>();
  for (const p of plans) {
    const own = byOwner.get(p.mapping.userId);
    if (own) own.push(p);
    else byOwner.set(p.mapping.userId, [p]);
  }
  const slices: T[][] = [];
  let current: T[] = [];
  for (const own of byOwner.values()) {
    current.push(...own);
    if (current.length >= size) {
      slices.push(current);
      current = [];
    }
  }
  if (current.length > 0) slices.push(current);
  return slices;
}

/**
 * The option prices a paper trade fills at could not be had (market data cannot reach Kite: a refused or
 * expired token, the provider down): nothing was traded. A manual action answers with the reason; each
 * strategy's row says it.
 */
export class QuotesUnavailableError extends AppError {
  constructor(
    readonly mappingIds: number[],
    readonly reason: string,
  ) {
    super(502, 'UPSTREAM_FAILED', `No option prices, so nothing was traded: ${reason}`);
  }
}

/** A slice of a close the database refused: its strategies did not trade (the others' fills stand). */
export class PaperSliceRefusedError extends Error {
  constructor(
    readonly mappingIds: number[],
    cause: unknown,
  ) {
    super(`paper fills of ${mappingIds.length} strategies could not be saved: ${String(cause)}`, { cause });
    this.name = 'PaperSliceRefusedError';
  }
}
