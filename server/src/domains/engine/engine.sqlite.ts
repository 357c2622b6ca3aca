import type { StrategyInterval } from '@app/contract';
import type SqliteDatabase from 'better-sqlite3';
import type { InstrumentsTable, LegRow } from '../../db/schema.js';
import { strategyTypes, type StrategyConfig } from '../strategies/strategy-registry.js';
import type { ConfigStorage } from '../strategies/strategy-type.types.js';
import type { MappingState } from './engine.types.js';

/*
 * The engine repository's SQLite fast paths, measured by `npm run bench` (10,000 running mappings on one
 * candle close within 200 ms): loading every running mapping of one (instrument, interval) with its legs,
 * as prepared better-sqlite3 statements reused across calls (the close's fills are written by the ledger's
 * fill writer, ledger/fill-writer/).
 * Kysely's per-statement compilation cannot approach that; PostgreSQL keeps the portable Kysely path.
 * Used only by engine.repository.ts, inside Kysely's single SQLite connection.
 */

/**
 * SQLite fast path of loading every running mapping of one (instrument, interval) with its open legs
 * (the engine benchmark reads 10,000 mappings per candle close). Per-mapping columns come back as
 * plain arrays, each strategy type's settings read with its mappings from its own table (its storage,
 * strategies/strategy-type.types.ts); the instrument, user and strategy columns every row would repeat are
 * read once. PostgreSQL keeps the portable Kysely query.
 */
const FILTER = `from user_strategy_mappings m
  join instruments i on i.id = m.instrument_id
  where m.running_status = 1 and m.is_active = 1 and i.instrument_token = ? and m.interval = ?`;

/** A type's running mappings: the mapping's columns (`Row`), then the type's settings columns. */
const mappingsSql = ({ table, columns }: ConfigStorage<unknown>) => `select m.id, m.user_id, m.strategy_id,
  m.user_broker_id, m.is_dummy, m.ce_count, m.pe_count, m.start_time, m.end_time, m.running_status,
  m.position_version, ${columns.map((c) => `c.${c}`).join(', ')}
  from user_strategy_mappings m join ${table} c on c.mapping_id = m.id
  join instruments i on i.id = m.instrument_id
  where m.running_status = 1 and m.is_active = 1 and i.instrument_token = ? and m.interval = ? order by m.id`;

/** How many of a mapping row's values are the mapping's own; the type's settings follow. */
const MAPPING_COLUMNS = 11;

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
  ...unknown[],
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

  return (instrumentToken: string, interval: StrategyInterval): { mappings: MappingState[]; legs: LegRow[] } => {
    const instrument = stmt(INSTRUMENT_SQL).get(instrumentToken) as InstrumentRow | undefined;
    if (!instrument) return { mappings: [], legs: [] };
    const types = strategyTypes();
    const mappings: MappingState[] = [];
    for (const type of types) {
      const rows = stmt(mappingsSql(type.storage)).raw(true).all(instrumentToken, interval) as Row[];
      const users = names('users', 'username', new Set(rows.map((r) => r[1])));
      const strategies = names('strategies', 'name', new Set(rows.map((r) => r[2])));
      for (const r of rows) {
        mappings.push({
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
          positionVersion: r[10],
          config: type.storage.fromColumns(r.slice(MAPPING_COLUMNS), interval) as StrategyConfig,
        });
      }
    }
    // One type's mappings come in id order; several types' are merged into it.
    if (types.length > 1) mappings.sort((a, b) => a.id - b.id);
    const legs = stmt(LEGS_SQL).all(instrumentToken, interval) as LegRow[];
    return { mappings, legs };
  };
}

/** Which running mappings a close concerns (what to lock before reading their state). */
function createRunningIds(raw: SqliteDatabase.Database) {
  const stmt = raw.prepare(
    `select m.id, m.is_dummy as isDummy, m.user_broker_id as userBrokerId ${FILTER} order by m.id`,
  );
  return (instrumentToken: string, interval: StrategyInterval) =>
    stmt.all(instrumentToken, interval) as Array<{ id: number; isDummy: number; userBrokerId: number | null }>;
}

/** The fast paths over one raw SQLite handle. */
export function createSqliteEngineStatements(raw: SqliteDatabase.Database) {
  return {
    runningIds: createRunningIds(raw),
    runningOn: createRunningStates(raw),
  };
}
