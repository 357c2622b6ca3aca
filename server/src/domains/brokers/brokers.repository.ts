import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DbKind } from '../../db/client.js';
import { lockUserRow } from '../../db/locks.js';
import type { DB, UserBrokersTable } from '../../db/schema.js';

/** The columns of a token Kite has not refused, written with every new token (or none). */
export const NOT_REFUSED = { tokenRefusedAt: null, tokenRefusedReason: null } as const;

export function createBrokersRepository(db: Kysely<DB>, kind: DbKind = 'sqlite') {
  const userBrokers = () =>
    db
      .selectFrom('userBrokers')
      .innerJoin('brokers', 'brokers.id', 'userBrokers.brokerId')
      .selectAll('userBrokers')
      .select(['brokers.name as brokerName', 'brokers.kind as brokerKind']);

  return {
    listBrokers() {
      return db.selectFrom('brokers').select(['id', 'name', 'kind']).orderBy('id').execute();
    },
    findBroker(id: number) {
      return db.selectFrom('brokers').select(['id', 'name', 'kind']).where('id', '=', id).executeTakeFirst();
    },
    listForUser(userId: number) {
      return userBrokers().where('userBrokers.userId', '=', userId).orderBy('userBrokers.id').execute();
    },
    findById(id: number) {
      return userBrokers().where('userBrokers.id', '=', id).executeTakeFirst();
    },
    /** Several accounts at once (a candle close's entries weighed against their Paper accounts). */
    findByIds(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return userBrokers()
        .where('userBrokers.id', 'in', [...ids])
        .execute();
    },
    /** Every account with an egress of its own or registered IPs (the family rule compares their addresses). */
    listWithEgress() {
      return userBrokers()
        .where((eb) =>
          eb.or([
            eb('userBrokers.registeredIps', '!=', '[]'),
            eb('userBrokers.egressProxyUrlSealed', 'is not', null),
            eb('userBrokers.egressBindAddress', 'is not', null),
          ]),
        )
        .orderBy('userBrokers.id')
        .execute();
    },
    /** Keeps an egress check's finding, unless the account's egress changed since it was read (a save won). */
    async keepEgressFinding(
      read: {
        id: number;
        egressProxyUrlSealed: string | null;
        egressBindAddress: string | null;
        registeredIps: string;
      },
      finding: { egressCheckedAt: number; egressPublicIp: string | null; egressProblem: string | null },
    ) {
      await db
        .updateTable('userBrokers')
        .set(finding)
        .where('id', '=', read.id)
        .where((eb) =>
          eb.and([
            read.egressProxyUrlSealed === null
              ? eb('egressProxyUrlSealed', 'is', null)
              : eb('egressProxyUrlSealed', '=', read.egressProxyUrlSealed),
            read.egressBindAddress === null
              ? eb('egressBindAddress', 'is', null)
              : eb('egressBindAddress', '=', read.egressBindAddress),
            eb('registeredIps', '=', read.registeredIps),
          ]),
        )
        .execute();
    },
    /**
     * Inserts unless the user already has this broker account (same broker, same user id at the broker);
     * returns null then. Check and insert run under the owner's lock, so a double submit cannot make two.
     */
    insertUnlessTaken(row: Insertable<UserBrokersTable>) {
      return db.transaction().execute(async (trx) => {
        await lockUserRow(trx, kind, row.userId);
        const taken = await trx
          .selectFrom('userBrokers')
          .select('id')
          .where('userId', '=', row.userId)
          .where('brokerId', '=', row.brokerId)
          .where('brokerUsername', '=', row.brokerUsername)
          .executeTakeFirst();
        if (taken) return null;
        const { id } = await trx.insertInto('userBrokers').values(row).returning('id').executeTakeFirstOrThrow();
        return id;
      });
    },
    async isTaken(key: { userId: number; brokerId: number; brokerUsername: string }, exceptId: number) {
      const row = await db
        .selectFrom('userBrokers')
        .select('id')
        .where('userId', '=', key.userId)
        .where('brokerId', '=', key.brokerId)
        .where('brokerUsername', '=', key.brokerUsername)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async update(id: number, patch: Updateable<UserBrokersTable>) {
      await db.updateTable('userBrokers').set(patch).where('id', '=', id).execute();
    },
    /**
     * Keeps Kite's first refusal of the token written at `tokenUpdatedAt`; nothing when the account holds
     * another token by now (every token write clears the refusal) or the refusal is already kept. Returns
     * whether it was kept now. Only this instance's own times are compared (the token's write time read back).
     */
    async markTokenRefused(id: number, tokenUpdatedAt: number | null, reason: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('userBrokers')
        .set({ tokenRefusedAt: at, tokenRefusedReason: reason.slice(0, 300) })
        .where('id', '=', id)
        .where('brokerTokenSealed', 'is not', null)
        .where((eb) =>
          tokenUpdatedAt === null ? eb('tokenUpdatedAt', 'is', null) : eb('tokenUpdatedAt', '=', tokenUpdatedAt),
        )
        .where('tokenRefusedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: number) {
      await db.deleteFrom('userBrokers').where('id', '=', id).execute();
    },
    async countMappings(id: number) {
      const row = await db
        .selectFrom('userStrategyMappings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userBrokerId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** The open legs of account `id`'s paper strategies (a Paper account's positions), netted per contract. */
    async openPaperLegs(id: number) {
      const rows = await db
        .selectFrom('strategyLegs as l')
        .innerJoin('userStrategyMappings as m', 'm.id', 'l.mappingId')
        .select(['l.exchange', 'l.tradingSymbol', (eb) => eb.fn.sum<number>('l.quantity').as('quantity')])
        .where('m.userBrokerId', '=', id)
        .where('m.isDummy', '=', 1)
        .where('l.status', '=', 'open')
        .groupBy(['l.exchange', 'l.tradingSymbol'])
        .orderBy('l.tradingSymbol')
        .execute();
      return rows.map((r) => ({ exchange: r.exchange, tradingSymbol: r.tradingSymbol, quantity: Number(r.quantity) }));
    },
    /** `openPaperLegs` of several accounts in one query, keyed by account (an account holding none is absent). */
    async openPaperLegsOf(ids: readonly number[]) {
      const held = new Map<number, Array<{ exchange: string; tradingSymbol: string; quantity: number }>>();
      if (ids.length === 0) return held;
      const rows = await db
        .selectFrom('strategyLegs as l')
        .innerJoin('userStrategyMappings as m', 'm.id', 'l.mappingId')
        .select([
          'm.userBrokerId',
          'l.exchange',
          'l.tradingSymbol',
          (eb) => eb.fn.sum<number>('l.quantity').as('quantity'),
        ])
        .where('m.userBrokerId', 'in', [...ids])
        .where('m.isDummy', '=', 1)
        .where('l.status', '=', 'open')
        .groupBy(['m.userBrokerId', 'l.exchange', 'l.tradingSymbol'])
        .orderBy('l.tradingSymbol')
        .execute();
      for (const r of rows) {
        if (r.userBrokerId === null) continue;
        const list = held.get(r.userBrokerId) ?? [];
        list.push({ exchange: r.exchange, tradingSymbol: r.tradingSymbol, quantity: Number(r.quantity) });
        held.set(r.userBrokerId, list);
      }
      return held;
    },
    async userExists(userId: number) {
      return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
    },
  };
}

export type BrokersRepository = ReturnType<typeof createBrokersRepository>;
export type UserBrokerWithName = NonNullable<Awaited<ReturnType<BrokersRepository['findById']>>>;
