import type { RdxInterval } from '@app/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, LegRow } from '../../db/schema.js';
import type { MappingState } from './engine.types.js';

/*
 * The engine repository's PostgreSQL paths for a candle close (`npm run bench` measures 10,000 mappings
 * beside SQLite). Reads come back as plain rows with their columns already named as the code names them
 * (array_agg columns were slower: node-pg parses array text one character at a time), a close's reads side
 * by side (the close's fills are written by the ledger's fill writer, ledger/fill-writer/). Used only by
 * engine.repository.ts.
 */

/** The filter of running, active mappings of one (instrument, interval); `m`, `c` and `i` joined. */
const isRunningOn = (instrumentToken: string, interval: RdxInterval) =>
  sql`m.running_status = 1 and m.is_active = 1 and i.instrument_token = ${instrumentToken} and c.interval = ${interval}`;
const MAPPING_JOINS = sql`user_strategy_mappings m join rdx_configs c on c.mapping_id = m.id
  join instruments i on i.id = m.instrument_id`;

/**
 * Rows exactly as the query names its columns: each hot read below names them as the code does
 * (`as "userId"`), so the camel-case plugin's copy of every row (10,000 per close) is skipped.
 */
async function rowsOf<T>(db: Kysely<DB>, query: RawBuilder<unknown>): Promise<T[]> {
  return (await query.$castTo<T>().execute(db.withoutPlugins())).rows;
}

/** Which running mappings a close concerns (what to lock before reading their state), in id order. */
export function runningIdsPostgres(db: Kysely<DB>, instrumentToken: string, interval: RdxInterval) {
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
type MappingColumns = Omit<MappingState, keyof InstrumentColumns | 'config'> & {
  rdxLotCount: number;
  atmValuePaise: number;
  offsetValuePaise: number;
};

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
 * instrument (read once, not per row) and the legs, side by side, each in id order.
 */
export async function runningOnPostgres(
  db: Kysely<DB>,
  instrumentToken: string,
  interval: RdxInterval,
): Promise<{ mappings: MappingState[]; legs: LegRow[] }> {
  const filter = isRunningOn(instrumentToken, interval);
  const [rows, instrument, legs] = await Promise.all([
    rowsOf<MappingColumns>(
      db,
      sql`select m.id, m.user_id as "userId", u.username, m.strategy_id as "strategyId", s.name as "strategyName",
        m.user_broker_id as "userBrokerId", m.is_dummy as "isDummy", m.ce_count as "ceCount", m.pe_count as "peCount",
        m.start_time as "startTime", m.end_time as "endTime", m.running_status as "runningStatus",
        c.rdx_lot_count as "rdxLotCount", c.atm_value_paise as "atmValuePaise", c.offset_value_paise as "offsetValuePaise",
        c.position_version as "positionVersion"
        from ${MAPPING_JOINS} join users u on u.id = m.user_id join strategies s on s.id = m.strategy_id
        where ${filter} order by m.id`,
    ),
    instrumentOf(db, instrumentToken),
    rowsOf<LegRow>(
      db,
      sql`select l.id, l.mapping_id as "mappingId", l.user_id as "userId", l.option_type as "optionType",
        l.trading_symbol as "tradingSymbol", l.exchange, l.strike_paise as "strikePaise", l.expiry, l.quantity,
        l.entry_price_paise as "entryPricePaise", l.status, l.opened_at as "openedAt", l.closed_at as "closedAt"
        from strategy_legs l
        where l.status = 'open' and l.mapping_id in (select m.id from ${MAPPING_JOINS} where ${filter})
        order by l.id`,
    ),
  ]);
  if (!instrument) return { mappings: [], legs: [] };
  const mappings = rows.map((m): MappingState => ({
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
    config: { lotCount: m.rdxLotCount, atmPaise: m.atmValuePaise, offsetPaise: m.offsetValuePaise, interval },
  }));
  return { mappings, legs };
}
