import { istDay, istMidnight } from '@app/contract';

/**
 * NSE index options settle at 15:30 IST on their expiry day, at the underlying's closing value: a call is
 * worth max(0, S − K), a put max(0, K − S). A leg still open then is closed by the exchange, so the console
 * books that close as a settlement to keep the ledger whole.
 */
export const SETTLEMENT_TIME_MS = (15 * 60 + 30) * 60_000;

/** The instant an option expiring on `expiry` (YYYY-MM-DD, IST) settles. */
export function settlementInstant(expiry: string): number {
  return istMidnight(Date.parse(`${expiry}T12:00:00Z`)) + SETTLEMENT_TIME_MS;
}

/** Whether a contract expiring on `expiry` has settled by `now`. */
export const hasSettled = (expiry: string, now: number): boolean => now >= settlementInstant(expiry);

/** The last IST day whose settlement has passed by `now`: legs expiring on or before it are due. */
export function lastSettledDay(now: number): string {
  const today = istDay(now);
  return hasSettled(today, now) ? today : istDay(istMidnight(now) - 1);
}

/** An option's value at settlement, in paise per unit. */
export function intrinsicPaise(optionType: 'CE' | 'PE', strikePaise: number, underlyingPaise: number): number {
  return Math.max(0, optionType === 'CE' ? underlyingPaise - strikePaise : strikePaise - underlyingPaise);
}

export interface ExpiringLeg {
  id: number;
  tradingSymbol: string;
  optionType: 'CE' | 'PE';
  strikePaise: number;
  /** Signed like fills: > 0 sold (short), < 0 bought. */
  quantity: number;
}

/**
 * The fills that close legs at settlement: the opposite of each leg's quantity at its intrinsic value (a
 * short leg is bought back, so its fill quantity is negative).
 */
export function settlementFills(legs: readonly ExpiringLeg[], underlyingPaise: number) {
  return legs.map((leg) => ({
    legId: leg.id,
    tradingSymbol: leg.tradingSymbol,
    quantity: -leg.quantity,
    pricePaise: intrinsicPaise(leg.optionType, leg.strikePaise, underlyingPaise),
  }));
}
