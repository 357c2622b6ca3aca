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
   * The user's contracts booked, with the quote and close keys they are marked at, kept while their fills
   * (fingerprint), their strategies (how many, the newest, the newest edit: which are shown and in what mode)
   * and the IST day stay the same: reading and booking them is most of a poll's cost, marking them at the
   * prices of the moment is little. Every fill writes its legs in the same transaction, so the fill
   * fingerprint covers the legs' symbols too.
   */
  const frames = createVersionedMemo<Frame>();

  async function frameOf(userId: number, dayStart: number): Promise<Frame> {
    const booked = await deps.positions.book({ userId });
    const shown = new Set(booked.map((b) => bookKey(b.mapping.id, b.mapping.isDummy)));
    const fills: StrategyFill[] = [];
    for (const f of await deps.repo.accountFills([userId])) {
      if (f.mappingId !== null && shown.has(bookKey(f.mappingId, f.isDummy)))
        fills.push({ ...f, mappingId: f.mappingId });
    }
    // A contract's exchange as any of its strategies' leg records say (NFO when none do), as /positions keys it.
    const exchangeOf = new Map<string, string>();
    for (const b of booked) for (const [symbol, info] of b.info) exchangeOf.set(symbol, info.exchange);
    return {
      book: bookBySymbol(fills, dayStart),
      keyOf: (symbol) => `${exchangeOf.get(symbol) ?? 'NFO'}:${symbol}`,
      quoteKeys: deps.positions.quoteKeysFor(booked),
      closeKeys: deps.positions.closeKeysFor(booked),
    };
  }

  return async function bySymbolFor(userId: number): Promise<SymbolPositionsReply> {
    const dayStart = istMidnight(deps.clock.now());
    // Read before the frame is made: a fill landing in between makes the next poll make it again.
    const [fills, strategies] = await Promise.all([
      deps.repo.fillVersions([userId]),
      deps.repo.strategiesVersion(userId),
    ]);
    const version = `${fills.get(userId) ?? '0'}|${strategies}|${dayStart}`;
    const frame = await frames.get(userId, version, () => frameOf(userId, dayStart));
    const [quotes, closes] = await Promise.all([
      deps.positions.quotesOf(frame.quoteKeys),
      deps.positions.closesOf(frame.closeKeys),
    ]);
    const rows = markBySymbol(frame.book, {
      quoteOf: (symbol) => quotes.get(frame.keyOf(symbol)),
      closeOf: (symbol) => closes.get(frame.keyOf(symbol)) ?? null,
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

/** What a user's positions per contract are marked from: everything but the prices of the moment. */
interface Frame {
  book: SymbolBook;
  keyOf: (symbol: string) => string;
  quoteKeys: string[];
  closeKeys: string[];
}
