import { sql, type Insertable, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB, TransactionKind, TransactionsTable } from '../../db/schema.js';
import { createFillWriter } from '../ledger/fill-writer.service.js';

export interface TotalsRow {
  strategyName: string | null;
  count: number;
  buys: number;
  sells: number;
  turnoverPaise: number;
  netPaise: number;
}

/** Which part of the trade book an export reads: one user's or everyone's, within [fromMs, toMs). */
export interface BookFilter {
  userId?: number;
  fromMs?: number;
  toMs?: number;
}

/** A page's filters: the export's, and one strategy and part of a trading symbol (upper case, no wildcards). */
export interface PageFilter extends BookFilter {
  mappingId?: number;
  symbol?: string;
}

/** Whether a page needs more than the kept per-user counts to be counted. */
const isNarrowed = (f: PageFilter) =>
  f.fromMs !== undefined || f.toMs !== undefined || f.mappingId !== undefined || f.symbol !== undefined;

/** Where the previous batch of the trade book ended. */
export interface BookCursor {
  transactionDate: number;
  id: number;
}

/** A fill as the trade book export writes it. `username` is null only if the user row vanished mid-read. */
export interface BookRow extends BookCursor {
  tradingSymbol: string;
  quantity: number;
  pricePaise: number;
  isDummy: number;
  mappingId: number | null;
  username: string | null;
  strategyName: string | null;
  instrumentName: string | null;
  kind: TransactionKind;
  /** The broker account it was traded on: its order's, else its strategy's (null: neither is known). */
  brokerAccount: string | null;
  /** The console's order it filled (null: paper, a settlement) and the broker's trade it is (live fills). */
  orderId: number | null;
  brokerTradeId: string | null;
  /** What its contract note needs (the ledger's AccountFill): whose, its paper order, its account and broker. */
  userId: number;
  paperOrder: number | null;
  userBrokerId: number | null;
  brokerKind: string | null;
  /** The contract's expiry (`YYYY-MM-DD`) as its order or its strategy's leg recorded it; null when neither did. */
  expiry: string | null;
}

