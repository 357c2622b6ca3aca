import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { readFillCounts } from '../../db/transaction-counts.js';
import type { DB } from '../../db/schema.js';

/*
 * The order book's reads (issue 32 item 2): live orders from `broker_orders` with what their fills add up to,
 * and paper orders as the fills of one paper order (`transactions.paper_order`; a fill booked before orders
 * were numbered is an order of its own). Reads only.
 */

export interface BookFilter {
  /** Whose orders; undefined: everyone's (the admin's book). */
  userId?: number | undefined;
  mappingId?: number | undefined;
  /** [fromAt, toAt), either open. */
  fromAt: number | null;
  toAt: number | null;
  status?: 'open' | 'complete' | 'rejected' | 'cancelled' | undefined;
}

export interface LiveOrderRow {
  id: number;
  userId: number;
  createdAt: number;
  mappingId: number;
  strategyName: string | null;
  instrumentName: string | null;
  brokerUsername: string | null;
  tag: string;
  brokerOrderId: string | null;
  tradingSymbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  status: 'pending' | 'filled' | 'failed';
  error: string | null;
  filledUnits: number | string | null;
  filledValuePaise: number | string | null;
}

export interface PaperOrderRow {
  userId: number;
  at: number;
  mappingId: number;
  strategyName: string | null;
  instrumentName: string | null;
  tradingSymbol: string;
  netUnits: number | string;
  units: number | string;
  valuePaise: number | string;
}

/**
 * A failed live order reads as cancelled when its reason says so (the rest of an order cancelled, or the broker's
 * bare `CANCELLED`), else rejected; compared in lower case, as PostgreSQL's LIKE minds the case.
 */
const CANCELLED = '%cancel%';
const lowerError = sql<string>`lower(o.error)`;

