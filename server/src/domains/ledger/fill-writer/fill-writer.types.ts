import type { PaperPriceSource } from '@app/contract';
import type { StrategyLegsTable, TransactionKind } from '../../../db/schema.js';

/*
 * What the ledger's one fill writer (fill-writer.ts) books: transactions, the strategy legs they open, grow,
 * shrink or close, and each user's transaction count, always together in the caller's transaction.
 */

/** One transaction to write; its date is the booking's `at`. */
export interface FillToBook {
  userId: number;
  mappingId: number | null;
  strategyId: number | null;
  instrumentId: number | null;
  tradingSymbol: string;
  /** Positive sells, negative buys. */
  quantity: number;
  pricePaise: number;
  isDummy: number;
  orderId: number | null;
  /** Omitted for a trade; 'settlement' for a leg closed by its contract's expiry. */
  kind?: TransactionKind;
  /** The broker's trade a live fill is (one fill per trade); omitted otherwise. */
  brokerTradeId?: string | null;
  /** How a paper fill was priced; omitted otherwise. */
  priceSource?: PaperPriceSource | null;
  /** A paper fill's order among its strategy's at this instant (its depth levels share one brokerage). */
  paperOrder?: number | null;
}

/** A fill as written: its transaction id and date filled in (the caller's object, completed in place). */
export type BookedFill<F extends FillToBook = FillToBook> = F & { id: number; transactionDate: number };

/** A strategy leg the booking opens. */
export type LegToOpen = Omit<StrategyLegsTable, 'id' | 'status' | 'openedAt' | 'closedAt'>;

/**
 * One booking: fills and the leg changes that go with them. Every leg change is conditional on what the
 * caller read under the mapping's lock (DESIGN §9); one that finds its leg otherwise rolls everything back
 * with `LegAlreadyClosedError`.
 */
export interface FillBooking<F extends FillToBook = FillToBook> {
  at: number;
  fills: F[];
  /** Legs closed whole, each only if still open. */
  closeLegIds?: readonly number[];
  /** Legs closed whole only if still open at exactly `held` (a live close sent for that size). */
  closeHeldLegs?: ReadonlyArray<{ id: number; held: number }>;
  /**
   * Legs closed in part: each goes from exactly `held` to `held − by`, both signed as the leg is (+ sold, − bought:
   * a bought leg of −195 sold down by 65 has `by` −65).
   */
  shrinkLegs?: ReadonlyArray<{ id: number; by: number; held: number }>;
  /**
   * Legs another slice of the same live intent opened, grown by `by` (signed as the leg) at `pricePaise` from
   * exactly `held`:
   * the entry price becomes the average of both.
   */
  growLegs?: ReadonlyArray<{
    id: number;
    by: number;
    pricePaise: number;
    held: { quantity: number; entryPricePaise: number };
  }>;
  openLegs?: readonly LegToOpen[];
}

/** What a booking wrote: the fills with their ids, and the ids of the legs it opened, in `openLegs` order. */
export interface Booked<F extends FillToBook = FillToBook> {
  fills: Array<BookedFill<F>>;
  openedLegIds: number[];
}

/** A leg change found its leg closed or changed by another actor first; the whole booking is rolled back. */
export class LegAlreadyClosedError extends Error {
  constructor(readonly legId: number) {
    super(`Leg ${legId} was already closed`);
    this.name = 'LegAlreadyClosedError';
  }
}

/** The entry price of a leg grown by another fill: the size-weighted average, in whole paise. */
export function grownEntryPaise(held: { quantity: number; entryPricePaise: number }, by: number, pricePaise: number) {
  return Math.round((held.quantity * held.entryPricePaise + by * pricePaise) / (held.quantity + by));
}
