import {
  IST_OFFSET_MS,
  toRupees,
  type AdminOrderBook,
  type AdminOrderBookQuery,
  type BookOrder,
  type OrderBook,
  type OrderBookQuery,
  type OrderTrace,
} from '@app/contract';
import { ownedOr404, type Actor } from '../../platform/ownership.js';
import { iso } from '../../platform/time.js';
import { createVersionedMemo } from '../../platform/versioned-memo.js';
import { readTrace } from '../engine/order-trace.logic.js';
import { presentTrace } from './order-trace.presenter.js';
import type { BookFilter, LiveOrderRow, OrderBookRepository, PaperOrderRow } from './order-book.repository.js';

const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;

/** The average per unit in rupees (to the paisa), or null with nothing filled. */
const average = (units: number, valuePaise: number) => (units > 0 ? toRupees(Math.round(valuePaise / units)) : null);

/** A live order as the book shows it: its status in the broker's words (open, complete, rejected, cancelled). */
export function liveOrder(r: LiveOrderRow): BookOrder {
  const units = Number(r.filledUnits ?? 0);
  const isCancelled = r.status === 'failed' && /cancel/i.test(r.error ?? '');
  const status =
    r.status === 'pending' ? 'open' : r.status === 'filled' ? 'complete' : isCancelled ? 'cancelled' : 'rejected';
  return {
    kind: 'live',
    id: r.id,
    time: iso(r.createdAt),
    user_strategy_mapping_id: r.mappingId,
    strategy_name: r.strategyName,
    instrument_name: r.instrumentName,
    account: r.brokerUsername ?? '-',
    tag: r.tag,
    broker_order_id: r.brokerOrderId,
    trading_symbol: r.tradingSymbol,
    side: r.side,
    quantity: r.quantity,
    filled_quantity: units,
    average_price: average(units, Number(r.filledValuePaise ?? 0)),
    status,
    message: status === 'rejected' || status === 'cancelled' ? r.error : null,
  };
}

/** A paper order (its fills at one instant, one order number): filled whole at the quote. */
export function paperOrder(r: PaperOrderRow): BookOrder {
  const units = Number(r.units);
  return {
    kind: 'paper',
    id: null,
    time: iso(Number(r.at)),
    user_strategy_mapping_id: r.mappingId,
    strategy_name: r.strategyName,
    instrument_name: r.instrumentName,
    account: 'Paper',
    tag: null,
    broker_order_id: null,
    trading_symbol: r.tradingSymbol,
    // A fill's quantity is signed as in transactions: a sale positive.
    side: Number(r.netUnits) > 0 ? 'SELL' : 'BUY',
    quantity: units,
    filled_quantity: units,
    average_price: average(units, Number(r.valuePaise)),
    status: 'complete',
    message: null,
  };
}

/** Newest first across both kinds; at one instant a live order before a paper one, then by symbol. */
const newestFirst = (a: BookOrder, b: BookOrder) =>
  b.time.localeCompare(a.time) || a.kind.localeCompare(b.kind) || a.trading_symbol.localeCompare(b.trading_symbol);

/** Paper totals kept per user and fill version: one per filter asked (the screen's, a few picked ones). */
const FILTERS_KEPT = 16;

export function createOrderBookService(repo: OrderBookRepository) {
  /**
   * A user's paper-order totals by filter, kept while their fills stay the same: a paper order is made of fills
   * alone (never edited), and counting them means grouping every fill in the window (~20 ms over 20,000 fills),
   * on every page of the book. Everyone's (the admin's book without a user) is counted each time.
   */
  const paperTotals = createVersionedMemo<Map<string, number>>();

  async function paperTotal(filter: BookFilter): Promise<number> {
    if (filter.userId === undefined) return repo.paperCount(filter);
    const byFilter = await paperTotals.get(
      filter.userId,
      String(await repo.fillVersion(filter.userId)),
      () => new Map(),
    );
    const key = JSON.stringify([filter.mappingId, filter.fromAt, filter.toAt, filter.status]);
    const kept = byFilter.get(key);
    if (kept !== undefined) return kept;
    const total = await repo.paperCount(filter);
    if (byFilter.size >= FILTERS_KEPT) byFilter.clear();
    byFilter.set(key, total);
    return total;
  }

  /**
   * A live order's trace (issue 31 item 7): its book row, what made it and its fills; its owner's or any for an
   * admin, else 404 (another's order is not said to exist).
   */
  async function trace(actor: Actor, id: number): Promise<OrderTrace> {
    const row = ownedOr404(actor, await repo.liveOne(id), 'Order');
    const stored = readTrace(row.trace);
    const authorName = stored?.author.kind === 'user' ? await repo.usernameOf(stored.author.user_id) : null;
    const fills = await repo.fillsOf(id);
    return {
      order: liveOrder(row),
      ...presentTrace(stored, authorName),
      fills: fills.map((f) => ({
        id: f.id,
        time: iso(f.transactionDate),
        trade_id: f.brokerTradeId,
        quantity: f.quantity,
        price: toRupees(f.pricePaise),
      })),
    };
  }

  /** A page of the book, each order with whose it is (its user's id, for the admin's names). */
  async function page(filter: BookFilter, limit: number, offset: number) {
    const wanted = offset + limit;
    const [live, paper, liveTotal, paperCount] = await Promise.all([
      repo.liveNewest(filter, wanted),
      repo.paperNewest(filter, wanted),
      repo.liveCount(filter),
      paperTotal(filter),
    ]);
    const owned = [
      ...live.map((r) => ({ order: liveOrder(r), userId: Number(r.userId) })),
      ...paper.map((r) => ({ order: paperOrder(r), userId: Number(r.userId) })),
    ];
    const rows = owned.sort((a, b) => newestFirst(a.order, b.order)).slice(offset, wanted);
    return { rows, total: liveTotal + paperCount };
  }

  /** The caller's own page: no names, every order is theirs. */
  async function ownPage(filter: BookFilter, limit: number, offset: number): Promise<OrderBook> {
    const { rows, total } = await page(filter, limit, offset);
    return { orders: rows.map((r) => r.order), total };
  }

  /** The admin's page: each order with its user's name. */
  async function namedPage(filter: BookFilter, limit: number, offset: number): Promise<AdminOrderBook> {
    const { rows, total } = await page(filter, limit, offset);
    const names = await repo.usernamesOf([...new Set(rows.map((r) => r.userId))]);
    return { orders: rows.map((r) => ({ ...r.order, user_username: names.get(r.userId) ?? null })), total };
  }

  const filterOf = (q: OrderBookQuery): Omit<BookFilter, 'userId'> => ({
    mappingId: q.mapping_id,
    status: q.status,
    fromAt: q.from === undefined ? null : dayStart(q.from),
    toAt: q.to === undefined ? null : dayStart(q.to) + DAY_MS,
  });

  return {
    trace,
    /** The caller's orders. */
    mine: (userId: number, q: OrderBookQuery) => ownPage({ ...filterOf(q), userId }, q.limit, q.offset),
    /** Everyone's, or one user's by name (an unknown name: none), each order with whose it is. */
    async all(q: AdminOrderBookQuery): Promise<AdminOrderBook> {
      if (q.user === undefined) return namedPage(filterOf(q), q.limit, q.offset);
      const userId = await repo.userIdByName(q.user);
      return userId === null ? { orders: [], total: 0 } : namedPage({ ...filterOf(q), userId }, q.limit, q.offset);
    },
  };
}

export type OrderBookService = ReturnType<typeof createOrderBookService>;
