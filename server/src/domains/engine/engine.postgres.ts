import type { RdxInterval } from '@app/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, LegRow } from '../../db/schema.js';
import type { MappingState, PaperFills, WrittenFill } from './engine.types.js';
import { LegAlreadyClosedError } from './orders.repository.js';

/*
 * The engine repository's PostgreSQL paths for a candle close (`npm run bench` measures 10,000 mappings
 * beside SQLite). Reads come back as one row of column arrays (`array_agg`) rather than 10,000 row objects,
 * a close's three reads side by side; the paper fills go in one statement per table with the rows as
 * column arrays (`unnest`). Used only by engine.repository.ts.
 */

const column = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key]);

/** The filter of running, active mappings of one (instrument, interval); `m`, `c` and `i` joined. */
const isRunningOn = (instrumentToken: string, interval: RdxInterval) =>
  sql`m.running_status = 1 and m.is_active = 1 and i.instrument_token = ${instrumentToken} and c.interval = ${interval}`;
const MAPPING_JOINS = sql`user_strategy_mappings m join rdx_configs c on c.mapping_id = m.id
  join instruments i on i.id = m.instrument_id`;

/** A query answering one row of column arrays (no rows aggregate to nulls). */
type Columns<T> = { [K in keyof T]: Array<T[K]> | null };
async function columnsOf<T>(db: Kysely<DB>, query: RawBuilder<unknown>): Promise<Columns<T>> {
  const { rows } = await query.$castTo<Columns<T>>().execute(db);
  return rows[0] as Columns<T>;
}
/** The k-th value of an aggregated column. */
const nth = <T>(values: T[] | null, k: number) => (values as T[])[k] as T;

