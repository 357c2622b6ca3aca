import type { RdxInterval } from '@app/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, LegRow } from '../../db/schema.js';
import type { MappingState, PaperFills, WrittenFill } from './engine.types.js';
import { LegAlreadyClosedError } from './orders.repository.js';
import { StalePositionError } from './stale-position.js';
import { integerArray, textArray } from '../../db/pg-arrays.js';

/*
 * The engine repository's PostgreSQL paths for a candle close (`npm run bench` measures 10,000 mappings
 * beside SQLite). Reads come back as plain rows with their columns already named as the code names them
 * (array_agg columns were slower: node-pg parses array text one character at a time), a close's reads side
 * by side; the paper fills go in one statement per table with the rows as column arrays (`unnest`, their
 * literals written by db/pg-arrays.ts). Used only by engine.repository.ts.
 */

type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];
/** One column of rows as an array literal (see db/pg-arrays.ts: node-pg's own array writing was slow). */
const ints = <T>(rows: readonly T[], key: KeysOf<T, number | null>) =>
  integerArray(rows.map((r) => r[key] as number | null));
const texts = <T>(rows: readonly T[], key: KeysOf<T, string | null>) =>
  textArray(rows.map((r) => r[key] as string | null));

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
        where id = any(${integerArray(input.closeLegIds)}::int[]) and status = 'open'`.execute(trx);
      // Any other count means another actor closed one of them first: roll the whole close back.
      if (Number(closed.numAffectedRows ?? 0) !== input.closeLegIds.length) {
        throw new LegAlreadyClosedError(input.closeLegIds[0] ?? 0);
      }
    }
    // A leg bought back in part shrinks only from the size the decision saw, or the close is rolled back.
    for (const { id, by, held } of input.shrinkLegs ?? []) {
      const shrunk = await sql`update strategy_legs set quantity = quantity - ${by}
        where id = ${id} and status = 'open' and quantity = ${held}`.execute(trx);
      if (Number(shrunk.numAffectedRows ?? 0) !== 1) throw new LegAlreadyClosedError(id);
    }
    const legs = input.openLegs;
    if (legs.length > 0) {
      await sql`insert into strategy_legs (mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise,
          expiry, quantity, entry_price_paise, status, opened_at, closed_at)
        select u.mapping_id, u.user_id, u.option_type, u.trading_symbol, u.exchange, u.strike_paise, u.expiry,
          u.quantity, u.entry_price_paise, 'open', ${at}, null
        from unnest(${ints(legs, 'mappingId')}::int[], ${ints(legs, 'userId')}::int[],
          ${texts(legs, 'optionType')}::text[], ${texts(legs, 'tradingSymbol')}::text[],
          ${texts(legs, 'exchange')}::text[], ${ints(legs, 'strikePaise')}::bigint[], ${texts(legs, 'expiry')}::text[],
          ${ints(legs, 'quantity')}::int[], ${ints(legs, 'entryPricePaise')}::bigint[])
          as u(mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry, quantity, entry_price_paise)`.execute(
        trx,
      );
    }
    if (input.atm.length > 0) {
      // The fence (stale-position.ts): each mapping's version moves on only from the one its state was read at.
      const { rows } = await sql<{ mappingId: number }>`update rdx_configs c
        set atm_value_paise = u.atm, atm_last_updated = ${at}, updated_at = ${at}, position_version = u.version + 1
        from unnest(${ints(input.atm, 'mappingId')}::int[], ${ints(input.atm, 'atmPaise')}::bigint[],
          ${ints(input.atm, 'positionVersion')}::int[]) as u(mapping_id, atm, version)
        where c.mapping_id = u.mapping_id and c.position_version = u.version
        returning c.mapping_id as "mappingId"`.execute(trx);
      if (rows.length !== input.atm.length) {
        const moved = new Set(rows.map((r) => r.mappingId));
        throw new StalePositionError(input.atm.filter((a) => !moved.has(a.mappingId)).map((a) => a.mappingId));
      }
    }
    if (fills.length === 0) return [];
    const ids = await drawTransactionIds(trx, fills.length);
    const sources = textArray(fills.map((f) => f.priceSource ?? null));
    await sql`insert into transactions (id, user_id, mapping_id, strategy_id, instrument_id, transaction_date,
        trading_symbol, quantity, price_paise, is_dummy, order_id, price_source)
      select u.id, u.user_id, u.mapping_id, u.strategy_id, u.instrument_id, ${at}, u.trading_symbol, u.quantity,
        u.price_paise, u.is_dummy, u.order_id, u.price_source
      from unnest(${integerArray(ids)}::int[], ${ints(fills, 'userId')}::int[], ${ints(fills, 'mappingId')}::int[],
        ${ints(fills, 'strategyId')}::int[], ${ints(fills, 'instrumentId')}::int[],
        ${texts(fills, 'tradingSymbol')}::text[], ${ints(fills, 'quantity')}::int[],
        ${ints(fills, 'pricePaise')}::bigint[], ${ints(fills, 'isDummy')}::int[], ${ints(fills, 'orderId')}::int[],
        ${sources}::text[])
        as u(id, user_id, mapping_id, strategy_id, instrument_id, trading_symbol, quantity, price_paise, is_dummy, order_id,
          price_source)`.execute(trx);
    const perUser = new Map<number, number>();
    for (const f of fills) perUser.set(f.userId, (perUser.get(f.userId) ?? 0) + 1);
    await sql`insert into transaction_counts (user_id, n)
      select * from unnest(${integerArray([...perUser.keys()])}::int[], ${integerArray([...perUser.values()])}::bigint[])
      on conflict (user_id) do update set n = transaction_counts.n + excluded.n`.execute(trx);
    return fills.map((f, i) => Object.assign(f, { id: ids[i] ?? 0, transactionDate: at }));
  });
}
