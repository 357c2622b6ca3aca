import type { Insertable, Kysely } from 'kysely';
import type { BrokerOrdersTable, DB } from '../../db/schema.js';
import { insertFills } from './engine.fills.js';

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

    /**
     * Books a broker fill exactly once: the order turns filled, its leg opens or closes, and the
     * transaction is written, in one database transaction. A second call for the same order does nothing.
     */
    async recordFill(orderId: number, pricePaise: number, at: number) {
      return db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('brokerOrders as o')
          .innerJoin('userStrategyMappings as m', 'm.id', 'o.mappingId')
          .selectAll('o')
          .select(['m.strategyId', 'm.instrumentId'])
          .where('o.id', '=', orderId)
          .executeTakeFirst();
        if (!order || order.status !== 'pending') return null;
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
              quantity: order.quantity,
              entryPricePaise: pricePaise,
              status: 'open',
              openedAt: at,
              closedAt: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          legId = leg.id;
        } else if (legId !== null) {
          await trx
            .updateTable('strategyLegs')
            .set({ status: 'closed', closedAt: at })
            .where('id', '=', legId)
            .execute();
        }
        await trx
          .updateTable('brokerOrders')
          .set({ status: 'filled', fillPricePaise: pricePaise, legId, updatedAt: at })
          .where('id', '=', orderId)
          .execute();
        const [written] = await insertFills(
          trx,
          [
            {
              userId: order.userId,
              mappingId: order.mappingId,
              strategyId: order.strategyId,
              instrumentId: order.instrumentId,
              tradingSymbol: order.tradingSymbol,
              quantity: order.side === 'SELL' ? order.quantity : -order.quantity,
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