/** Which running mappings a close concerns (what to lock before reading their state). */
export async function runningIdsPostgres(db: Kysely<DB>, instrumentToken: string, interval: RdxInterval) {
  const c = await columnsOf<{ id: number; isDummy: number; userBrokerId: number | null }>(
    db,
    sql`select array_agg(m.id) as id, array_agg(m.is_dummy) as is_dummy, array_agg(m.user_broker_id) as user_broker_id
      from ${MAPPING_JOINS} where ${isRunningOn(instrumentToken, interval)}`,
  );
  const ids = (c.id ?? []).map((id, k) => ({ id, isDummy: nth(c.isDummy, k), userBrokerId: nth(c.userBrokerId, k) }));
  return ids.sort((a, b) => a.id - b.id);
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
type MappingColumns = Omit<MappingState, keyof InstrumentColumns | 'interval'>;
type LegColumns = Omit<LegRow, 'status' | 'closedAt'>;

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
 * instrument (read once, not per row) and the legs, side by side. Money columns are bigint, which arrays
 * would bring back as text: float8 keeps them exact numbers (they are far below 2^53).
 */
export async function runningOnPostgres(
  db: Kysely<DB>,
  instrumentToken: string,
  interval: RdxInterval,
): Promise<{ mappings: MappingState[]; legs: LegRow[] }> {
  const filter = isRunningOn(instrumentToken, interval);
  const [m, instrument, l] = await Promise.all([
    columnsOf<MappingColumns>(
      db,
      sql`select array_agg(m.id) as id, array_agg(m.user_id) as user_id, array_agg(u.username) as username,
        array_agg(m.strategy_id) as strategy_id, array_agg(s.name) as strategy_name,
        array_agg(m.user_broker_id) as user_broker_id, array_agg(m.is_dummy) as is_dummy,
        array_agg(m.ce_count) as ce_count, array_agg(m.pe_count) as pe_count, array_agg(m.start_time) as start_time,
        array_agg(m.end_time) as end_time, array_agg(m.running_status) as running_status,
        array_agg(c.rdx_lot_count) as rdx_lot_count, array_agg(c.atm_value_paise::float8) as atm_value_paise,
        array_agg(c.offset_value_paise::float8) as offset_value_paise
        from ${MAPPING_JOINS} join users u on u.id = m.user_id join strategies s on s.id = m.strategy_id
        where ${filter}`,
    ),
    instrumentOf(db, instrumentToken),
    columnsOf<LegColumns>(
      db,
      sql`select array_agg(l.id) as id, array_agg(l.mapping_id) as mapping_id, array_agg(l.user_id) as user_id,
        array_agg(l.option_type) as option_type, array_agg(l.trading_symbol) as trading_symbol,
        array_agg(l.exchange) as exchange, array_agg(l.strike_paise::float8) as strike_paise,
        array_agg(l.expiry) as expiry, array_agg(l.quantity) as quantity,
        array_agg(l.entry_price_paise::float8) as entry_price_paise, array_agg(l.opened_at::float8) as opened_at
        from strategy_legs l
        where l.status = 'open' and l.mapping_id in (select m.id from ${MAPPING_JOINS} where ${filter})`,
    ),
  ]);
  if (!instrument) return { mappings: [], legs: [] };
  const mappings = (m.id ?? []).map((id, k): MappingState => ({
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
    id,
    userId: nth(m.userId, k),
    username: nth(m.username, k),
    strategyId: nth(m.strategyId, k),
    strategyName: nth(m.strategyName, k),
    userBrokerId: nth(m.userBrokerId, k),
    isDummy: nth(m.isDummy, k),
    ceCount: nth(m.ceCount, k),
    peCount: nth(m.peCount, k),
    startTime: nth(m.startTime, k),
    endTime: nth(m.endTime, k),
    runningStatus: nth(m.runningStatus, k),
    rdxLotCount: nth(m.rdxLotCount, k),
    atmValuePaise: nth(m.atmValuePaise, k),
    offsetValuePaise: nth(m.offsetValuePaise, k),
    interval,
  }));
  const legs = (l.id ?? []).map((id, k): LegRow => ({
    id,
    mappingId: nth(l.mappingId, k),
    userId: nth(l.userId, k),
    optionType: nth(l.optionType, k),
    tradingSymbol: nth(l.tradingSymbol, k),
    exchange: nth(l.exchange, k),
    strikePaise: nth(l.strikePaise, k),
    expiry: nth(l.expiry, k),
    quantity: nth(l.quantity, k),
    entryPricePaise: nth(l.entryPricePaise, k),
    status: 'open',
    openedAt: nth(l.openedAt, k),
    closedAt: null,
  }));
  // Aggregates promise no order: mappings and legs in id order, as the portable reads give them.
  return { mappings: mappings.sort((a, b) => a.id - b.id), legs: legs.sort((a, b) => a.id - b.id) };
}

/**
 * `count` transaction ids drawn from their sequence as one array (the sequence named once, not per row), so
 * each written fill is known by its own id without matching rows back.
 */
async function drawTransactionIds(trx: Kysely<DB>, count: number): Promise<number[]> {
  // `offset 0` keeps the subquery from being inlined, which would look the sequence up again for every id.
  const { rows } = await sql<{ ids: number[] }>`select array_agg(nextval(q.seq))::int[] as ids
    from (select pg_get_serial_sequence('transactions', 'id')::regclass as seq offset 0) q,
    generate_series(1, ${count})`.execute(trx);
  return rows[0]?.ids ?? [];
}

/** Writes one slice of a close's paper fills in one transaction; legs close only if still open. */
export function applyPaperFillsPostgres(db: Kysely<DB>, input: PaperFills): Promise<WrittenFill[]> {
  const { at, fills } = input;
  return db.transaction().execute(async (trx) => {
    if (input.closeLegIds.length > 0) {
      const closed = await sql`update strategy_legs set status = 'closed', closed_at = ${at}
        where id = any(${input.closeLegIds}::int[]) and status = 'open'`.execute(trx);
      // Any other count means another actor closed one of them first: roll the whole close back.
      if (Number(closed.numAffectedRows ?? 0) !== input.closeLegIds.length) {
        throw new LegAlreadyClosedError(input.closeLegIds[0] ?? 0);
      }
    }
    const legs = input.openLegs;
    if (legs.length > 0) {
      await sql`insert into strategy_legs (mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise,
          expiry, quantity, entry_price_paise, status, opened_at, closed_at)
        select u.mapping_id, u.user_id, u.option_type, u.trading_symbol, u.exchange, u.strike_paise, u.expiry,
          u.quantity, u.entry_price_paise, 'open', ${at}, null
        from unnest(${column(legs, 'mappingId')}::int[], ${column(legs, 'userId')}::int[],
          ${column(legs, 'optionType')}::text[], ${column(legs, 'tradingSymbol')}::text[],
          ${column(legs, 'exchange')}::text[], ${column(legs, 'strikePaise')}::bigint[], ${column(legs, 'expiry')}::text[],
          ${column(legs, 'quantity')}::int[], ${column(legs, 'entryPricePaise')}::bigint[])
          as u(mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry, quantity, entry_price_paise)`.execute(
        trx,
      );
    }
    if (input.atm.length > 0) {
      await sql`update rdx_configs c set atm_value_paise = u.atm, atm_last_updated = ${at}, updated_at = ${at}
        from unnest(${column(input.atm, 'mappingId')}::int[], ${column(input.atm, 'atmPaise')}::bigint[]) as u(mapping_id, atm)
        where c.mapping_id = u.mapping_id`.execute(trx);
    }
    if (fills.length === 0) return [];
    const ids = await drawTransactionIds(trx, fills.length);
    await sql`insert into transactions (id, user_id, mapping_id, strategy_id, instrument_id, transaction_date,
        trading_symbol, quantity, price_paise, is_dummy, order_id)
      select u.id, u.user_id, u.mapping_id, u.strategy_id, u.instrument_id, ${at}, u.trading_symbol, u.quantity,
        u.price_paise, u.is_dummy, u.order_id
      from unnest(${ids}::int[], ${column(fills, 'userId')}::int[], ${column(fills, 'mappingId')}::int[],
        ${column(fills, 'strategyId')}::int[], ${column(fills, 'instrumentId')}::int[],
        ${column(fills, 'tradingSymbol')}::text[], ${column(fills, 'quantity')}::int[],
        ${column(fills, 'pricePaise')}::bigint[], ${column(fills, 'isDummy')}::int[], ${column(fills, 'orderId')}::int[])
        as u(id, user_id, mapping_id, strategy_id, instrument_id, trading_symbol, quantity, price_paise, is_dummy, order_id)`.execute(
      trx,
    );
    const perUser = new Map<number, number>();
    for (const f of fills) perUser.set(f.userId, (perUser.get(f.userId) ?? 0) + 1);
    await sql`insert into transaction_counts (user_id, n)
      select * from unnest(${[...perUser.keys()]}::int[], ${[...perUser.values()]}::bigint[])
      on conflict (user_id) do update set n = transaction_counts.n + excluded.n`.execute(trx);
    return fills.map((f, i) => Object.assign(f, { id: ids[i] ?? 0, transactionDate: at }));
  });
}
