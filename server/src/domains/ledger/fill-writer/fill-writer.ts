import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/client.js';
import type { DB } from '../../../db/schema.js';
import { countTransactions } from '../../../db/transaction-counts.js';
import { bookFillsPostgres } from './fill-writer.postgres.js';
import { createSqliteFillWriter } from './fill-writer.sqlite.js';
import {
  grownEntryPaise,
  LegAlreadyClosedError,
  type Booked,
  type BookedFill,
  type FillBooking,
  type FillToBook,
} from './fill-writer.types.js';

export * from './fill-writer.types.js';

/*
 * The one place the product books fills (issue 29): paper slices of a candle close, live broker trades,
 * expiry settlements, fills matched by hand and the transactions a test or import writes all come here.
 * Each booking writes its transactions, the strategy-leg changes that go with them and each user's
 * transaction count, in the caller's database transaction (the caller holds the per-mapping lock, DESIGN
 * §9). On SQLite the statements are prepared better-sqlite3 ones on Kysely's own connection
 * (fill-writer.sqlite.ts), on PostgreSQL whole columns go in one `unnest` statement per table
 * (fill-writer.postgres.ts): `npm run bench` holds a 10,000-strategy candle close to them. Given only a
 * Kysely handle, the writer takes the portable path below, statement by statement.
 */

type Trx = Transaction<DB> | Kysely<DB>;

/** Rows per multi-row INSERT: keeps statements within both engines' parameter limits. */
const BATCH = 500;

/** What tells a written row from the others of its statement. */
const keyOf = (
  r: Pick<FillToBook, 'mappingId' | 'tradingSymbol' | 'quantity' | 'pricePaise' | 'orderId'> & {
    brokerTradeId?: string | null | undefined;
  },
) => `${r.mappingId}|${r.tradingSymbol}|${r.quantity}|${r.pricePaise}|${r.orderId}|${r.brokerTradeId ?? ''}`;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

async function changeLegsPortable(trx: Trx, b: FillBooking): Promise<number[]> {
  const { at } = b;
  const closeIds = b.closeLegIds ?? [];
  for (let i = 0; i < closeIds.length; i += BATCH) {
    const chunk = closeIds.slice(i, i + BATCH);
    const closed = await trx
      .updateTable('strategyLegs')
      .set({ status: 'closed', closedAt: at })
      .where('id', 'in', chunk)
      .where('status', '=', 'open')
      .executeTakeFirst();
    // Any other count means another actor closed one of them first: roll the whole booking back.
    if (changed(closed) !== chunk.length) throw new LegAlreadyClosedError(chunk[0] ?? 0);
  }
  for (const { id, held } of b.closeHeldLegs ?? []) {
    const closed = await trx
      .updateTable('strategyLegs')
      .set({ status: 'closed', closedAt: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('quantity', '=', held)
      .executeTakeFirst();
    if (changed(closed) !== 1) throw new LegAlreadyClosedError(id);
  }
  for (const { id, by, held } of b.shrinkLegs ?? []) {
    const shrunk = await trx
      .updateTable('strategyLegs')
      .set({ quantity: held - by })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('quantity', '=', held)
      .executeTakeFirst();
    if (changed(shrunk) !== 1) throw new LegAlreadyClosedError(id);
  }
  for (const { id, by, pricePaise, held } of b.growLegs ?? []) {
    const grown = await trx
      .updateTable('strategyLegs')
      .set({ quantity: held.quantity + by, entryPricePaise: grownEntryPaise(held, by, pricePaise) })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('quantity', '=', held.quantity)
      .executeTakeFirst();
    if (changed(grown) !== 1) throw new LegAlreadyClosedError(id);
  }
  // The portable path carries a handful of legs (live, settlement, by hand): one insert each keeps every id.
  const opened: number[] = [];
  for (const leg of b.openLegs ?? []) {
    const { id } = await trx
      .insertInto('strategyLegs')
      .values({ ...leg, status: 'open', openedAt: at, closedAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    opened.push(Number(id));
  }
  return opened;
}

async function insertFillsPortable<F extends FillToBook>(trx: Trx, fills: F[], at: number) {
  const written: Array<BookedFill<F>> = [];
  for (let i = 0; i < fills.length; i += BATCH) {
    const chunk = fills.slice(i, i + BATCH);
    const rows = chunk.map((f) => ({
      userId: f.userId,
      mappingId: f.mappingId,
      strategyId: f.strategyId,
      instrumentId: f.instrumentId,
      transactionDate: at,
      tradingSymbol: f.tradingSymbol,
      quantity: f.quantity,
      pricePaise: f.pricePaise,
      isDummy: f.isDummy,
      orderId: f.orderId,
      ...(f.kind ? { kind: f.kind } : {}),
      brokerTradeId: f.brokerTradeId ?? null,
      priceSource: f.priceSource ?? null,
      paperOrder: f.paperOrder ?? null,
    }));
    const ids = await trx
      .insertInto('transactions')
      .values(rows)
      .returning(['id', 'mappingId', 'tradingSymbol', 'quantity', 'pricePaise', 'orderId', 'brokerTradeId'])
      .execute();
    // RETURNING order is not promised by SQLite, so rows are matched back by content (an order's trades
    // differ by trade id and price, so each id goes back to its own trade).
    const pending = new Map<string, F[]>();
    for (const f of chunk) pending.set(keyOf(f), [...(pending.get(keyOf(f)) ?? []), f]);
    for (const r of ids) {
      const match = pending.get(keyOf(r))?.shift();
      if (!match) throw new Error(`transaction ${r.id} matches none of the fills written`);
      written.push(Object.assign(match, { id: Number(r.id), transactionDate: at }));
    }
  }
  // Back in the order they were given.
  const order = new Map(fills.map((f, i) => [f, i]));
  return written.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The portable booking, statement by statement through Kysely, in `trx`. */
export async function bookFillsPortable<F extends FillToBook>(trx: Trx, b: FillBooking<F>): Promise<Booked<F>> {
  const openedLegIds = await changeLegsPortable(trx, b);
  const fills = await insertFillsPortable(trx, b.fills, b.at);
  await countTransactions(trx, b.fills);
  return { fills, openedLegIds };
}

/**
 * The ledger's fill writer over one database: the dialect's fast path when it is given the raw SQLite
 * handle or told it is PostgreSQL, the portable path otherwise.
 */
export function createFillWriter(database: Pick<Database, 'db'> & Partial<Pick<Database, 'kind' | 'sqlite'>>) {
  const sqlite = database.sqlite ? createSqliteFillWriter(database.sqlite) : null;
  const isPostgres = database.kind === 'postgres';
  return {
    /**
     * Books fills and their leg changes in the caller's transaction `trx` (on SQLite, Kysely's one
     * connection, where the prepared statements run too). The fills are completed in place (id, date)
     * and returned in the order given.
     */
    book<F extends FillToBook>(trx: Transaction<DB>, booking: FillBooking<F>): Promise<Booked<F>> {
      if (sqlite) return Promise.resolve(sqlite(booking));
      if (isPostgres) return bookFillsPostgres(trx, booking);
      return bookFillsPortable(trx, booking);
    },
  };
}

export type FillWriter = ReturnType<typeof createFillWriter>;
