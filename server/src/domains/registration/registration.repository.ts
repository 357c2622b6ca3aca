import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The facts a registration pack reads: the caller's own backtests and fills of a strategy, nobody else's. */
export function createRegistrationRepository(db: Kysely<DB>) {
  return {
    /** Who asked, by name. */
    async usernameOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return row?.username ?? null;
    },
    /** The strategies row of a type (by its name), or undefined. */
    strategyNamed(name: string) {
      return db.selectFrom('strategies').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
    },
    /** The user's latest finished backtest of the strategy, with its instrument's name. */
    latestBacktest(userId: number, strategyId: number) {
      return db
        .selectFrom('backtests as b')
        .leftJoin('instruments as i', 'i.id', 'b.instrumentId')
        .select([
          'b.id',
          'b.fromText',
          'b.toText',
          'b.interval',
          'b.priceSource',
          'b.fillModel',
          'b.summary',
          'b.finishedAt',
          'i.name as instrumentName',
        ])
        .where('b.userId', '=', userId)
        .where('b.strategyId', '=', strategyId)
        .where('b.status', '=', 'done')
        .orderBy('b.finishedAt', 'desc')
        .orderBy('b.id', 'desc')
        .executeTakeFirst();
    },
    /** The user's fills of the strategy, paper and live apart: how many, from when to when. */
    fillsByMode(userId: number, strategyId: number) {
      return (
        db
          .selectFrom('transactions')
          .select((eb) => [
            'isDummy',
            eb.fn.countAll<number>().as('fills'),
            eb.fn.min('transactionDate').as('first'),
            eb.fn.max('transactionDate').as('last'),
            sql<number>`count(distinct mapping_id)`.as('strategies'),
          ])
          .where('userId', '=', userId)
          .where('strategyId', '=', strategyId)
          // Fills of orders, not closes at expiry (settlements place no order).
          .where('kind', '=', 'trade')
          .groupBy('isDummy')
          .execute()
      );
    },
    /**
     * The user's live orders of the strategy the broker rejected: failed ones, less cancelled remainders and orders
     * that never reached it (their reasons say so).
     */
    async refusedOrders(userId: number, strategyId: number): Promise<number> {
      const row = await db
        .selectFrom('brokerOrders as o')
        .innerJoin('userStrategyMappings as m', 'm.id', 'o.mappingId')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('o.userId', '=', userId)
        .where('m.strategyId', '=', strategyId)
        .where('o.status', '=', 'failed')
        .where((eb) =>
          eb.or([
            eb('o.error', 'is', null),
            eb.and([
              eb(sql<string>`lower(o.error)`, 'not like', '%cancel%'),
              eb(sql<string>`lower(o.error)`, 'not like', '%never reached%'),
            ]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
