import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { isBrokerAnswer, type BrokerAccount, type BrokerOrder } from '../brokers/broker-port.js';
import { REJECTED_WORDS } from './broker-refusal.js';
import { averageFill, averageNote, fillsFromTrades, TRADES_WAIT_MS, type TradeFill } from './broker-trades.logic.js';
import { toTransactionDto } from './engine.fills.js';
import type { EngineRepository, MappingState } from './engine.repository.js';

/*
 * Booking what the broker did with a live order (issue 28): its trades, one fill each at the trade's price,
 * never its average rounded to the paisa. Used by the executor once an order reached its final state.
 */

/**
 * When an order settled later filled: the exchange's time, kept between the order's placing and now (a
 * missing or odd timestamp, or another machine's clock, never moves a fill outside when it could have been).
 */
export function fillTime(order: Pick<BrokerOrder, 'exchangeAt'>, placedAt: number, now: number): number {
  const exchangeAt = order.exchangeAt ?? null;
  if (exchangeAt === null) return now;
  return Math.min(Math.max(exchangeAt, placedAt), now);
}

/** What settling an order from the broker's final state came to. */
export interface Settlement {
  /** The row is settled (booked, or failed); false while its fills wait for the broker's trades. */
  isSettled: boolean;
  /** Null when the whole order filled and is booked; else why not, in words a trader can act on. */
  reason: string | null;
}

/** The order row being settled: its id and when it was written (just before it was sent). */
export interface OrderRow {
  id: number;
  createdAt: number;
}

export function createFillBooking(deps: {
  repo: Pick<EngineRepository, 'recordFills' | 'markFailed'>;
  events: Pick<DomainEventBus, 'publish'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  /** The broker's trades of an order as fills, or why they cannot be booked now (in a trader's words). */
  async function readTrades(rest: BrokerAccount, order: BrokerOrder): Promise<TradeFill[] | string> {
    try {
      return fillsFromTrades(order, await rest.orderTrades(order.order_id));
    } catch (err) {
      deps.logger.warn({ err, brokerOrderId: order.order_id }, "could not read an order's trades");
      return isBrokerAnswer(err) ? `${err.broker}: ${err.message}` : 'the broker did not answer';
    }
  }

  /** Books the fills (once: the repository claims the order) and tells who listens. */
  async function book(m: MappingState, row: OrderRow, fills: TradeFill[], at: number, note?: string) {
    const written = await deps.repo.recordFills(row.id, fills, at, note);
    if (written.length === 0) return;
    void deps.events.publish('fills.booked', { transactions: written.map((f) => toTransactionDto(m, f)) });
    if (note === undefined) return;
    // Not silent: the owner's activity says which fill is priced at the average, and why.
    void deps.events.publish('audit.action', {
      at,
      actorUserId: null,
      action: 'mapping.fill_at_average',
      objectType: 'mapping',
      objectId: m.id,
      ownerUserId: m.userId,
      changes: {},
      detail: { trading_symbol: written[0]?.tradingSymbol ?? '', quantity: fills[0]?.quantity ?? 0, note },
      ip: null,
    });
  }

  /**
   * Books an order from the broker's final state: what filled as the broker's trades (all of the order, or
   * the part that filled before the rest was cancelled); nothing filled is a failure with the broker's reason.
   * Trades the broker cannot list yet leave the order pending (asked again before the strategy's next
   * decision) until TRADES_WAIT_MS after it was sent; then it is booked at its average, with a note on the row
   * and in the owner's activity. `isFoundLater`: settled after the fact (a lost reply, a restart), booked at
   * the exchange's time rather than at `at`.
   */
  async function settle(
    m: MappingState,
    rest: BrokerAccount,
    row: OrderRow,
    order: BrokerOrder,
    at: number,
    isFoundLater: boolean,
  ): Promise<Settlement> {
    const isFilled = order.filled_quantity > 0 && (order.status === 'COMPLETE' || order.status === 'CANCELLED');
    if (!isFilled) {
      const why = order.status_message ?? order.status;
      await deps.repo.markFailed(row.id, why, at);
      const what = order.status === 'REJECTED' ? REJECTED_WORDS : order.status.toLowerCase();
      return { isSettled: true, reason: `${what}: ${why}` };
    }
    const filledAt = isFoundLater ? fillTime(order, row.createdAt, at) : at;
    const trades = await readTrades(rest, order);
    if (typeof trades !== 'string') await book(m, row, trades, filledAt);
    else if (at - row.createdAt < TRADES_WAIT_MS) {
      return { isSettled: false, reason: `filled at the broker, booked once its trades can be read (${trades})` };
    } else {
      const fill = averageFill(order);
      deps.logger.warn({ mappingId: m.id, brokerOrderId: order.order_id, why: trades }, 'order booked at its average');
      await book(m, row, [fill], filledAt, averageNote(fill, `its trades could not be read (${trades})`));
    }
    const isWhole = order.status === 'COMPLETE' && order.filled_quantity >= order.quantity;
    return { isSettled: true, reason: isWhole ? null : `only ${order.filled_quantity} of ${order.quantity} filled` };
  }

  return { settle };
}

export type FillBooking = ReturnType<typeof createFillBooking>;