/** All SQL for transactions. Pages use the (user_id, transaction_date desc, id desc) index. */
export function createTransactionsRepository(db: Kysely<DB>) {
  const writer = createFillWriter({ db });
  const view = () =>
    db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .leftJoin('strategies as s', 's.id', 't.strategyId')
      .leftJoin('instruments as i', 'i.id', 't.instrumentId')
      .selectAll('t')
      .select(['u.username as userUsername', 's.name as strategyName', 'i.name as instrumentName']);

  return {
    page(filter: PageFilter, limit: number, offset: number) {
      return view()
        .where(narrowedTo(filter))
        .orderBy('t.transactionDate', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /**
     * From the kept counts (one row, or a sum over users) when the page is not narrowed; a narrowed page is
     * counted over its own rows (the (user, date) index keeps a day's or a week's window cheap).
     */
    async count(filter: PageFilter) {
      if (isNarrowed(filter)) {
        const row = await db
          .selectFrom('transactions as t')
          .where(narrowedTo(filter))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }
      if (filter.userId !== undefined) {
        const row = await db
          .selectFrom('transactionCounts')
          .select('n')
          .where('userId', '=', filter.userId)
          .executeTakeFirst();
        return Number(row?.n ?? 0);
      }
      const row = await db
        .selectFrom('transactionCounts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Per-strategy totals in paise; summed in SQL over integers, never floats. */
    async totals(userId: number): Promise<TotalsRow[]> {
      const rows = await db
        .selectFrom('transactions as t')
        .leftJoin('strategies as s', 's.id', 't.strategyId')
        .where('t.userId', '=', userId)
        .groupBy('s.name')
        .select([
          's.name as strategyName',
          sql<number>`count(*)`.as('count'),
          sql<number>`sum(case when t.quantity < 0 then 1 else 0 end)`.as('buys'),
          sql<number>`sum(case when t.quantity > 0 then 1 else 0 end)`.as('sells'),
          sql<number>`sum(abs(t.quantity) * t.price_paise)`.as('turnoverPaise'),
          sql<number>`sum(t.quantity * t.price_paise)`.as('netPaise'),
        ])
        .orderBy('s.name')
        .execute();
      // PostgreSQL returns sums of bigints as numeric strings.
      return rows.map((r) => ({
        strategyName: r.strategyName,
        count: Number(r.count),
        buys: Number(r.buys),
        sells: Number(r.sells),
        turnoverPaise: Number(r.turnoverPaise),
        netPaise: Number(r.netPaise),
      }));
    },

    insert(row: Insertable<TransactionsTable>) {
      return db.transaction().execute(async (trx) => {
        // Through the ledger's one fill writer, which keeps the user's transaction count with it.
        const booked = await writer.book(trx, {
          at: row.transactionDate,
          fills: [
            {
              userId: row.userId,
              mappingId: row.mappingId ?? null,
              strategyId: row.strategyId ?? null,
              instrumentId: row.instrumentId ?? null,
              tradingSymbol: row.tradingSymbol,
              quantity: row.quantity,
              pricePaise: row.pricePaise,
              isDummy: row.isDummy,
              orderId: row.orderId ?? null,
              ...(row.kind ? { kind: row.kind } : {}),
              brokerTradeId: row.brokerTradeId ?? null,
              priceSource: row.priceSource ?? null,
            },
          ],
        });
        return booked.fills[0]?.id ?? 0;
      });
    },

    findById(id: number) {
      return view().where('t.id', '=', id).executeTakeFirst();
    },

    /**
     * One batch of the trade book, oldest first, after `cursor` (keyset on (date, id), so the millionth row
     * costs what the first does). Both databases serve the order by scanning a desc index backward:
     * (user_id, date, id) for a user, (date, id) for everyone. Users and names come by left joins because
     * SQLite would put an inner-joined users table first, then sort the whole book in a temp B-tree.
     */
    async bookBatch(filter: BookFilter, cursor: BookCursor | null, limit: number): Promise<BookRow[]> {
      let q = db
        .selectFrom('transactions as t')
        .leftJoin('users as u', 'u.id', 't.userId')
        .leftJoin('strategies as s', 's.id', 't.strategyId')
        .leftJoin('instruments as i', 'i.id', 't.instrumentId')
        .leftJoin('userStrategyMappings as m', 'm.id', 't.mappingId')
        .leftJoin('brokerOrders as o', 'o.id', 't.orderId')
        // The account a fill was traded on, as the ledger's notes take it: the order's, else its strategy's.
        .leftJoin('userBrokers as ub', (join) =>
          join.on(sql`ub.id`, '=', sql`coalesce(o.user_broker_id, m.user_broker_id)`),
        )
        .leftJoin('brokers as b', 'b.id', 'ub.brokerId')
        .select(['t.id', 't.transactionDate', 't.tradingSymbol', 't.quantity', 't.pricePaise', 't.isDummy', 't.kind'])
        .select(['t.mappingId', 'u.username', 's.name as strategyName', 'i.name as instrumentName'])
        .select(['t.orderId', 't.brokerTradeId', 't.userId', 't.paperOrder', 'o.expiry as orderExpiry'])
        .select(['ub.id as userBrokerId', 'ub.brokerUsername as brokerAccount', 'b.kind as brokerKind'])
        .select((eb) =>
          eb
            .selectFrom('strategyLegs as l')
            .select('l.expiry')
            .whereRef('l.mappingId', '=', 't.mappingId')
            .whereRef('l.tradingSymbol', '=', 't.tradingSymbol')
            .limit(1)
            .as('legExpiry'),
        );
      if (filter.userId !== undefined) q = q.where('t.userId', '=', filter.userId);
      if (filter.fromMs !== undefined) q = q.where('t.transactionDate', '>=', filter.fromMs);
      if (filter.toMs !== undefined) q = q.where('t.transactionDate', '<', filter.toMs);
      if (cursor) {
        const after = cursor;
        q = q.where((eb) =>
          eb(eb.refTuple('t.transactionDate', 't.id'), '>', eb.tuple(after.transactionDate, after.id)),
        );
      }
      const rows = await q.orderBy('t.transactionDate', 'asc').orderBy('t.id', 'asc').limit(limit).execute();
      return rows.map((r) => ({
        id: Number(r.id),
        transactionDate: Number(r.transactionDate),
        tradingSymbol: r.tradingSymbol,
        quantity: r.quantity,
        pricePaise: Number(r.pricePaise),
        isDummy: r.isDummy,
        kind: r.kind,
        mappingId: nullableNumber(r.mappingId),
        username: r.username,
        strategyName: r.strategyName,
        instrumentName: r.instrumentName,
        brokerAccount: r.brokerAccount,
        orderId: nullableNumber(r.orderId),
        brokerTradeId: r.brokerTradeId,
        userId: Number(r.userId),
        paperOrder: nullableNumber(r.paperOrder),
        userBrokerId: nullableNumber(r.userBrokerId),
        brokerKind: r.brokerKind,
        expiry: r.orderExpiry ?? r.legExpiry ?? null,
      }));
    },
  };
}

const nullableNumber = (v: number | string | bigint | null) => (v === null ? null : Number(v));

/** The filter's rows as one condition on `t` (the transactions), for any query over them. */
function narrowedTo(f: PageFilter): RawBuilder<SqlBool> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (f.userId !== undefined) conditions.push(sql`t.user_id = ${f.userId}`);
  if (f.fromMs !== undefined) conditions.push(sql`t.transaction_date >= ${f.fromMs}`);
  if (f.toMs !== undefined) conditions.push(sql`t.transaction_date < ${f.toMs}`);
  if (f.mappingId !== undefined) conditions.push(sql`t.mapping_id = ${f.mappingId}`);
  // The contract allows only [A-Z0-9&.-] here, so nothing in it is a LIKE wildcard.
  if (f.symbol !== undefined) conditions.push(sql`t.trading_symbol like ${`%${f.symbol}%`}`);
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
export type TransactionView = NonNullable<Awaited<ReturnType<TransactionsRepository['findById']>>>;
