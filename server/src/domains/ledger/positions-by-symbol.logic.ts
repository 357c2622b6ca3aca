import type { LedgerFill } from './ledger.logic.js';
import {
  brokerAveragePaise,
  brokerBookOf,
  brokerDayPnlPaise,
  brokerUnrealizedPaise,
  type BrokerWaySymbol,
} from './positions-broker-way.logic.js';

/*
 * A trader's open positions netted per contract across their strategies (issue 32 item 1), as Kite's positions
 * screen nets an account's trades per contract. The same broker's-way arithmetic as each strategy's row
 * (positions-broker-way.logic.ts), run over the union of the strategies' fills: quantity, day P&L and MTM are
 * sums over the fills, so a contract's figures are its strategies' figures added up; only the average price
 * is the union's own (Kite's weighted average of what is held, over the fills in time order).
 * Money in paise; quantity in SPEC's sign (> 0 sold) here, flipped to Kite's at the edge.
 */

/** A fill of one of the shown strategies (in the mode that strategy runs in now). */
export interface StrategyFill extends LedgerFill {
  mappingId: number;
}

export interface SymbolPosition {
  tradingSymbol: string;
  /** SPEC's sign: > 0 short. */
  netQuantity: number;
  averagePaise: number;
  /** The price it is marked at (the quote, else its newest fill's price). */
  markPaise: number;
  markIsStale: boolean;
  /** Null when held overnight and its previous close is not known (as a strategy's own row). */
  dayPnlPaise: number | null;
  /** Realized + unrealized before charges, since it was first traded. */
  mtmPaise: number;
  /** The strategies whose own book holds it open, ascending. */
  mappingIds: number[];
}

export interface Prices {
  /** The quote in paise, when the feed has one. */
  quoteOf: (tradingSymbol: string) => number | undefined;
  /** The previous day's close in paise, when known. */
  closeOf: (tradingSymbol: string) => number | null;
}

/** The open contracts of a set of fills before any price: what stays the same until the next fill (or day). */
export interface SymbolBook {
  /** The union's broker-way book of each open contract, ordered by contract. */
  open: BrokerWaySymbol[];
  /** Each contract's newest fill price: its mark when no quote can be had. */
  lastPriceOf: Map<string, number>;
  /** The strategies whose own book holds it open, ascending. */
  holdersOf: Map<string, number[]>;
}

/**
 * The open contracts among the fills (oldest first), netted across strategies, ordered by contract. A contract
 * the strategies hold in opposite directions that cancel out is flat, so not shown, as at the broker.
 */
export function positionsBySymbol(fills: readonly StrategyFill[], dayStart: number, prices: Prices): SymbolPosition[] {
  return markBySymbol(bookBySymbol(fills, dayStart), prices);
}

/** The fills' part of `positionsBySymbol`: booked once per set of fills, marked as often as prices move. */
export function bookBySymbol(fills: readonly StrategyFill[], dayStart: number): SymbolBook {
  const lastPriceOf = new Map<string, number>();
  const holders = new Map<string, Set<number>>();
  const byStrategy = new Map<number, StrategyFill[]>();
  for (const f of fills) {
    lastPriceOf.set(f.tradingSymbol, f.pricePaise);
    const list = byStrategy.get(f.mappingId);
    if (list) list.push(f);
    else byStrategy.set(f.mappingId, [f]);
  }
  for (const [mappingId, own] of byStrategy) {
    for (const s of brokerBookOf(own, dayStart).values()) {
      if (s.netQuantity === 0) continue;
      const set = holders.get(s.tradingSymbol) ?? new Set<number>();
      set.add(mappingId);
      holders.set(s.tradingSymbol, set);
    }
  }
  const open = [...brokerBookOf(fills, dayStart).values()]
    .filter((s) => s.netQuantity !== 0)
    .sort((a, b) => a.tradingSymbol.localeCompare(b.tradingSymbol));
  const holdersOf = new Map<string, number[]>();
  for (const s of open)
    holdersOf.set(
      s.tradingSymbol,
      [...(holders.get(s.tradingSymbol) ?? [])].sort((a, b) => a - b),
    );
  return { open, lastPriceOf, holdersOf };
}

/** A booked set of contracts at the given prices, ordered by contract. */
export function markBySymbol(book: SymbolBook, prices: Prices): SymbolPosition[] {
  return book.open.map((s) => {
    const quote = prices.quoteOf(s.tradingSymbol);
    const markPaise = quote ?? book.lastPriceOf.get(s.tradingSymbol) ?? 0;
    return {
      tradingSymbol: s.tradingSymbol,
      netQuantity: s.netQuantity,
      averagePaise: brokerAveragePaise(s),
      markPaise,
      markIsStale: quote === undefined,
      dayPnlPaise: brokerDayPnlPaise(s, markPaise, prices.closeOf(s.tradingSymbol)),
      mtmPaise: s.realizedPaise + brokerUnrealizedPaise(s, markPaise),
      mappingIds: [...(book.holdersOf.get(s.tradingSymbol) ?? [])],
    };
  });
}
