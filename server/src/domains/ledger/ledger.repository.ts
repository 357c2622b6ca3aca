import type { Kysely } from 'kysely';
import { existingMappingIds } from '../../db/existing-mappings.js';
import type { DB, TransactionKind } from '../../db/schema.js';
import { createLedgerFingerprints } from './ledger-fingerprints.js';

/** Whose positions to read: one user's strategies, some strategies by id, or everyone's (admins). */
export type PositionsScope =
  { userId: number } | { userIds: readonly number[] } | { mappingIds: readonly number[] } | { everyone: true };

export interface MappingFacts {
  id: number;
  userId: number;
  username: string;
  strategyName: string | null;
  instrumentName: string | null;
  /** The underlying's instrument token (its last price is the spot its options' greeks stand on). */
  instrumentToken: string | null;
  isDummy: number;
  runningStatus: number;
  userBrokerId: number | null;
}

/** A fill with what its contract note needs: whose, which broker account, which order. */
export interface AccountFill {
  userId: number;
  /** Null when its strategy was deleted: still on the account's contract note, in no strategy's book. */
  mappingId: number | null;
  strategyName: string | null;
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  at: number;
  kind: TransactionKind;
  /** 1 = a paper fill, 0 = a live one: a strategy's book holds the fills of the mode it runs in. */
  isDummy: number;
  /** The broker order it filled (its fills pay one brokerage); null for paper, settlement and matched fills. */
  orderId: number | null;
  /** A paper fill's order among its strategy's at its instant: its depth levels pay one brokerage. */
  paperOrder?: number | null;
  /** The broker account it was traded on: the order's, else its strategy's now; null when neither is known. */
  userBrokerId: number | null;
  /** The mode its strategy runs in now; null when the strategy is gone. */
  mappingIsDummy: number | null;
  /** The `brokers.kind` of `userBrokerId`'s broker (whose brokerage its note pays); null with no account. */
  brokerKind?: string | null;
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

const nullableNumber = (v: number | string | bigint | null) => (v === null ? null : Number(v));

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
        'i.instrumentToken as instrumentToken',
        'm.isDummy',
        'm.runningStatus',
        'm.userBrokerId',
      ])
      .orderBy('m.id');

  return {
    ...createLedgerFingerprints(db),

    async mappings(scope: PositionsScope): Promise<MappingFacts[]> {
      if ('userId' in scope) return mappingsQuery().where('m.userId', '=', scope.userId).execute();
      if ('userIds' in scope)
        return inChunks(scope.userIds, (ids) => mappingsQuery().where('m.userId', 'in', ids).execute());
      if ('mappingIds' in scope)
        return inChunks(scope.mappingIds, (ids) => mappingsQuery().where('m.id', 'in', ids).execute());
      return mappingsQuery().execute();
    },

    /**
     * Every fill of the users, oldest first (the order FIFO needs), with its account and order: a contract note
     * is one account's day, and an account's strategies all belong to its user.
     */
    async accountFills(userIds: readonly number[]): Promise<AccountFill[]> {
      const rows = await inChunks(userIds, (ids) =>
        db
          .selectFrom('transactions as t')
          .leftJoin('brokerOrders as o', 'o.id', 't.orderId')
          .leftJoin('userStrategyMappings as m', 'm.id', 't.mappingId')
          .leftJoin('strategies as s', 's.id', 't.strategyId')
          // The broker of each account the fill could be on: the order's, else its strategy's (userBrokerId).
          .leftJoin('userBrokers as oa', 'oa.id', 'o.userBrokerId')
          .leftJoin('brokers as ob', 'ob.id', 'oa.brokerId')
          .leftJoin('userBrokers as ma', 'ma.id', 'm.userBrokerId')
          .leftJoin('brokers as mb', 'mb.id', 'ma.brokerId')
          .select([
            't.userId',
            't.mappingId',
            's.name as strategyName',
            't.tradingSymbol',
            't.quantity',
            't.pricePaise',
            't.transactionDate',
            't.kind',
            't.isDummy',
            't.orderId',
            't.paperOrder',
            'o.userBrokerId as orderAccount',
            'm.userBrokerId as mappingAccount',
            'm.isDummy as mappingIsDummy',
            'ob.kind as orderBrokerKind',
            'mb.kind as mappingBrokerKind',
          ])
          .where('t.userId', 'in', ids)
          .orderBy('t.transactionDate')
          .orderBy('t.id')
          .execute(),
      );
      // Chunks are whole users, so each user's fills stay in order.
      return rows.map((r) => ({
        userId: Number(r.userId),
        mappingId: r.mappingId === null ? null : Number(r.mappingId),
        strategyName: r.strategyName,
        tradingSymbol: r.tradingSymbol,
        quantity: r.quantity,
        pricePaise: Number(r.pricePaise),
        at: Number(r.transactionDate),
        kind: r.kind,
        isDummy: r.isDummy,
        orderId: r.orderId === null ? null : Number(r.orderId),
        paperOrder: r.paperOrder === null ? null : Number(r.paperOrder),
        userBrokerId: nullableNumber(r.orderAccount ?? r.mappingAccount),
        mappingIsDummy: nullableNumber(r.mappingIsDummy),
        brokerKind: r.orderAccount !== null ? r.orderBrokerKind : r.mappingBrokerKind,
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

    /** What a strategy's chart needs to know about it: owner, underlying and the candle interval it decides on. */
    chartFacts(mappingId: number) {
      return db
        .selectFrom('userStrategyMappings as m')
        .innerJoin('instruments as i', 'i.id', 'm.instrumentId')
        .select(['m.id', 'm.userId', 'i.name as instrumentName', 'i.instrumentToken', 'm.interval'])
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

    /**
     * Per broker account, the `EXCHANGE:SYMBOL`s of the orders the console placed that are not yet settled
     * (filled or failed), or that settled after `since`: an order settling while the broker is asked may be on
     * one side of a comparison and not yet on the other.
     */
    async symbolsInFlight(accountIds: readonly number[], since: number): Promise<Map<number, Set<string>>> {
      const out = new Map<number, Set<string>>();
      if (accountIds.length === 0) return out;
      const rows = await db
        .selectFrom('brokerOrders')
        .select(['userBrokerId', 'exchange', 'tradingSymbol'])
        .distinct()
        .where('userBrokerId', 'in', [...accountIds])
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb('updatedAt', '>', since)]))
        .execute();
      for (const r of rows) {
        const id = Number(r.userBrokerId);
        const set = out.get(id) ?? new Set<string>();
        set.add(`${r.exchange}:${r.tradingSymbol}`);
        out.set(id, set);
      }
      return out;
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
