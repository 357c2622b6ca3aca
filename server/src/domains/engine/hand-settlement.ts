import { type Mapping, type SettleOrder, type UnsettledOrder } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/ownership.js';
import { iso, toPaise } from '../../platform/time.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { toTransactionDto } from './engine.fills.js';
import type { EngineRepository } from './engine.repository.js';
import { isPastItsOrderBook } from './order-book-day.js';
import type { TradeProblems } from './trade-problems.js';

/** What a by-hand "not filled" leaves on the order row. */
export const NOT_FILLED_BY_HAND = 'not filled, as the trader found in the broker account';

/**
 * Orders the broker can no longer be asked about (sent on an earlier day: a broker's order book is the
 * day's, order-book-day.ts) are settled by the trader, who reads their fate in the broker account: filled at a
 * price, booked as the broker's fill would have been, or not filled. Only those: an order the broker
 * still lists is settled from the broker. Under the strategy's lock, like every change to its legs.
 */
export function createHandSettlement(deps: {
  repo: Pick<EngineRepository, 'pendingOf' | 'recordFill' | 'markFailed' | 'one'>;
  mappings: Pick<MappingsService, 'load' | 'get'>;
  locks: MappingLocks;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  problems: Pick<TradeProblems, 'clear' | 'share'>;
}) {
  return {
    /** The strategy's orders not yet settled, each saying whether only the trader can settle it now. */
    unsettled: async (actor: Actor, id: number): Promise<UnsettledOrder[]> => {
      await deps.mappings.load(actor, id);
      const now = deps.clock.now();
      return (await deps.repo.pendingOf(id)).map((o) => ({
        id: o.id,
        side: o.side,
        quantity: o.quantity,
        trading_symbol: o.tradingSymbol,
        intent: o.intent,
        sent_at: iso(o.createdAt),
        is_past_order_book: isPastItsOrderBook(o.createdAt, now),
      }));
    },

    settle: (actor: Actor, id: number, orderId: number, found: SettleOrder): Promise<{ strategy: Mapping }> =>
      deps.locks.withMappings([id], async () => {
        const row = await deps.mappings.load(actor, id);
        const at = deps.clock.now();
        // Not pending (any more): settled meanwhile, by the broker or another tab, or not this strategy's.
        const order = (await deps.repo.pendingOf(id)).find((o) => o.id === orderId);
        if (!order) throw notFound('Order');
        if (!isPastItsOrderBook(order.createdAt, at)) {
          throw conflict('The broker still lists this order, so the console settles it with the broker');
        }
        if (found.filled) {
          const quantity = found.quantity ?? order.quantity;
          if (quantity > order.quantity) {
            throw badRequest(`Filled quantity must be at most the order's ${order.quantity}`);
          }
          // Booked when it was sent: a market order fills within moments of reaching the exchange.
          const fill = await deps.repo.recordFill(order.id, toPaise(found.price), order.createdAt, quantity);
          const state = await deps.repo.one(id);
          if (fill && state) {
            void deps.events.publish('fills.booked', { transactions: [toTransactionDto(state.mapping, fill)] });
          }
        } else {
          await deps.repo.markFailed(order.id, NOT_FILLED_BY_HAND, at);
        }
        // The row no longer waits on it; the next decision sees the legs as they now are. Other tabs re-read it.
        deps.problems.clear(id);
        await deps.problems.share();
        void deps.events.publish('mapping.changed', { mappingId: id, userId: row.userId });
        return { strategy: await deps.mappings.get(actor, id) };
      }),
  };
}
