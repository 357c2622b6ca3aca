import type { Insertable, Kysely } from 'kysely';
import type { BrokerOrdersTable, DB } from '../../db/schema.js';
import { insertFills } from './engine.fills.js';

/** A close found its leg already closed: another actor got there first; the transaction is rolled back. */
export class LegAlreadyClosedError extends Error {
  constructor(readonly legId: number) {
    super(`Leg ${legId} was already closed`);
    this.name = 'LegAlreadyClosedError';
  }
}

/**
 * Broker orders of live mappings: every intent is written before it is sent, then resolved by its tag.
 * Part of the engine repository (engine.repository.ts), not used on its own.
 */
export function createOrdersRepository(db: Kysely<DB>) {
  return {
    async insertPending(row: Omit<Insertable<BrokerOrdersTable>, 'status'>) {
      const { id } = await db
        .insertInto('brokerOrders')
        .values({ ...row, status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async markPlaced(id: number, brokerOrderId: string, at: number) {
      await db.updateTable('brokerOrders').set({ brokerOrderId, updatedAt: at }).where('id', '=', id).execute();
    },

    async markFailed(id: number, error: string, at: number) {
      await db
        .updateTable('brokerOrders')
        .set({ status: 'failed', error: error.slice(0, 500), updatedAt: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    pending() {
      return db.selectFrom('brokerOrders').selectAll().where('status', '=', 'pending').orderBy('id').execute();
    },

    /** A mapping's orders not yet settled: unsent, lost replies, or resting at the broker. */
    pendingOf(mappingId: number) {
      return db
        .selectFrom('brokerOrders')
        .selectAll()
        .where('mappingId', '=', mappingId)
        .where('status', '=', 'pending')
        .orderBy('id')
        .execute();
    },

    async isPending(id: number) {
      const row = await db.selectFrom('brokerOrders').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status === 'pending';
    },

    /**
     * Books a broker fill exactly once: the order turns filled, its leg opens or closes, and the
     * transaction is written, in one database transaction. A second call for the same order does nothing.
     * A partial fill (`filledQuantity` below the order's) books exactly what filled: an open leg of that
     * size, or a close that leaves the rest of the leg open for the next decision.
     */
    async recordFill(orderId: number, pricePaise: number, at: number, filledQuantity?: number) {
      return db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('brokerOrders as o')
          .innerJoin('userStrategyMappings as m', 'm.id', 'o.mappingId')
          .selectAll('o')
          .select(['m.strategyId', 'm.instrumentId'])
          .where('o.id', '=', orderId)
          .executeTakeFirst();
        if (!order || order.status !== 'pending') return null;
        const filled = Math.min(filledQuantity ?? order.quantity, order.quantity);
        // Claimed first, conditionally: a second booking of the same order (another process, a recovery
        // racing a reply) finds it no longer pending and books nothing.
        const claimed = await trx
          .updateTable('brokerOrders')
          .set({ status: 'filled', fillPricePaise: pricePaise, updatedAt: at })
          .where('id', '=', orderId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return null;
        let legId = order.legId;
        if (order.intent === 'open') {
          const leg = await trx
            .insertInto('strategyLegs')
            .values({
              mappingId: order.mappingId,
              userId: order.userId,
              optionType: order.optionType ?? 'CE',
              tradingSymbol: order.tradingSymbol,
              exchange: order.exchange,
              strikePaise: order.strikePaise ?? 0,
              expiry: order.expiry ?? '',
              quantity: filled,
              entryPricePaise: pricePaise,
              status: 'open',
              openedAt: at,
              closedAt: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          legId = leg.id;
        } else if (legId !== null) {
          // A leg closes only if it is still open: closing it twice would book a phantom buy. A partial close
          // shrinks it instead, and only from the size the order was sent for.
          const closed = await trx
            .updateTable('strategyLegs')
            .set(
              filled >= order.quantity
                ? { status: 'closed', closedAt: at }
                : (eb) => ({ quantity: eb('quantity', '-', filled) }),
            )
            .where('id', '=', legId)
            .where('status', '=', 'open')
            .where('quantity', '=', order.quantity)
            .executeTakeFirst();
          if (Number(closed.numUpdatedRows) !== 1) throw new LegAlreadyClosedError(legId);
        }
        await trx.updateTable('brokerOrders').set({ legId }).where('id', '=', orderId).execute();
        const [written] = await insertFills(
          trx,
          [
            {
              userId: order.userId,
              mappingId: order.mappingId,
              strategyId: order.strategyId,
              instrumentId: order.instrumentId,
              tradingSymbol: order.tradingSymbol,
              quantity: order.side === 'SELL' ? filled : -filled,
              pricePaise,
              isDummy: 0,
              orderId,
            },
          ],
          at,
        );
        return written ?? null;
      });
    },

    async setAtm(mappingId: number, atmPaise: number, at: number) {
      await db
        .updateTable('rdxConfigs')
        .set({ atmValuePaise: atmPaise, atmLastUpdated: at, updatedAt: at })
        .where('mappingId', '=', mappingId)
        .execute();
    },

    async countByTag(tag: string) {
      const row = await db
        .selectFrom('brokerOrders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tag', '=', tag)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
