import { istMidnight, type SymbolPositionsReply } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { toRupees } from '../../platform/time.js';
import { createVersionedMemo } from '../../platform/versioned-memo.js';
import type { LedgerRepository } from './ledger.repository.js';
import { bookBySymbol, markBySymbol, type StrategyFill, type SymbolBook } from './positions-by-symbol.logic.js';
import { bookKey } from './positions.logic.js';
import type { PositionsService } from './positions.service.js';

/**
 * The caller's open positions per contract (issue 32 item 1): their strategies as /positions lists them, each
 * counting the fills of the mode it runs in now, netted over the union of those fills, and marked at the same
 * quotes and previous closes /positions asks for.
 */
export function createPositionsBySymbol(deps: { repo: LedgerRepository; positions: PositionsService; clock: Clock }) {
  /**
   * The user's contracts booked, kept while their fills (fingerprint), the strategies shown (and the mode each
   * runs in) and the IST day stay the same: reading 20,000 fills for every poll of the screen is most of its cost.
   */
  const books = createVersionedMemo<SymbolBook>();

  async function bookOf(userId: number, shown: ReadonlySet<string>, dayStart: number): Promise<SymbolBook> {
    const fills: StrategyFill[] = [];
    for (const f of await deps.repo.accountFills([userId])) {
      if (f.mappingId !== null && shown.has(bookKey(f.mappingId, f.isDummy)))
        fills.push({ ...f, mappingId: f.mappingId });
    }
    return bookBySymbol(fills, dayStart);
  }

  return async function bySymbolFor(userId: number): Promise<SymbolPositionsReply> {
    const { booked, versions } = await deps.positions.bookVersioned({ userId });
    const shown = new Set(booked.map((b) => bookKey(b.mapping.id, b.mapping.isDummy)));
    const dayStart = istMidnight(deps.clock.now());
    const version = `${versions.get(userId) ?? '0'}|${dayStart}|${[...shown].join(',')}`;
    const book = await books.get(userId, version, () => bookOf(userId, shown, dayStart));
    // A contract's exchange as any of its strategies' leg records say (NFO when none do), as /positions keys it.
    const exchangeOf = new Map<string, string>();
    for (const b of booked) for (const [symbol, info] of b.info) exchangeOf.set(symbol, info.exchange);
    const keyOf = (symbol: string) => `${exchangeOf.get(symbol) ?? 'NFO'}:${symbol}`;
    const [quotes, closes] = await Promise.all([deps.positions.quotesFor(booked), deps.positions.closesFor(booked)]);
    const rows = markBySymbol(book, {
      quoteOf: (symbol) => quotes.get(keyOf(symbol)),
      closeOf: (symbol) => closes.get(keyOf(symbol)) ?? null,
    });
    return {
      positions: rows.map((r) => ({
        trading_symbol: r.tradingSymbol,
        // The ledger keeps SPEC's sign (> 0 sold); Kite shows a short as negative.
        quantity: -r.netQuantity,
        average_price: toRupees(r.averagePaise),
        ltp: r.markPaise === 0 ? null : toRupees(r.markPaise),
        ltp_is_stale: r.markIsStale,
        day_pnl: r.dayPnlPaise === null ? null : toRupees(r.dayPnlPaise),
        mtm: toRupees(r.mtmPaise),
        mapping_ids: r.mappingIds,
      })),
    };
  };
}
