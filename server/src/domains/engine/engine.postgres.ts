import type { StrategyInterval } from '@app/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, LegRow } from '../../db/schema.js';
import { strategyTypes, type StrategyConfig } from '../strategies/strategy-registry.js';
import type { MappingState } from './engine.types.js';

/*
 * The engine repository's PostgreSQL paths for a candle close (`npm run bench` measures 10,000 mappings
 * beside SQLite). The state a close reads under its locks (10,000 mappings, up to 20,000 open legs) comes back
 * as one JSON array of arrays per query, which JSON.parse reads faster than node-pg builds as many row
 * objects (array_agg columns were slower still: node-pg parses array text one character at a time); other
 * reads come back as plain rows with their columns already named as the code names them. A close's reads run
 * side by side (its fills are written by the ledger's fill writer, ledger/fill-writer/). Used only by
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
/**
 * A mapping as the close reads it: its columns in this order, then its type's settings columns in its
 * storage's order, as JSON gives them (numbers, text, null: the values SQLite's driver gives too).
 */
type MappingTuple = [
  id: MappingColumns['id'],
  userId: MappingColumns['userId'],
  username: MappingColumns['username'],
  strategyId: MappingColumns['strategyId'],
  strategyName: MappingColumns['strategyName'],
  userBrokerId: MappingColumns['userBrokerId'],
  isDummy: MappingColumns['isDummy'],
  ceCount: MappingColumns['ceCount'],
  peCount: MappingColumns['peCount'],
  startTime: MappingColumns['startTime'],
  endTime: MappingColumns['endTime'],
  runningStatus: MappingColumns['runningStatus'],
  positionVersion: MappingColumns['positionVersion'],
  ...settings: unknown[],
];
const SETTINGS_AT = 13;

/** An open leg as the close reads it: its columns in LegRow's order. */
type LegTuple = [
  id: LegRow['id'],
  mappingId: LegRow['mappingId'],
  userId: LegRow['userId'],
  optionType: LegRow['optionType'],
  tradingSymbol: LegRow['tradingSymbol'],
  exchange: LegRow['exchange'],
  strikePaise: LegRow['strikePaise'],
  expiry: LegRow['expiry'],
  quantity: LegRow['quantity'],
  entryPricePaise: LegRow['entryPricePaise'],
  status: LegRow['status'],
  openedAt: LegRow['openedAt'],
  closedAt: LegRow['closedAt'],
];
const toLegRow = (l: LegTuple): LegRow => ({
  id: l[0],
  mappingId: l[1],
  userId: l[2],
  optionType: l[3],
  tradingSymbol: l[4],
  exchange: l[5],
  strikePaise: l[6],
  expiry: l[7],
  quantity: l[8],
  entryPricePaise: l[9],
  status: l[10],
  openedAt: l[11],
  closedAt: l[12],
});

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
    // As one JSON array of arrays, as the mappings below.
    rowsOf<{ rows: string }>(
      db,
      sql`select coalesce(json_agg(json_build_array(l.id, l.mapping_id, l.user_id, l.option_type, l.trading_symbol,
          l.exchange, l.strike_paise, l.expiry, l.quantity, l.entry_price_paise, l.status, l.opened_at, l.closed_at)
          order by l.id), '[]')::text as rows
        from strategy_legs l
        where l.status = 'open' and l.mapping_id = any(array(select m.id from ${MAPPING_JOINS} where ${filter}))`,
    ).then((r) => (JSON.parse(r[0]?.rows ?? '[]') as LegTuple[]).map(toLegRow)),
    // Each type's running mappings with its settings, from its own table, as one JSON array of arrays:
    // JSON.parse reads 10,000 rows faster than node-pg builds 10,000 row objects.
    ...types.map(({ storage }) =>
      rowsOf<{ rows: string }>(
        db,
        sql`select coalesce(json_agg(json_build_array(m.id, m.user_id, u.username, m.strategy_id, s.name,
            m.user_broker_id, m.is_dummy, m.ce_count, m.pe_count, m.start_time, m.end_time, m.running_status,
            m.position_version, ${sql.join(storage.columns.map((c) => sql.ref(`c.${c}`)))}) order by m.id), '[]')::text
            as rows
          from ${MAPPING_JOINS} join ${sql.table(storage.table)} c on c.mapping_id = m.id
          join users u on u.id = m.user_id join strategies s on s.id = m.strategy_id
          where ${filter}`,
      ).then((r) => JSON.parse(r[0]?.rows ?? '[]') as MappingTuple[]),
    ),
  ]);
  if (!instrument) return { mappings: [], legs: [] };
  const mappings: MappingState[] = [];
  for (const [t, rows] of typeRows.entries()) {
    const storage = types[t]?.storage;
    if (!storage) continue;
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
        id: m[0],
        userId: m[1],
        username: m[2],
        strategyId: m[3],
        strategyName: m[4],
        userBrokerId: m[5],
        isDummy: m[6],
        ceCount: m[7],
        peCount: m[8],
        startTime: m[9],
        endTime: m[10],
        runningStatus: m[11],
        positionVersion: m[12],
        config: storage.fromColumns(m.slice(SETTINGS_AT), interval) as StrategyConfig,
      });
    }
  }
  // One type's mappings come in id order; several types' are merged into it.
  if (types.length > 1) mappings.sort((a, b) => a.id - b.id);
  return { mappings, legs };
}
