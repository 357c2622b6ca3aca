import { istMidnight } from '@app/contract';
import type { Charges } from './charges.logic.js';
import { chargesByOwner, dayNotes, NO_OWNER_CHARGES, type OwnerCharges } from './contract-note.logic.js';
import { averageEntryPaise, bookOf, unrealizedPaise, type Book, type LedgerFill } from './ledger.logic.js';
import type { AccountFill } from './ledger.repository.js';
import {
  brokerAveragePaise,
  brokerBookOf,
  brokerDayPnlPaise,
  brokerUnrealizedPaise,
  type BrokerWaySymbol,
} from './positions-broker-way.logic.js';

/*
 * A strategy's position from its fills (docs/LEDGER.md): the FIFO book and its share of the contract notes
 * are priced once per set of fills (`settleAll`), then marked to market as often as prices move
 * (`markToMarket`), which is all a price tick costs. Money in paise throughout.
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
  /** False while some of its charges are of a day not yet over (contract-note.logic.ts, OwnerCharges). */
  chargesFinal: boolean;
  dayStart: number;
  /** The same fills the broker's way: average price, and the day's part (positions-broker-way.logic.ts). */
  brokerWay: Map<string, BrokerWaySymbol>;
}

/** A strategy's book from its fills, with its charges (its share of the notes those fills are on). */
export function settle(fills: readonly LedgerFill[], now: number, charges: OwnerCharges = NO_OWNER_CHARGES): Settled {
  const dayStart = istMidnight(now);
  return {
    book: bookOf(fills, { since: dayStart }),
    charges: charges.all,
    chargesToday: charges.today,
    chargesFinal: charges.isFinal,
    dayStart,
    brokerWay: brokerBookOf(fills, dayStart),
  };
}

/**
 * The contract note a fill is on: its broker account's (the user's when none is known), live and paper apart
 * so a paper trade never changes a live account's charges.
 */
export const clientOf = (f: Pick<AccountFill, 'isDummy' | 'userBrokerId' | 'userId'>) =>
  `${f.isDummy === 1 ? 'paper' : 'live'}:${f.userBrokerId === null ? `user-${f.userId}` : f.userBrokerId}`;

/** A strategy's book in one mode: the key of its settled figures and of its share of the notes. */
export const bookKey = (mappingId: number | null, isDummy: number) => `${mappingId ?? 'none'}:${isDummy}`;

/**
 * Every strategy's book among the fills (all of some users'), in the mode it runs in, and each of `wanted`
 * (a strategy with its mode) even when it has no fills. Keyed by `bookKey`.
 */
export function settleAll(
  fills: readonly AccountFill[],
  wanted: ReadonlyArray<{ id: number; isDummy: number }>,
  now: number,
): Map<string, Settled> {
  const notes = dayNotes(fills.map((f) => ({ ...f, owner: bookKey(f.mappingId, f.isDummy), client: clientOf(f) })));
  const charges = chargesByOwner(notes, now);
  const fillsOf = new Map<string, LedgerFill[]>();
  const books = new Set(wanted.map((w) => bookKey(w.id, w.isDummy)));
  for (const f of fills) {
    if (f.mappingId === null) continue;
    const key = bookKey(f.mappingId, f.isDummy);
    const list = fillsOf.get(key);
    if (list) list.push(f);
    else fillsOf.set(key, [f]);
    if (f.mappingIsDummy !== null) books.add(bookKey(f.mappingId, f.mappingIsDummy));
  }
  const out = new Map<string, Settled>();
  for (const key of books) out.set(key, settle(fillsOf.get(key) ?? [], now, charges.get(key)));
  return out;
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
  brokerWay: BrokerWayLegMark;
}

/** A leg the broker's way, as Kite's positions screen shows it (positions-broker-way.logic.ts). */
export interface BrokerWayLegMark {
  averagePaise: number;
  unrealizedPaise: number;
  /** Signed like `quantity`: what was held at the day's start. */
  overnightQuantity: number;
  previousClosePaise: number | null;
  /** Null: held overnight and its previous close is not known. */
  dayPnlPaise: number | null;
}

