import type { RdxInterval } from '@app/contract';
import type SqliteDatabase from 'better-sqlite3';
import type { InstrumentsTable, LegRow } from '../../db/schema.js';
import type { MappingState, NewFill, NewLeg, PaperFills, WrittenFill } from './engine.types.js';
import { LegAlreadyClosedError } from './orders.repository.js';

/*
 * The engine repository's SQLite fast paths, measured by `npm run bench` (10,000 running mappings on one
 * candle close within 200 ms): loading every running mapping of one (instrument, interval) with its legs,
 * and writing a candle close's paper fills, as prepared better-sqlite3 statements reused across calls.
 * Kysely's per-statement compilation cannot approach that; PostgreSQL keeps the portable Kysely path.
 * Used only by engine.repository.ts, inside Kysely's single SQLite connection.
 */

/**
 * SQLite fast path of loading every running mapping of one (instrument, interval) with its open legs
 * (the engine benchmark reads 10,000 mappings per candle close). Per-mapping columns come back as
 * plain arrays; the instrument, user and strategy columns every row would repeat are read once.
 * PostgreSQL keeps the portable Kysely query.
 */
const FILTER = `from user_strategy_mappings m
  join rdx_configs c on c.mapping_id = m.id
  join instruments i on i.id = m.instrument_id
  where m.running_status = 1 and m.is_active = 1 and i.instrument_token = ? and c.interval = ?`;

export const MAPPINGS_SQL = `select m.id, m.user_id, m.strategy_id, m.user_broker_id, m.is_dummy, m.ce_count, m.pe_count,
  m.start_time, m.end_time, m.running_status, c.rdx_lot_count, c.atm_value_paise, c.offset_value_paise,
  c.position_version ${FILTER} order by m.id`;

const INSTRUMENT_SQL = `select id, name, instrument_token as instrumentToken, ticker, lot_size as lotSize,
  market_open_time as marketOpenTime, market_close_time as marketCloseTime, timezone, trading_days as tradingDays,
  market_protection as marketProtection
  from instruments where instrument_token = ?`;

const LEGS_SQL = `select id, mapping_id as mappingId, user_id as userId, option_type as optionType,
  trading_symbol as tradingSymbol, exchange, strike_paise as strikePaise, expiry, quantity,
  entry_price_paise as entryPricePaise, status, opened_at as openedAt, closed_at as closedAt
  from strategy_legs where status = 'open' and mapping_id in (select m.id ${FILTER}) order by id`;

type Row = [
  number,
  number,
  number,
  number | null,
  number,
  number,
  number,
  string | null,
  string | null,
  number,
  number,
  number,
  number,
  number,
];
/** The instrument columns every running mapping of one close shares, read once. */
type InstrumentRow = Pick<
  InstrumentsTable,
  'name' | 'instrumentToken' | 'ticker' | 'lotSize' | 'marketOpenTime' | 'marketCloseTime' | 'timezone' | 'tradingDays'
> & { id: number; marketProtection: number };

function createRunningStates(raw: SqliteDatabase.Database) {
  const prepared = new Map<string, SqliteDatabase.Statement>();
  const stmt = (sql: string) => {
    let s = prepared.get(sql);
    if (!s) {
      s = raw.prepare(sql);
      prepared.set(sql, s);
    }
    return s;
  };
  const names = (table: 'users' | 'strategies', column: 'username' | 'name', ids: Set<number>) => {
    const out = new Map<number, string>();
    const list = [...ids];
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      const rows = stmt(`select id, ${column} as v from ${table} where id in (${chunk.map(() => '?').join(',')})`).all(
        ...chunk,
      ) as Array<{ id: number; v: string }>;
      for (const r of rows) out.set(r.id, r.v);
    }
    return out;
  };

  return (instrumentToken: string, interval: RdxInterval): { mappings: MappingState[]; legs: LegRow[] } => {
    const instrument = stmt(INSTRUMENT_SQL).get(instrumentToken) as InstrumentRow | undefined;
    if (!instrument) return { mappings: [], legs: [] };
    const rows = stmt(MAPPINGS_SQL).raw(true).all(instrumentToken, interval) as Row[];
    const users = names('users', 'username', new Set(rows.map((r) => r[1])));
    const strategies = names('strategies', 'name', new Set(rows.map((r) => r[2])));
    const mappings = rows.map((r): MappingState => ({
      id: r[0],
      userId: r[1],
      username: users.get(r[1]) ?? '',
      strategyId: r[2],
      strategyName: strategies.get(r[2]) ?? '',
      instrumentId: instrument.id,
      instrumentName: instrument.name,
      instrumentToken: instrument.instrumentToken,
      ticker: instrument.ticker,
      lotSize: instrument.lotSize,
      marketOpenTime: instrument.marketOpenTime,
      marketCloseTime: instrument.marketCloseTime,
      timezone: instrument.timezone,
      tradingDays: instrument.tradingDays,
      marketProtection: instrument.marketProtection,
      userBrokerId: r[3],
      isDummy: r[4],
      ceCount: r[5],
      peCount: r[6],
      startTime: r[7],
      endTime: r[8],
      runningStatus: r[9],
      positionVersion: r[13],
      config: { lotCount: r[10], atmPaise: r[11], offsetPaise: r[12], interval },
    }));
    const legs = stmt(LEGS_SQL).all(instrumentToken, interval) as LegRow[];
    return { mappings, legs };
  };
}

