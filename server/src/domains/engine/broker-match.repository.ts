import type { Kysely } from 'kysely';
import type { DB, LegRow } from '../../db/schema.js';
import { createFillWriter, LegAlreadyClosedError } from '../ledger/fill-writer.service.js';
import type { MappingState, NewFill, WrittenFill } from './engine.types.js';
import { StalePositionError } from './stale-position.js';

/**
 * The SQL of matching the console to the broker by hand (broker-match.ts): what a live account's strategies
 * hold of a symbol, whether the account has orders not yet settled, and the booking itself.
 */
export function createBrokerMatchRepository(db: Kysely<DB>) {
  const writer = createFillWriter({ db });
  return {
    /** Units every live strategy on the account holds open of the symbol (they share the broker's position). */
    async accountOpenQuantity(userBrokerId: number, exchange: string, tradingSymbol: string): Promise<number> {
      const row = await db
        .selectFrom('strategyLegs as l')
        .innerJoin('userStrategyMappings as m', 'm.id', 'l.mappingId')
        .select((eb) => eb.fn.sum<number>('l.quantity').as('quantity'))
        .where('m.userBrokerId', '=', userBrokerId)
        .where('m.isDummy', '=', 0)
        .where('l.status', '=', 'open')
        .where('l.exchange', '=', exchange)
        .where('l.tradingSymbol', '=', tradingSymbol)
        .executeTakeFirst();
      return Number(row?.quantity ?? 0);
    },

    /** Whether any order on the account is not settled yet: mid-trade, the two sides differ for a moment. */
    async hasOrdersInFlight(userBrokerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('brokerOrders')
        .select('id')
        .where('userBrokerId', '=', userBrokerId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A strategy paused on a broker difference (issue 27) names what still differs after a match: the rest, or
     * null once nothing does (its row then says the difference is matched and it may be resumed).
     */
    async setDriftNote(mappingId: number, note: string | null) {
      await db
        .updateTable('userStrategyMappings')
        .set({ stopNote: note === null ? null : note.slice(0, 500) })
        .where('id', '=', mappingId)
        .where('stopReason', '=', 'broker_drift')
        .execute();
    },

    /**
     * Books `quantity` units of the legs (oldest first) as closed at `pricePaise`: each leg closes or shrinks,
     * one transaction per leg touched on the side that closes it (BUY for a sold leg, SELL for a bought one), the strategy's position version moved on from the one read under
     * its lock (stale-position.ts), all in one transaction. No broker order: the trade happened in Kite.
     */
    async closeByHand(
      m: Pick<MappingState, 'id' | 'userId' | 'strategyId' | 'instrumentId' | 'positionVersion'>,
      legs: readonly LegRow[],
      quantity: number,
      pricePaise: number,
      at: number,
    ): Promise<WrittenFill[]> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('userStrategyMappings')
          .set({ positionVersion: m.positionVersion + 1 })
          .where('id', '=', m.id)
          .where('positionVersion', '=', m.positionVersion)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new StalePositionError([m.id]);
        let left = quantity;
        const fills: NewFill[] = [];
        const closeHeldLegs: Array<{ id: number; held: number }> = [];
        const shrinkLegs: Array<{ id: number; by: number; held: number }> = [];
        for (const leg of legs) {
          if (left <= 0) break;
          // Signed as the leg: + sold, − bought; the closing fill is its opposite.
          const sign = leg.quantity < 0 ? -1 : 1;
          const take = Math.min(left, Math.abs(leg.quantity));
          left -= take;
          if (take >= Math.abs(leg.quantity)) closeHeldLegs.push({ id: leg.id, held: leg.quantity });
          else shrinkLegs.push({ id: leg.id, by: sign * take, held: leg.quantity });
          fills.push({
            userId: m.userId,
            mappingId: m.id,
            strategyId: m.strategyId,
            instrumentId: m.instrumentId,
            tradingSymbol: leg.tradingSymbol,
            quantity: -sign * take,
            pricePaise,
            isDummy: 0,
            orderId: null,
          });
        }
        try {
          // Each leg closes or shrinks only from the size read under the lock (the ledger's fill writer).
          return (await writer.book(trx, { at, fills, closeHeldLegs, shrinkLegs })).fills;
        } catch (err) {
          if (err instanceof LegAlreadyClosedError) throw new StalePositionError([m.id]);
          throw err;
        }
      });
    },
  };
}

export type BrokerMatchRepository = ReturnType<typeof createBrokerMatchRepository>;
