import type SqliteDatabase from 'better-sqlite3';
import type { NewFill, NewLeg } from './engine.repository.js';

/**
 * SQLite fast path of a candle close's paper fills: prepared multi-row statements reused across calls,
 * one transaction. The engine benchmark holds a candle close of 10,000 mappings to 200 ms, which
 * Kysely's per-statement compilation cannot approach; PostgreSQL keeps the portable path.
 */
const ROWS = 100;
const LEG_COLUMNS =
  'mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry, quantity, entry_price_paise, status, opened_at, closed_at';
const TX_COLUMNS =
  'user_id, mapping_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy, order_id';

const placeholders = (columns: number, rows: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ');

type Writer<T> = (row: T, args: unknown[], at: number) => void;

function legArgs(at: number): Writer<NewLeg> {
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

function fillArgs(at: number): Writer<NewFill> {
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
  };
}

export function createSqlitePaperFills(raw: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = raw.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };

  // Statements by (table, row count): building and hashing the SQL text per chunk costs more than the insert.
  const inserts = new Map<string, SqliteDatabase.Statement>();
  const insertStatement = (table: string, columns: string, count: number, n: number) => {
    const key = `${table}:${n}`;
    let stmt = inserts.get(key);
    if (!stmt) {
      stmt = raw.prepare(`insert into ${table} (${columns}) values ${placeholders(count, n)}`);
      inserts.set(key, stmt);
    }
    return stmt;
  };

  /** Inserts rows[from, from+n) in one statement; returns the last rowid. */
  function insertChunk<T>(
    table: string,
    columns: string,
    count: number,
    rows: T[],
    from: number,
    n: number,
    write: Writer<T>,
  ) {
    const stmt = insertStatement(table, columns, count, n);
    const args = new Array<unknown>(n * count);
    for (let j = 0; j < n; j++) write(rows[from + j] as T, args, j * count);
    return Number(stmt.run(args).lastInsertRowid);
  }

  // Entries on one close share few ATMs: one UPDATE per ATM and 500 mappings instead of one per mapping.
  const atmUpdates = new Map<number, SqliteDatabase.Statement>();
  function updateAtms(atm: Array<{ mappingId: number; atmPaise: number }>, at: number) {
    const byValue = new Map<number, number[]>();
    for (const a of atm) {
      const list = byValue.get(a.atmPaise);
      if (list) list.push(a.mappingId);
      else byValue.set(a.atmPaise, [a.mappingId]);
    }
    for (const [value, ids] of byValue) {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        let stmt = atmUpdates.get(chunk.length);
        if (!stmt) {
          const marks = chunk.map(() => '?').join(', ');
          stmt = raw.prepare(
            `update rdx_configs set atm_value_paise = ?, atm_last_updated = ?, updated_at = ? where mapping_id in (${marks})`,
          );
          atmUpdates.set(chunk.length, stmt);
        }
        stmt.run(value, at, at, ...chunk);
      }
    }
  }

  return (input: {
    closeLegIds: number[];
    openLegs: NewLeg[];
    fills: NewFill[];
    atm: Array<{ mappingId: number; atmPaise: number }>;
    at: number;
  }): Array<NewFill & { id: number; transactionDate: number }> =>
    raw.transaction(() => {
      const { at } = input;
      const close = prepare('update strategy_legs set status = ?, closed_at = ? where id = ?');
      for (const id of input.closeLegIds) close.run('closed', at, id);
      const writeLeg = legArgs(at);
      for (let i = 0; i < input.openLegs.length; i += ROWS) {
        insertChunk(
          'strategy_legs',
          LEG_COLUMNS,
          12,
          input.openLegs,
          i,
          Math.min(ROWS, input.openLegs.length - i),
          writeLeg,
        );
      }
      updateAtms(input.atm, at);
      const written: Array<NewFill & { id: number; transactionDate: number }> = [];
      const writeFill = fillArgs(at);
      for (let i = 0; i < input.fills.length; i += ROWS) {
        const n = Math.min(ROWS, input.fills.length - i);
        // One statement's rows get consecutive rowids on our single connection.
        const lastId = insertChunk('transactions', TX_COLUMNS, 10, input.fills, i, n, writeFill);
        for (let j = 0; j < n; j++) {
          const f = input.fills[i + j] as NewFill;
          // Completed in place: a candle close of 10,000 mappings would otherwise copy 20,000 objects.
          const w = f as NewFill & { id: number; transactionDate: number };
          w.transactionDate = at;
          w.id = lastId - n + 1 + j;
          written.push(w);
        }
      }
      return written;
    })();
}
