import { istMidnight } from '@app/contract';
import { chargesForFill, NO_CHARGES, sumCharges, type Charges } from './charges.logic.js';
import { averageEntryPaise, bookOf, unrealizedPaise, type Book, type LedgerFill } from './ledger.logic.js';

/*
 * A strategy's position from its fills (docs/LEDGER.md): the FIFO book and the charges are priced once per
 * set of fills (`settle`), then marked to market as often as prices move (`markToMarket`), which is all a
 * price tick costs. Money in paise throughout.
 */

export interface Figures {
  realizedPaise: number;
  unrealizedPaise: number;
  chargesPaise: number;
  netPaise: number;
}

export const ZERO_FIGURES: Figures = { realizedPaise: 0, unrealizedPaise: 0, chargesPaise: 0, netPaise: 0 };

/** What a symbol is, when the strategy's leg records still say (option type, strike, expiry, exchange). */
export interface SymbolInfo {
  exchange: string;
  optionType: string;
  strikePaise: number;
  expiry: string;
}

/** One strategy's fills, booked: what stays the same until its next fill. */
export interface Settled {
  book: Book;
  charges: Charges;
  chargesToday: Charges;
  dayStart: number;
}

export function settle(fills: readonly LedgerFill[], now: number): Settled {
  const dayStart = istMidnight(now);
  const all: Charges[] = [];
  const today: Charges[] = [];
  for (const f of fills) {
    const c = chargesForFill(f);
    all.push(c);
    if (f.at >= dayStart) today.push(c);
  }
  return {
    book: bookOf(fills, { since: dayStart }),
    charges: all.length > 0 ? sumCharges(all) : NO_CHARGES,
    chargesToday: today.length > 0 ? sumCharges(today) : NO_CHARGES,
    dayStart,
  };
}

export interface LegMark {
  tradingSymbol: string;
  exchange: string;
  optionType: string | null;
  strikePaise: number | null;
  expiry: string | null;
  quantity: number;
  entryPaise: number;
  /** The quote, or the symbol's last fill price when no quote could be had. */
  ltpPaise: number;
  ltpIsStale: boolean;
  unrealizedPaise: number;
}

export interface Marked {
  legs: LegMark[];
  all: Figures;
  today: Figures;
}

/** Quote keys (`EXCHANGE:SYMBOL`) of a settled book's open symbols. */
export function quoteKeysOf(settled: Settled, info: ReadonlyMap<string, SymbolInfo>): string[] {
  const keys: string[] = [];
  for (const s of settled.book.symbols.values()) {
    if (s.netQuantity !== 0) keys.push(`${info.get(s.tradingSymbol)?.exchange ?? 'NFO'}:${s.tradingSymbol}`);
  }
  return keys;
}

/** Prices a settled book at the given quotes (paise by `EXCHANGE:SYMBOL`). */
export function markToMarket(
  settled: Settled,
  info: ReadonlyMap<string, SymbolInfo>,
  quotes: ReadonlyMap<string, number>,
): Marked {
  const legs: LegMark[] = [];
  let unrealized = 0;
  for (const s of settled.book.symbols.values()) {
    if (s.netQuantity === 0) continue;
    const about = info.get(s.tradingSymbol);
    const exchange = about?.exchange ?? 'NFO';
    const quote = quotes.get(`${exchange}:${s.tradingSymbol}`);
    const ltpPaise = quote ?? s.lastPricePaise;
    const legUnrealized = unrealizedPaise(s.openLots, ltpPaise);
    unrealized += legUnrealized;
    legs.push({
      tradingSymbol: s.tradingSymbol,
      exchange,
      optionType: about?.optionType ?? null,
      strikePaise: about?.strikePaise ?? null,
      expiry: about?.expiry ?? null,
      quantity: s.netQuantity,
      entryPaise: averageEntryPaise(s.openLots),
      ltpPaise,
      ltpIsStale: quote === undefined,
      unrealizedPaise: legUnrealized,
    });
  }
  const figures = (realizedPaise: number, chargesPaise: number): Figures => ({
    realizedPaise,
    unrealizedPaise: unrealized,
    chargesPaise,
    netPaise: realizedPaise + unrealized - chargesPaise,
  });
  return {
    legs,
    all: figures(settled.book.realizedPaise, settled.charges.totalPaise),
    today: figures(settled.book.realizedSincePaise, settled.chargesToday.totalPaise),
  };
}

export function addFigures(a: Figures, b: Figures): Figures {
  return {
    realizedPaise: a.realizedPaise + b.realizedPaise,
    unrealizedPaise: a.unrealizedPaise + b.unrealizedPaise,
    chargesPaise: a.chargesPaise + b.chargesPaise,
    netPaise: a.netPaise + b.netPaise,
  };
}
