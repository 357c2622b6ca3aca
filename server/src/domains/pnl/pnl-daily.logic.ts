import { istMidnight } from '@app/contract';
import { dayNotes } from '../ledger/contract-note.logic.js';
import { bookOf, type LedgerFill } from '../ledger/ledger.logic.js';
import { bookKey, clientOf, type settleAll } from '../ledger/positions.logic.js';

/*
 * P&L by IST day (issue 32 item 4), cut from the very arithmetic the positions screen sums (docs/LEDGER.md):
 * no rule of its own. "Realized on a day" is the FIFO P&L of the closing fills booked that day (bookOf's
 * `since` split), and a day's charges are the strategy's share of that day's contract notes (dayNotes). So
 * over all days they add up to the strategy's realized P&L and charges on /positions, to the paisa.
 * Money in paise.
 */

/** A fill as the ledger reads it for positions (its account and order, for the contract note). */
export type DailyFill = Parameters<typeof settleAll>[0][number];

/** A strategy as it runs now: its book holds the fills of its current mode, as on /positions. */
export interface BookFacts {
  id: number;
  strategyName: string | null;
  isDummy: number;
}

export interface StrategyDay {
  /** IST midnight the day starts at. */
  dayStart: number;
  mappingId: number;
  strategyName: string | null;
  isDummy: number;
  realizedPaise: number;
  chargesPaise: number;
}

export interface DayTotals {
  dayStart: number;
  realizedPaise: number;
  chargesPaise: number;
  netPaise: number;
  perStrategy: StrategyDay[];
}

/**
 * The realized P&L of one book's fills by the IST day of the closing fill. FIFO state runs across days, so
 * each day's part is the ledger's realized-since that day's start less realized-since the next fill day's.
 * Per symbol, because an option's fills span a few weeks at most: the cost stays near linear in the fills.
 */
export function realizedByDay(fills: readonly LedgerFill[]): Map<number, number> {
  const bySymbol = new Map<string, LedgerFill[]>();
  for (const f of fills) {
    const list = bySymbol.get(f.tradingSymbol);
    if (list) list.push(f);
    else bySymbol.set(f.tradingSymbol, [f]);
  }
  const out = new Map<number, number>();
  for (const symbolFills of bySymbol.values()) {
    const days = [...new Set(symbolFills.map((f) => istMidnight(f.at)))].sort((a, b) => a - b);
    const since = days.map((day) => bookOf(symbolFills, { since: day }).realizedSincePaise);
    days.forEach((day, i) => {
      const part = since[i]! - (since[i + 1] ?? 0);
      if (part !== 0) out.set(day, (out.get(day) ?? 0) + part);
    });
  }
  return out;
}

/**
 * Each shown strategy's realized P&L and charges on each day it had a fill or a share of a note. `fills` are
 * all of the user's (oldest first, as the ledger reads them): a contract note is one account's whole day, so
 * a strategy's share depends on its neighbours' fills, the ones not shown included.
 */
export function strategyDays(fills: readonly DailyFill[], books: readonly BookFacts[]): StrategyDay[] {
  const shown = new Map(books.map((b) => [bookKey(b.id, b.isDummy), b]));
  const entries = new Map<string, StrategyDay>();
  const entry = (key: string, dayStart: number) => {
    const book = shown.get(key);
    if (!book) return undefined;
    const id = `${key}|${dayStart}`;
    let e = entries.get(id);
    if (!e) {
      e = {
        dayStart,
        mappingId: book.id,
        strategyName: book.strategyName,
        isDummy: book.isDummy,
        realizedPaise: 0,
        chargesPaise: 0,
      };
      entries.set(id, e);
    }
    return e;
  };
  const notes = dayNotes(fills.map((f) => ({ ...f, owner: bookKey(f.mappingId, f.isDummy), client: clientOf(f) })));
  for (const note of notes) {
    for (const [owner, share] of note.shares) {
      const e = entry(owner, note.dayStart);
      if (e) e.chargesPaise += share.totalPaise;
    }
  }
  const fillsOf = new Map<string, LedgerFill[]>();
  for (const f of fills) {
    if (f.mappingId === null) continue;
    const key = bookKey(f.mappingId, f.isDummy);
    if (!shown.has(key)) continue;
    const list = fillsOf.get(key);
    if (list) list.push(f);
    else fillsOf.set(key, [f]);
  }
  for (const [key, list] of fillsOf) {
    for (const [dayStart, paise] of realizedByDay(list)) entry(key, dayStart)!.realizedPaise += paise;
  }
  return [...entries.values()];
}

/** The days of [fromMs, toMs) with any strategy's entry, oldest first; strategies in id order, totals summed. */
export function dayTotals(days: readonly StrategyDay[], fromMs: number, toMs: number): DayTotals[] {
  const byDay = new Map<number, StrategyDay[]>();
  for (const d of days) {
    if (d.dayStart < fromMs || d.dayStart >= toMs) continue;
    const list = byDay.get(d.dayStart);
    if (list) list.push(d);
    else byDay.set(d.dayStart, [d]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dayStart, list]) => {
      const perStrategy = [...list].sort((a, b) => a.mappingId - b.mappingId || a.isDummy - b.isDummy);
      const realizedPaise = perStrategy.reduce((s, d) => s + d.realizedPaise, 0);
      const chargesPaise = perStrategy.reduce((s, d) => s + d.chargesPaise, 0);
      return { dayStart, realizedPaise, chargesPaise, netPaise: realizedPaise - chargesPaise, perStrategy };
    });
}