export function createOrderBookRepository(db: Kysely<DB>) {
  function live(filter: BookFilter) {
    let q = db
      .selectFrom('brokerOrders as o')
      .leftJoin('userStrategyMappings as m', 'm.id', 'o.mappingId')
      .leftJoin('strategies as s', 's.id', 'm.strategyId')
      .leftJoin('instruments as i', 'i.id', 'm.instrumentId')
      .leftJoin('userBrokers as ub', 'ub.id', 'o.userBrokerId');
    if (filter.userId !== undefined) q = q.where('o.userId', '=', filter.userId);
    if (filter.mappingId !== undefined) q = q.where('o.mappingId', '=', filter.mappingId);
    if (filter.fromAt !== null) q = q.where('o.createdAt', '>=', filter.fromAt);
    if (filter.toAt !== null) q = q.where('o.createdAt', '<', filter.toAt);
    if (filter.status === 'open') q = q.where('o.status', '=', 'pending');
    if (filter.status === 'complete') q = q.where('o.status', '=', 'filled');
    if (filter.status === 'rejected') {
      q = q
        .where('o.status', '=', 'failed')
        .where((eb) => eb.or([eb('o.error', 'is', null), eb(lowerError, 'not like', CANCELLED)]));
    }
    if (filter.status === 'cancelled') q = q.where('o.status', '=', 'failed').where(lowerError, 'like', CANCELLED);
    return q;
  }

  /** A live order's columns as the book shows them, with what its fills add up to. */
  function withFills(q: ReturnType<typeof live>) {
    return q.select([
      'o.id',
      'o.userId',
      'o.createdAt',
      'o.mappingId',
      's.name as strategyName',
      'i.name as instrumentName',
      'ub.brokerUsername',
      'o.tag',
      'o.brokerOrderId',
      'o.tradingSymbol',
      'o.side',
      'o.quantity',
      'o.status',
      'o.error',
      (eb) =>
        eb
          .selectFrom('transactions as f')
          .select(sql<number>`sum(abs(f.quantity))`.as('u'))
          .whereRef('f.orderId', '=', 'o.id')
          .as('filledUnits'),
      (eb) =>
        eb
          .selectFrom('transactions as f')
          .select(sql<number>`sum(abs(f.quantity) * f.price_paise)`.as('v'))
          .whereRef('f.orderId', '=', 'o.id')
          .as('filledValuePaise'),
    ]);
  }

  /** The paper fills matching `filter`, one row each: what paper orders are made of. */
  function paperFills(filter: BookFilter) {
    let q = db
      .selectFrom('transactions as t')
      .where('t.isDummy', '=', 1)
      .where('t.kind', '=', 'trade')
      .where('t.mappingId', 'is not', null);
    if (filter.userId !== undefined) q = q.where('t.userId', '=', filter.userId);
    if (filter.mappingId !== undefined) q = q.where('t.mappingId', '=', filter.mappingId);
    if (filter.fromAt !== null) q = q.where('t.transactionDate', '>=', filter.fromAt);
    if (filter.toAt !== null) q = q.where('t.transactionDate', '<', filter.toAt);
    // Paper orders fill whole at once: none is open, rejected or cancelled.
    if (filter.status !== undefined && filter.status !== 'complete') q = q.where(sql<boolean>`1 = 0`);
    return q;
  }

  /** One paper order's fills together: one instant, one strategy, one symbol, one order number. */
  const paperOrderKey = [
    't.transactionDate',
    't.mappingId',
    't.tradingSymbol',
    sql`coalesce(t.paper_order, -t.id)`,
  ] as const;

  function paper(filter: BookFilter) {
    return paperFills(filter)
      .leftJoin('userStrategyMappings as m', 'm.id', 't.mappingId')
      .leftJoin('strategies as s', 's.id', 'm.strategyId')
      .leftJoin('instruments as i', 'i.id', 'm.instrumentId')
      .select([
        't.userId',
        't.transactionDate as at',
        't.mappingId',
        's.name as strategyName',
        'i.name as instrumentName',
        't.tradingSymbol',
        sql<number>`sum(t.quantity)`.as('netUnits'),
        sql<number>`sum(abs(t.quantity))`.as('units'),
        sql<number>`sum(abs(t.quantity) * t.price_paise)`.as('valuePaise'),
      ])
      .groupBy([
        't.userId',
        't.transactionDate',
        't.mappingId',
        's.name',
        'i.name',
        't.tradingSymbol',
        sql`coalesce(t.paper_order, -t.id)`,
      ]);
  }

  const paperNewestOf = (filter: BookFilter, limit: number) =>
    paper(filter).orderBy('t.transactionDate', 'desc').orderBy('t.tradingSymbol').limit(limit).execute() as Promise<
      PaperOrderRow[]
    >;

  const countOf = async (q: SelectQueryBuilder<DB, never, object>) =>
    Number(
      (
        await db
          .selectFrom(q.as('x'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  return {
    /** The newest `limit` live orders matching `filter`, with their fills' units and value. */
    liveNewest(filter: BookFilter, limit: number): Promise<LiveOrderRow[]> {
      return withFills(live(filter)).orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
    },
    liveCount: (filter: BookFilter) => countOf(live(filter).select('o.id')),
    /** One live order as the book shows it, with its owner and its trace (issue 31 item 7); undefined: none. */
    liveOne(id: number) {
      return withFills(live({ fromAt: null, toAt: null }))
        .select(['o.userId', 'o.trace'])
        .where('o.id', '=', id)
        .executeTakeFirst();
    },
    /** The fills booked for live order `id`, oldest first. */
    fillsOf(id: number) {
      return db
        .selectFrom('transactions')
        .select(['id', 'transactionDate', 'brokerTradeId', 'quantity', 'pricePaise'])
        .where('orderId', '=', id)
        .orderBy('transactionDate')
        .orderBy('id')
        .execute();
    },
    /** A user's name, for an order's author. */
    /** The usernames of users (the admin's book names whose each order is). */
    async usernamesOf(userIds: readonly number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((r) => [Number(r.id), r.username]));
    },
    async usernameOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return row?.username ?? null;
    },
    /**
     * The newest `limit` paper orders matching `filter`. Every order has a fill, and an order's fills share
     * its instant, so the newest `limit` orders all start no earlier than the `limit`-th newest fill: grouped
     * from there (an index range) rather than from all of a user's fills, unless fewer orders start there.
     */
    async paperNewest(filter: BookFilter, limit: number): Promise<PaperOrderRow[]> {
      const nth = await paperFills(filter)
        .select('t.transactionDate')
        .orderBy('t.transactionDate', 'desc')
        .offset(limit - 1)
        .limit(1)
        .executeTakeFirst();
      if (nth !== undefined) {
        // Within the filter's own window, since that fill matched it.
        const recent = await paperNewestOf({ ...filter, fromAt: Number(nth.transactionDate) }, limit);
        if (recent.length === limit) return recent;
      }
      return paperNewestOf(filter, limit);
    },
    /** How many paper orders match `filter`: counted over the fills alone (the names grouped on follow the strategy). */
    paperCount: (filter: BookFilter) =>
      countOf(
        paperFills(filter)
          .select(sql<number>`1`.as('one'))
          .groupBy([...paperOrderKey]),
      ),
    /** A user's fill count: it moves with every fill written for them, on any instance (`readFillCounts`). */
    async fillVersion(userId: number): Promise<number> {
      return (await readFillCounts(db, [userId])).get(userId) ?? 0;
    },
    /** A user's id by username (any letter case), for the admin's filter. */
    async userIdByName(name: string): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', name.toLowerCase())
        .executeTakeFirst();
      return row?.id ?? null;
    },
  };
}

export type OrderBookRepository = ReturnType<typeof createOrderBookRepository>;
