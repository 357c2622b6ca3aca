import type { Kysely } from 'kysely';
import { existingMappingIds } from '../../db/existing-mappings.js';
import type { DB, TransactionKind } from '../../db/schema.js';

/** Whose positions to read: one user's strategies, some strategies by id, or everyone's (admins). */
export type PositionsScope = { userId: number } | { mappingIds: readonly number[] } | { everyone: true };

export interface MappingFacts {
  id: number;
  userId: number;
  username: string;
  strategyName: string | null;
  instrumentName: string | null;
  isDummy: number;
  runningStatus: number;
  userBrokerId: number | null;
}

export interface FillFacts {
  mappingId: number;
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  at: number;
  kind: TransactionKind;
  /** 1 = a paper fill, 0 = a live one: a strategy's book holds the fills of the mode it runs in. */
  isDummy: number;
  /** The broker order a live fill (one of its trades) is part of; null for paper and settlement fills. */
  orderId: number | null;
}

/** What a symbol is (from the strategy's leg records, open or closed): how a position row describes it. */
export interface SymbolFacts {
  mappingId: number;
  tradingSymbol: string;
  exchange: string;
  optionType: string;
  strikePaise: number;
  expiry: string;
}

/** An open leg as the reconciliation counts it: on which broker account, which symbol, how many. */
export interface LiveLegFacts {
  userBrokerId: number;
  exchange: string;
  tradingSymbol: string;
  quantity: number;
  /** The strategy holding it, named as its row is (issue 27: the banner offers to match it to the broker). */
  mappingId: number;
  strategyName: string;
  instrumentName: string;
}

export interface AccountFacts {
  id: number;
  userId: number;
  username: string;
  brokerUsername: string;
}

