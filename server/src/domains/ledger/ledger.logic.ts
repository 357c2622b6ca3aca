/**
 * The ledger's book (docs/LEDGER.md): FIFO lots per symbol over a strategy's fills, realized and unrealized
 * P&L. Pure and exact: money is integer paise, quantity is signed as in SPEC's transactions (> 0 sold, < 0
 * bought), so a short lot has a positive quantity.
 */

export interface LedgerFill {
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  /** Epoch ms. */
  at: number;
  /** A settlement at expiry books like a trade but costs no charges; omitted means a trade. */
  kind?: 'trade' | 'settlement';
  /**
   * The broker order a live fill is part of: a live order is booked one fill per broker trade (issue 28), so
   * what is charged per executed order (brokerage) goes by this. Null or omitted: the fill is its own order.
   */
  orderId?: number | null;
}

/** What is left of one opening fill; signed like fills. */
export interface OpenLot {
  quantity: number;
  pricePaise: number;
  at: number;
}

export interface SymbolBook {
  tradingSymbol: string;
  /** Σ quantity of the open lots (signed); equals Σ quantity of the symbol's fills. */
  netQuantity: number;
  /** FIFO remainder, oldest first; every lot has the sign of `netQuantity`. */
  openLots: OpenLot[];
  /** FIFO realized of this symbol, all time. */
  realizedPaise: number;
  /** The part realized by closing fills with `at >= since`. */
  realizedSincePaise: number;
  /** Price of the symbol's latest fill (by input order). */
  lastPricePaise: number;
}

export interface Book {
  symbols: Map<string, SymbolBook>;
  realizedPaise: number;
  realizedSincePaise: number;
}

/**
 * Realized P&L of closing `units` (signed like the lot) of a lot at `closePaise`: a short lot earns what the
 * price fell, a long lot what it rose. One formula covers both because the sign rides on the quantity.
 */
export const realizedOfClose = (units: number, lotPaise: number, closePaise: number) => units * (lotPaise - closePaise);

/** One symbol's running FIFO state; `head` skips closed lots so closing stays O(1) per lot. */
interface Running {
  lots: OpenLot[];
  head: number;
  net: number;
  realized: number;
  realizedSince: number;
  last: number;
}

/** Applies one fill to a symbol's lots; returns the P&L it realized. */
function apply(book: Running, fill: LedgerFill): number {
  let rest = fill.quantity;
  let realized = 0;
  // Opposite sign to the open lots: close them oldest first until the fill or the lots run out.
  while (rest !== 0 && book.head < book.lots.length && Math.sign(rest) !== Math.sign(book.net)) {
    const lot = book.lots[book.head]!;
    const units = Math.abs(rest) >= Math.abs(lot.quantity) ? lot.quantity : -rest;
    realized += realizedOfClose(units, lot.pricePaise, fill.pricePaise);
    lot.quantity -= units;
    book.net -= units;
    rest += units;
    if (lot.quantity === 0) book.head++;
  }
  // Same sign, flat, or what a reversal leaves over: a new lot at the fill's price.
  if (rest !== 0) {
    book.lots.push({ quantity: rest, pricePaise: fill.pricePaise, at: fill.at });
    book.net += rest;
  }
  return realized;
}

/**
 * FIFO per symbol over fills in the order given (callers pass them oldest first). `since` (epoch ms,
 * default −∞) splits off the realized P&L of closing fills at or after it, e.g. IST midnight for "today".
 * A fill of quantity 0 changes nothing and is skipped.
 */
export function bookOf(fills: readonly LedgerFill[], options: { since?: number } = {}): Book {
  const since = options.since ?? -Infinity;
  const running = new Map<string, Running>();
  for (const fill of fills) {
    if (fill.quantity === 0) continue;
    let book = running.get(fill.tradingSymbol);
    if (!book) {
      book = { lots: [], head: 0, net: 0, realized: 0, realizedSince: 0, last: fill.pricePaise };
      running.set(fill.tradingSymbol, book);
    }
    const realized = apply(book, fill);
    book.realized += realized;
    if (fill.at >= since) book.realizedSince += realized;
    book.last = fill.pricePaise;
  }
  const out: Book = { symbols: new Map(), realizedPaise: 0, realizedSincePaise: 0 };
  for (const [tradingSymbol, b] of running) {
    out.symbols.set(tradingSymbol, {
      tradingSymbol,
      netQuantity: b.net,
      openLots: b.lots.slice(b.head),
      realizedPaise: b.realized,
      realizedSincePaise: b.realizedSince,
      lastPricePaise: b.last,
    });
    out.realizedPaise += b.realized;
    out.realizedSincePaise += b.realizedSince;
  }
  return out;
}

/** Σ over lots of (lot price − last) × lot quantity: a short lot (q>0) gains when the price falls. */
export function unrealizedPaise(lots: readonly OpenLot[], lastPaise: number): number {
  let sum = 0;
  for (const lot of lots) sum += realizedOfClose(lot.quantity, lot.pricePaise, lastPaise);
  return sum;
}

/**
 * Quantity-weighted average entry of the lots, in paise, rounded half away from zero (0 when no lots).
 * Weights are |quantity|, which for a FIFO book (all lots one sign) is the same as signed weights and never
 * divides by zero.
 */
export function averageEntryPaise(lots: readonly OpenLot[]): number {
  let weighted = 0;
  let units = 0;
  for (const lot of lots) {
    weighted += Math.abs(lot.quantity) * lot.pricePaise;
    units += Math.abs(lot.quantity);
  }
  return units === 0 ? 0 : divideRoundHalfAway(weighted, units);
}

/** n / d (d > 0, both safe integers) rounded half away from zero, exactly: no float quotient is rounded. */
export function divideRoundHalfAway(n: number, d: number): number {
  const remainder = n % d;
  const quotient = (n - remainder) / d;
  if (2 * Math.abs(remainder) < d) return quotient;
  return quotient + Math.sign(n);
}

/** Σ quantity × price over fills (cash in for sells, out for buys). */
export function cashFlowPaise(fills: readonly LedgerFill[]): number {
  let sum = 0;
  for (const f of fills) sum += f.quantity * f.pricePaise;
  return sum;
}