/** A strategy's figures the broker's way: average-price realized/unrealized and Kite's day P&L (before charges). */
export interface BrokerWayFigures {
  realizedPaise: number;
  unrealizedPaise: number;
  dayPnlPaise: number | null;
}

export interface Marked {
  legs: LegMark[];
  all: Figures;
  today: Figures;
  chargesFinal: boolean;
  brokerWay: BrokerWayFigures;
}

/** Quote keys (`EXCHANGE:SYMBOL`) of a settled book's open symbols. */
export function quoteKeysOf(settled: Settled, info: ReadonlyMap<string, SymbolInfo>): string[] {
  const keys: string[] = [];
  for (const s of settled.book.symbols.values()) {
    if (s.netQuantity !== 0) keys.push(`${info.get(s.tradingSymbol)?.exchange ?? 'NFO'}:${s.tradingSymbol}`);
  }
  return keys;
}

/**
 * Quote keys of the symbols a settled book held at the day's start: Kite's day P&L starts from their previous
 * close (open now or closed today).
 */
export function closeKeysOf(settled: Settled, info: ReadonlyMap<string, SymbolInfo>): string[] {
  const keys: string[] = [];
  for (const s of settled.brokerWay.values()) {
    if (s.overnightQuantity !== 0) keys.push(`${info.get(s.tradingSymbol)?.exchange ?? 'NFO'}:${s.tradingSymbol}`);
  }
  return keys;
}

/** The broker's way of a whole strategy: every symbol, open or closed, at its mark and previous close. */
function brokerWayFiguresOf(
  settled: Settled,
  markOf: (symbol: string) => number,
  closeOf: (symbol: string) => number | null,
) {
  const figures: BrokerWayFigures = { realizedPaise: 0, unrealizedPaise: 0, dayPnlPaise: 0 };
  for (const k of settled.brokerWay.values()) {
    const last = markOf(k.tradingSymbol);
    figures.realizedPaise += k.realizedPaise;
    figures.unrealizedPaise += brokerUnrealizedPaise(k, last);
    const day = brokerDayPnlPaise(k, last, closeOf(k.tradingSymbol));
    figures.dayPnlPaise = day === null || figures.dayPnlPaise === null ? null : figures.dayPnlPaise + day;
  }
  return figures;
}

/**
 * Prices a settled book at the given quotes (paise by `EXCHANGE:SYMBOL`); `closes` are the previous day's
 * closes by the same keys (Kite's day P&L of what was held overnight).
 */
export function markToMarket(
  settled: Settled,
  info: ReadonlyMap<string, SymbolInfo>,
  quotes: ReadonlyMap<string, number>,
  closes: ReadonlyMap<string, number> = new Map(),
): Marked {
  const legs: LegMark[] = [];
  let unrealized = 0;
  const keyOf = (symbol: string) => `${info.get(symbol)?.exchange ?? 'NFO'}:${symbol}`;
  const markOf = (symbol: string) => quotes.get(keyOf(symbol)) ?? settled.book.symbols.get(symbol)?.lastPricePaise ?? 0;
  const closeOf = (symbol: string) => closes.get(keyOf(symbol)) ?? null;
  for (const s of settled.book.symbols.values()) {
    if (s.netQuantity === 0) continue;
    const about = info.get(s.tradingSymbol);
    const exchange = about?.exchange ?? 'NFO';
    const quote = quotes.get(`${exchange}:${s.tradingSymbol}`);
    const ltpPaise = quote ?? s.lastPricePaise;
    const legUnrealized = unrealizedPaise(s.openLots, ltpPaise);
    unrealized += legUnrealized;
    const k = settled.brokerWay.get(s.tradingSymbol);
    const previousClosePaise = closeOf(s.tradingSymbol);
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
      brokerWay: {
        averagePaise: k ? brokerAveragePaise(k) : 0,
        unrealizedPaise: k ? brokerUnrealizedPaise(k, ltpPaise) : 0,
        overnightQuantity: k?.overnightQuantity ?? 0,
        previousClosePaise,
        dayPnlPaise: k ? brokerDayPnlPaise(k, ltpPaise, previousClosePaise) : null,
      },
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
    chargesFinal: settled.chargesFinal,
    brokerWay: brokerWayFiguresOf(settled, markOf, closeOf),
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
