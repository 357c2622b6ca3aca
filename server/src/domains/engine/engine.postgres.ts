import type { StrategyInterval } from '@app/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, LegRow } from '../../db/schema.js';
import { strategyTypes, type StrategyConfig } from '../strategies/strategy-registry.js';
import type { MappingState } from './engine.types.js';

/*
 * The engine repository's PostgreSQL paths for a candle close (`npm run bench` measures 10,000 mappings
 * beside SQLite). Reads come back as plain rows with their columns already named as the code names them
 * (array_agg columns were slower: node-pg parses array text one character at a time), a close's reads side
 * by side (the close's fills are written by the ledger's fill writer, ledger/fill-writer/). Used only by
 * engine.repository.ts.
 */

/** The filter of running, active mappings of one (instrument, interval); `m` and `i` joined. */
const isRunningOn = (instrumentToken: string, interval: StrategyInterval) =>
  sql`m.running_status = 1 and m.is_active = 1 and i.instrument_token = ${instrumentToken} and m.interval = ${interval}`;
const MAPPING_JOINS = sql`user_strategy_mappings m join instruments i on i.id = m.instrument_id`;

/**
 * Rows exactly as the query names its columns: each hot read below names them as the code does
 * (`as "userId"`), so the camel-case plugin's copy of every row (10,000 per close) is skipped.
 */
async function rowsOf<T>(db: Kysely<DB>, query: RawBuilder<unknown>): Promise<T[]> {
  return (await query.$castTo<T>().execute(db.withoutPlugins())).rows;
}

/** Which running mappings a close concerns (what to lock before reading their state), in id order. */
export function runningIdsPostgres(db: Kysely<DB>, instrumentToken: string, interval: StrategyInterval) {
  return rowsOf<{ id: number; isDummy: number; userBrokerId: number | null }>(
    db,
    sql`select m.id, m.is_dummy as "isDummy", m.user_broker_id as "userBrokerId" from ${MAPPING_JOINS}
      where ${isRunningOn(instrumentToken, interval)} order by m.id`,
  );
}

type InstrumentColumns = Pick<
  MappingState,
  | 'instrumentId'
  | 'instrumentName'
  | 'instrumentToken'
  | 'ticker'
  | 'lotSize'
  | 'marketOpenTime'
  | 'marketCloseTime'
  | 'timezone'
  | 'tradingDays'
  | 'marketProtection'
>;
type MappingColumns = Omit<MappingState, keyof InstrumentColumns | 'config'>;
/** A type's settings columns come back as `c0`, `c1`, … in its storage's order. */
type TypeRow = MappingColumns & Record<`c${number}`, unknown>;

const instrumentOf = (db: Kysely<DB>, instrumentToken: string): Promise<InstrumentColumns | undefined> =>
  db
    .selectFrom('instruments as i')
    .select([
      'i.id as instrumentId',
      'i.name as instrumentName',
      'i.instrumentToken',
      'i.ticker',
      'i.lotSize',
      'i.marketOpenTime',
      'i.marketCloseTime',
      'i.timezone',
      'i.tradingDays',
      'i.marketProtection',
    ])
    .where('i.instrumentToken', '=', instrumentToken)
    .executeTakeFirst();

/**
 * Running, active mappings of one (instrument, interval) with their open legs: the mappings, their
 * instrument (read once, not per row) and the legs, side by side, each in id order. The legs are found
 * through the (mapping, status) index from the close's own mapping ids (`= any(array(…))`): as `in (…)` the
 * planner read every open leg of every interval and kept this close's (16 ms beside 6 ms with 60,000 open
 * legs elsewhere), a cost that grew with the other intervals' legs.
 */
export async function runningOnPostgres(
  db: Kysely<DB>,
  instrumentToken: string,
  interval: StrategyInterval,
): Promise<{ mappings: MappingState[]; legs: LegRow[] }> {
  const filter = isRunningOn(instrumentToken, interval);
  const types = strategyTypes();
  const [instrument, legs, ...typeRows] = await Promise.all([
    instrumentOf(db, instrumentToken),
    rowsOf<LegRow>(
      db,
      sql`select l.id, l.mapping_id as "mappingId", l.user_id as "userId", l.option_type as "optionType",
        l.trading_symbol as "tradingSymbol", l.exchange, l.strike_paise as "strikePaise", l.expiry, l.quantity,
        l.entry_price_paise as "entryPricePaise", l.status, l.opened_at as "openedAt", l.closed_at as "closedAt"
        from strategy_legs l
        where l.status = 'open' and l.mapping_id = any(array(select m.id from ${MAPPING_JOINS} where ${filter}))
        order by l.id`,
    ),
    // Each type's running mappings with its settings, from its own table.
    ...types.map(({ storage }) =>
      rowsOf<TypeRow>(
        db,
        sql`select m.id, m.user_id as "userId", u.username, m.strategy_id as "strategyId", s.name as "strategyName",
          m.user_broker_id as "userBrokerId", m.is_dummy as "isDummy", m.ce_count as "ceCount", m.pe_count as "peCount",
          m.start_time as "startTime", m.end_time as "endTime", m.running_status as "runningStatus",
          m.position_version as "positionVersion",
          ${sql.join(storage.columns.map((c, i) => sql`${sql.ref(`c.${c}`)} as ${sql.ref(`c${i}`)}`))}
          from ${MAPPING_JOINS} join ${sql.table(storage.table)} c on c.mapping_id = m.id
          join users u on u.id = m.user_id join strategies s on s.id = m.strategy_id
          where ${filter} order by m.id`,
      ),
    ),
  ]);
  if (!instrument) return { mappings: [], legs: [] };
  const mappings: MappingState[] = [];
  for (const [t, rows] of typeRows.entries()) {
    const storage = types[t]?.storage;
    if (!storage) continue;
    const settingsOf = (m: TypeRow) => storage.columns.map((_, i) => m[`c${i}`]);
    for (const m of rows) {
      mappings.push({
        // Listed one by one (not spread): 10,000 objects of one shape stay fast to build and to read.
        instrumentId: instrument.instrumentId,
        instrumentName: instrument.instrumentName,
        instrumentToken: instrument.instrumentToken,
        ticker: instrument.ticker,
        lotSize: instrument.lotSize,
        marketOpenTime: instrument.marketOpenTime,
        marketCloseTime: instrument.marketCloseTime,
        timezone: instrument.timezone,
        tradingDays: instrument.tradingDays,
        marketProtection: instrument.marketProtection,
        id: m.id,
        userId: m.userId,
        username: m.username,
        strategyId: m.strategyId,
        strategyName: m.strategyName,
        userBrokerId: m.userBrokerId,
        isDummy: m.isDummy,
        ceCount: m.ceCount,
        peCount: m.peCount,
        startTime: m.startTime,
        endTime: m.endTime,
        runningStatus: m.runningStatus,
        positionVersion: m.positionVersion,
        config: storage.fromColumns(settingsOf(m), interval) as StrategyConfig,
      });
    }
  }
  // One type's mappings come in id order; several types' are merged into it.
  if (types.length > 1) mappings.sort((a, b) => a.id - b.id);
  return { mappings, legs };
}