/** Every read the ledger makes. It writes nothing: positions and P&L are derived from the fills alone. */
export function createLedgerRepository(db: Kysely<DB>) {
  /** A chunk size under every database's bound-parameter limit. */
  const CHUNK = 5000;
  async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
    return out;
  }

  const mappingsQuery = () =>
    db
      .selectFrom('userStrategyMappings as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .leftJoin('strategies as s', 's.id', 'm.strategyId')
      .leftJoin('instruments as i', 'i.id', 'm.instrumentId')
      .select([
        'm.id',
        'm.userId',
        'u.username',
        's.name as strategyName',
        'i.name as instrumentName',
        'm.isDummy',
        'm.runningStatus',
        'm.userBrokerId',
      ])
      .orderBy('m.id');

  return {
    async mappings(scope: PositionsScope): Promise<MappingFacts[]> {
      if ('userId' in scope) return mappingsQuery().where('m.userId', '=', scope.userId).execute();
      if ('mappingIds' in scope)
        return inChunks(scope.mappingIds, (ids) => mappingsQuery().where('m.id', 'in', ids).execute());
      return mappingsQuery().execute();
    },

    /** Fills of the mappings, oldest first (the order FIFO needs). */
    async fills(mappingIds: readonly number[]): Promise<FillFacts[]> {
      const rows = await inChunks(mappingIds, (ids) =>
        db
          .selectFrom('transactions')
          .select([
            'mappingId',
            'tradingSymbol',
            'quantity',
            'pricePaise',
            'transactionDate',
            'kind',
            'isDummy',
            'orderId',
          ])
          .where('mappingId', 'in', ids)
          .orderBy('mappingId')
          .orderBy('transactionDate')
          .orderBy('id')
          .execute(),
      );
      return rows.map((r) => ({
        mappingId: Number(r.mappingId),
        tradingSymbol: r.tradingSymbol,
        quantity: r.quantity,
        pricePaise: Number(r.pricePaise),
        at: Number(r.transactionDate),
        kind: r.kind,
        isDummy: r.isDummy,
        orderId: r.orderId,
      }));
    },

    /** Records strategies' P&L marks (the MTM curve). */
    async addMarks(
      rows: ReadonlyArray<{ mappingId: number; at: number; realizedPaise: number; unrealizedPaise: number }>,
    ) {
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        // A strategy deleted since it was priced takes no mark, and does not cost the others theirs.
        const living = await existingMappingIds(
          db,
          chunk.map((r) => r.mappingId),
        );
        const kept = chunk.filter((r) => living.has(r.mappingId));
        if (kept.length > 0) await db.insertInto('positionMarks').values(kept).execute();
      }
    },

    /** A strategy's marks since `since`, oldest first. */
    async marksSince(mappingId: number, since: number) {
      const rows = await db
        .selectFrom('positionMarks')
        .select(['at', 'realizedPaise', 'unrealizedPaise'])
        .where('mappingId', '=', mappingId)
        .where('at', '>=', since)
        .orderBy('at')
        .execute();
      return rows.map((r) => ({
        at: Number(r.at),
        realizedPaise: Number(r.realizedPaise),
        unrealizedPaise: Number(r.unrealizedPaise),
      }));
    },

    /** Drops marks older than `before`: the curve is a view of recent days, not a ledger. */
    async dropMarksBefore(before: number) {
      await db.deleteFrom('positionMarks').where('at', '<', before).execute();
    },

    /** What a strategy's chart needs to know about it: owner, underlying and RDX interval. */
    chartFacts(mappingId: number) {
      return db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
        .leftJoin('rdxConfigs as c', 'c.mappingId', 'm.id')
        .select(['m.id', 'm.userId', 'i.name as instrumentName', 'i.instrumentToken', 'c.interval'])
        .where('m.id', '=', mappingId)
        .executeTakeFirst();
    },

    /** A strategy's fills since `since`, newest `limit` of them, oldest first, as transactions are shown. */
    async fillsSince(mappingId: number, since: number, limit: number) {
      const rows = await db
        .selectFrom('transactions as t')
        .innerJoin('users as u', 'u.id', 't.userId')
        .leftJoin('strategies as s', 's.id', 't.strategyId')
        .leftJoin('instruments as i', 'i.id', 't.instrumentId')
        .selectAll('t')
        .select(['u.username as userUsername', 's.name as strategyName', 'i.name as instrumentName'])
        .where('t.mappingId', '=', mappingId)
        .where('t.transactionDate', '>=', since)
        .orderBy('t.transactionDate', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    /** Every fill of a user, oldest first, with the strategy it was made for (kept even when the mapping is gone). */
    async userFills(userId: number) {
      const rows = await db
        .selectFrom('transactions as t')
        .leftJoin('strategies as s', 's.id', 't.strategyId')
        .select([
          't.mappingId',
          's.name as strategyName',
          't.tradingSymbol',
          't.quantity',
          't.pricePaise',
          't.transactionDate',
          't.kind',
          't.orderId',
        ])
        .where('t.userId', '=', userId)
        .orderBy('t.transactionDate')
        .orderBy('t.id')
        .execute();
      return rows.map((r) => ({
        mappingId: r.mappingId === null ? null : Number(r.mappingId),
        strategyName: r.strategyName,
        tradingSymbol: r.tradingSymbol,
        quantity: r.quantity,
        pricePaise: Number(r.pricePaise),
        at: Number(r.transactionDate),
        kind: r.kind,
        orderId: r.orderId,
      }));
    },

    /**
     * Each mapping's fill count and newest fill id: a cheap fingerprint (an index-only scan) that changes
     * whenever a fill is written for it, on any instance.
     */
    async fillVersions(mappingIds: readonly number[]): Promise<Map<number, string>> {
      const rows = await inChunks(mappingIds, (ids) =>
        db
          .selectFrom('transactions')
          .select((eb) => ['mappingId', eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
          .where('mappingId', 'in', ids)
          .groupBy('mappingId')
          .execute(),
      );
      return new Map(rows.map((r) => [Number(r.mappingId), `${Number(r.n)}:${Number(r.last)}`]));
    },

    /** The newest leg record of each (mapping, symbol). */
    async symbols(mappingIds: readonly number[]): Promise<SymbolFacts[]> {
      const rows = await inChunks(mappingIds, (ids) =>
        db
          .selectFrom('strategyLegs')
          .select(['mappingId', 'tradingSymbol', 'exchange', 'optionType', 'strikePaise', 'expiry'])
          .where('mappingId', 'in', ids)
          .orderBy('id')
          .execute(),
      );
      const newest = new Map<string, SymbolFacts>();
      for (const r of rows)
        newest.set(`${r.mappingId}:${r.tradingSymbol}`, { ...r, strikePaise: Number(r.strikePaise) });
      return [...newest.values()];
    },

    /** Mapping ids with open legs and those legs' ids: what the price feed watches, and how it sees a trade. */
    openLegs() {
      return db
        .selectFrom('strategyLegs')
        .select(['id', 'mappingId', 'tradingSymbol', 'exchange'])
        .where('status', '=', 'open')
        .orderBy('id')
        .execute();
    },

    /** Broker accounts with a token or a live strategy: the ones reconciliation asks the broker about. */
    async liveAccounts(scope: { userId: number } | { everyone: true }): Promise<AccountFacts[]> {
      let q = db
        .selectFrom('userBrokers as b')
        .innerJoin('users as u', 'u.id', 'b.userId')
        .select(['b.id', 'b.userId', 'u.username', 'b.brokerUsername'])
        .where((eb) =>
          eb.or([
            eb('b.brokerTokenSealed', 'is not', null),
            eb.exists(
              eb
                .selectFrom('userStrategyMappings as m')
                .select('m.id')
                .whereRef('m.userBrokerId', '=', 'b.id')
                .where('m.isDummy', '=', 0),
            ),
          ]),
        )
        .orderBy('b.id');
      if ('userId' in scope) q = q.where('b.userId', '=', scope.userId);
      return q.execute();
    },

    /** Active paper strategies (the user's, or everyone's): what reconciliation has no broker to compare with. */
    async paperStrategyCount(scope: { userId: number } | { everyone: true }): Promise<number> {
      let q = db
        .selectFrom('userStrategyMappings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('isDummy', '=', 1)
        .where('isActive', '=', 1);
      if ('userId' in scope) q = q.where('userId', '=', scope.userId);
      const row = await q.executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Open legs of live strategies on the given accounts. */
    async liveLegs(accountIds: readonly number[]): Promise<LiveLegFacts[]> {
      if (accountIds.length === 0) return [];
      const rows = await db
        .selectFrom('strategyLegs as l')
        .innerJoin('userStrategyMappings as m', 'm.id', 'l.mappingId')
        .innerJoin('strategies as s', 's.id', 'm.strategyId')
        .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
        .select([
          'm.userBrokerId',
          'l.exchange',
          'l.tradingSymbol',
          'l.quantity',
          'm.id as mappingId',
          's.name as strategyName',
          'i.name as instrumentName',
        ])
        .where('l.status', '=', 'open')
        .where('m.isDummy', '=', 0)
        .where('m.userBrokerId', 'in', [...accountIds])
        .orderBy('l.id')
        .execute();
      return rows.map((r) => ({ ...r, userBrokerId: Number(r.userBrokerId) }));
    },

    /** Broker accounts with an order the console placed and has not yet settled (filled or failed). */
    async accountsWithOrdersInFlight(accountIds: readonly number[]): Promise<Set<number>> {
      if (accountIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('brokerOrders')
        .select('userBrokerId')
        .distinct()
        .where('status', '=', 'pending')
        .where('userBrokerId', 'in', [...accountIds])
        .execute();
      return new Set(rows.map((r) => Number(r.userBrokerId)));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
