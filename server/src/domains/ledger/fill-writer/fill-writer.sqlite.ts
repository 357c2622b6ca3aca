import type SqliteDatabase from 'better-sqlite3';
import {
  grownEntryPaise,
  LegAlreadyClosedError,
  type Booked,
  type BookedFill,
  type FillBooking,
  type FillToBook,
  type LegToOpen,
} from './fill-writer.types.js';

/*
 * The fill writer's SQLite path: prepared multi-row better-sqlite3 statements reused across calls, run on
 * the connection Kysely itself uses, inside the caller's open transaction. The engine benchmark holds a
 * candle close of 10,000 strategies (20,000 legs and fills) to 200 ms, which Kysely's per-statement
 * compilation cannot approach.
 */

/** Rows per multi-row INSERT (SQLite's parameter limit is 32,766; 100 rows measured fastest). */
const ROWS = 100;
const LEG_COLUMNS =
  'mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry, quantity, entry_price_paise, status, opened_at, closed_at';
const LEG_COUNT = 12;
const TX_COLUMNS =
  'user_id, mapping_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy, order_id, kind, broker_trade_id, price_source, paper_order';
const TX_COUNT = 14;

const placeholders = (columns: number, rows: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ');

type Writer<T> = (row: T, args: unknown[], at: number) => void;

function legArgs(at: number): Writer<LegToOpen> {
  return (l, a, k) => {
    a[k] = l.mappingId;
    a[k + 1] = l.userId;
    a[k + 2] = l.optionType;
    a[k + 3] = l.tradingSymbol;
    a[k + 4] = l.exchange;
    a[k + 5] = l.strikePaise;
    a[k + 6] = l.expiry;
    a[k + 7] = l.quantity;
    a[k + 8] = l.entryPricePaise;
    a[k + 9] = 'open';
    a[k + 10] = at;
    a[k + 11] = null;
  };
}

function fillArgs(at: number): Writer<FillToBook> {
  return (f, a, k) => {
    a[k] = f.userId;
    a[k + 1] = f.mappingId;
    a[k + 2] = f.strategyId;
    a[k + 3] = f.instrumentId;
    a[k + 4] = at;
    a[k + 5] = f.tradingSymbol;
    a[k + 6] = f.quantity;
    a[k + 7] = f.pricePaise;
    a[k + 8] = f.isDummy;
    a[k + 9] = f.orderId;
    a[k + 10] = f.kind ?? 'trade';
    a[k + 11] = f.brokerTradeId ?? null;
    a[k + 12] = f.priceSource ?? null;
    a[k + 13] = f.paperOrder ?? null;
  };
}

/** The SQLite booking over one raw handle; it throws unless the caller's transaction is open. */
export function createSqliteFillWriter(raw: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = raw.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };

  const inserts = new Map<string, SqliteDatabase.Statement>();
  /** Inserts rows[from, from+n) in one statement; returns the first rowid (one statement's are consecutive). */
  function insertChunk<T>(
    table: string,
    columns: string,
    count: number,
    rows: readonly T[],
    from: number,
    n: number,
    write: Writer<T>,
  ) {
    // Statements by (table, row count): building and hashing the SQL text per chunk costs more than the insert.
    const key = `${table}:${n}`;
    let stmt = inserts.get(key);
    if (!stmt) {
      stmt = raw.prepare(`insert into ${table} (${columns}) values ${placeholders(count, n)}`);
      inserts.set(key, stmt);
    }
    const args = new Array<unknown>(n * count);
    for (let j = 0; j < n; j++) write(rows[from + j] as T, args, j * count);
    return Number(stmt.run(args).lastInsertRowid) - n + 1;
  }

  function changeLegs(b: FillBooking, at: number): number[] {
    const close = prepare("update strategy_legs set status = 'closed', closed_at = ? where id = ? and status = 'open'");
    // Only legs still open close; a leg closed by another actor rolls the whole booking back.
    for (const id of b.closeLegIds ?? []) {
      if (close.run(at, id).changes !== 1) throw new LegAlreadyClosedError(id);
    }
    const closeHeld = prepare(
      "update strategy_legs set status = 'closed', closed_at = ? where id = ? and status = 'open' and quantity = ?",
    );
    for (const { id, held } of b.closeHeldLegs ?? []) {
      if (closeHeld.run(at, id, held).changes !== 1) throw new LegAlreadyClosedError(id);
    }
    const resize = prepare(
      "update strategy_legs set quantity = ?, entry_price_paise = ? where id = ? and status = 'open' and quantity = ?",
    );
    const shrink = prepare("update strategy_legs set quantity = ? where id = ? and status = 'open' and quantity = ?");
    for (const { id, by, held } of b.shrinkLegs ?? []) {
      if (shrink.run(held - by, id, held).changes !== 1) throw new LegAlreadyClosedError(id);
    }
    for (const { id, by, pricePaise, held } of b.growLegs ?? []) {
      const entry = grownEntryPaise(held, by, pricePaise);
      if (resize.run(held.quantity + by, entry, id, held.quantity).changes !== 1) throw new LegAlreadyClosedError(id);
    }
    const legs = b.openLegs ?? [];
    const opened = new Array<number>(legs.length);
    const writeLeg = legArgs(at);
    for (let i = 0; i < legs.length; i += ROWS) {
      const n = Math.min(ROWS, legs.length - i);
      const first = insertChunk('strategy_legs', LEG_COLUMNS, LEG_COUNT, legs, i, n, writeLeg);
      for (let j = 0; j < n; j++) opened[i + j] = first + j;
    }
    return opened;
  }

  return <F extends FillToBook>(b: FillBooking<F>): Booked<F> => {
    if (!raw.inTransaction) throw new Error('fills are booked only inside the caller’s transaction');
    const { at, fills } = b;
    const openedLegIds = changeLegs(b, at);
    const written = fills as Array<BookedFill<F>>;
    const writeFill = fillArgs(at);
    for (let i = 0; i < fills.length; i += ROWS) {
      const n = Math.min(ROWS, fills.length - i);
      const first = insertChunk('transactions', TX_COLUMNS, TX_COUNT, fills, i, n, writeFill);
      for (let j = 0; j < n; j++) {
        // Completed in place: a candle close of 10,000 strategies would otherwise copy 20,000 objects.
        const w = written[i + j] as BookedFill<F>;
        w.transactionDate = at;
        w.id = first + j;
      }
    }
    // Each user's transaction count (pages read their total from it).
    const perUser = new Map<number, number>();
    for (const f of fills) perUser.set(f.userId, (perUser.get(f.userId) ?? 0) + 1);
    const count = prepare(
      'insert into transaction_counts (user_id, n) values (?, ?) on conflict (user_id) do update set n = n + excluded.n',
    );
    for (const [userId, added] of perUser) count.run(userId, added);
    return { fills: written, openedLegIds };
  };
}