/**
 * SQLite fast path of a candle close's paper fills: prepared multi-row statements reused across calls,
 * one transaction. The engine benchmark holds a candle close of 10,000 mappings to 200 ms, which
 * Kysely's per-statement compilation cannot approach; PostgreSQL keeps the portable path.
 */
const ROWS = 100;
const LEG_COLUMNS =
  'mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry, quantity, entry_price_paise, status, opened_at, closed_at';
const TX_COLUMNS =
  'user_id, mapping_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy, order_id, price_source';

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
    a[k + 10] = f.priceSource ?? null;
  };
}

function createPaperFills(raw: SqliteDatabase.Database) {
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
  // Each moves its mappings' position versions on without comparing them: SQLite serves one process, whose
  // in-process mapping lock cannot be lost mid-close (the fence matters where a lock's connection can drop).
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
            `update rdx_configs set atm_value_paise = ?, atm_last_updated = ?, updated_at = ?,
              position_version = position_version + 1 where mapping_id in (${marks})`,
          );
          atmUpdates.set(chunk.length, stmt);
        }
        stmt.run(value, at, at, ...chunk);
      }
    }
  }

  return (input: PaperFills): WrittenFill[] =>
    raw.transaction(() => {
      const { at } = input;
      const close = prepare("update strategy_legs set status = ?, closed_at = ? where id = ? and status = 'open'");
      // Only legs still open close; a leg closed by another actor rolls the whole close back.
      for (const id of input.closeLegIds) {
        if (close.run('closed', at, id).changes !== 1) throw new LegAlreadyClosedError(id);
      }
      // A leg bought back in part shrinks only from the size the decision saw, or the close is rolled back.
      const shrink = prepare(
        "update strategy_legs set quantity = quantity - ? where id = ? and status = 'open' and quantity = ?",
      );
      for (const { id, by, held } of input.shrinkLegs ?? []) {
        if (shrink.run(by, id, held).changes !== 1) throw new LegAlreadyClosedError(id);
      }
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
      const written: WrittenFill[] = [];
      const writeFill = fillArgs(at);
      for (let i = 0; i < input.fills.length; i += ROWS) {
        const n = Math.min(ROWS, input.fills.length - i);
        // One statement's rows get consecutive rowids on our single connection.
        const lastId = insertChunk('transactions', TX_COLUMNS, 11, input.fills, i, n, writeFill);
        for (let j = 0; j < n; j++) {
          const f = input.fills[i + j] as NewFill;
          // Completed in place: a candle close of 10,000 mappings would otherwise copy 20,000 objects.
          const w = f as WrittenFill;
          w.transactionDate = at;
          w.id = lastId - n + 1 + j;
          written.push(w);
        }
      }
      // Each user's transaction count, in the same transaction (pages read their total from it).
      const perUser = new Map<number, number>();
      for (const f of input.fills) perUser.set(f.userId, (perUser.get(f.userId) ?? 0) + 1);
      const count = prepare(
        'insert into transaction_counts (user_id, n) values (?, ?) on conflict (user_id) do update set n = n + excluded.n',
      );
      for (const [userId, added] of perUser) count.run(userId, added);
      return written;
    })();
}

/** Which running mappings a close concerns (what to lock before reading their state). */
function createRunningIds(raw: SqliteDatabase.Database) {
  const stmt = raw.prepare(
    `select m.id, m.is_dummy as isDummy, m.user_broker_id as userBrokerId ${FILTER} order by m.id`,
  );
  return (instrumentToken: string, interval: RdxInterval) =>
    stmt.all(instrumentToken, interval) as Array<{ id: number; isDummy: number; userBrokerId: number | null }>;
}

/** The fast paths over one raw SQLite handle. */
export function createSqliteEngineStatements(raw: SqliteDatabase.Database) {
  return {
    runningIds: createRunningIds(raw),
    runningOn: createRunningStates(raw),
    applyPaperFills: createPaperFills(raw),
  };
}
