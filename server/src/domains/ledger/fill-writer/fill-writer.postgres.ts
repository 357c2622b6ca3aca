import { sql, type Kysely, type Transaction } from 'kysely';
import { integerArray, textArray } from '../../../db/pg-arrays.js';
import type { DB } from '../../../db/schema.js';
import {
  grownEntryPaise,
  LegAlreadyClosedError,
  type Booked,
  type BookedFill,
  type FillBooking,
  type FillToBook,
} from './fill-writer.types.js';

/*
 * The fill writer's PostgreSQL path: each table's rows go in one statement as column arrays (`unnest`, their
 * literals written by db/pg-arrays.ts), with ids drawn from the sequences beforehand so every row is known
 * by its own id without matching rows back. `npm run bench` measures it beside a bare-insert floor.
 */

type Trx = Transaction<DB> | Kysely<DB>;
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];
/** One column of rows as an array literal (node-pg's own array writing was slow). */
const ints = <T>(rows: readonly T[], key: KeysOf<T, number | null>) =>
  integerArray(rows.map((r) => r[key] as number | null));
const texts = <T>(rows: readonly T[], key: KeysOf<T, string | null>) =>
  textArray(rows.map((r) => r[key] as string | null));
/** A column most bookings leave empty (paper fills have no trade id): NULL, which `unnest` pads as nulls. */
const optionalTexts = (values: ReadonlyArray<string | null>) =>
  values.every((v) => v === null) ? null : textArray(values);
const affected = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);

/**
 * `legs` strategy-leg ids and `fills` transaction ids drawn from their sequences in one round trip (each
 * sequence named once, not per row).
 */
async function drawIds(trx: Trx, legs: number, fills: number): Promise<{ legIds: number[]; fillIds: number[] }> {
  // `offset 0` keeps each subquery from being inlined, which would look its sequence up again for every id.
  const { rows } = await sql<{ legIds: number[] | null; fillIds: number[] | null }>`select
    (select array_agg(nextval(q.seq))::int[] from (select pg_get_serial_sequence('strategy_legs', 'id')::regclass
      as seq offset 0) q, generate_series(1, ${legs})) as "legIds",
    (select array_agg(nextval(q.seq))::int[] from (select pg_get_serial_sequence('transactions', 'id')::regclass
      as seq offset 0) q, generate_series(1, ${fills})) as "fillIds"`.execute(trx);
  return { legIds: rows[0]?.legIds ?? [], fillIds: rows[0]?.fillIds ?? [] };
}

async function changeLegs(trx: Trx, b: FillBooking): Promise<void> {
  const { at } = b;
  const closeIds = b.closeLegIds ?? [];
  if (closeIds.length > 0) {
    const closed = await sql`update strategy_legs set status = 'closed', closed_at = ${at}
      where id = any(${integerArray(closeIds)}::int[]) and status = 'open'`.execute(trx);
    // Any other count means another actor closed one of them first: roll the whole booking back.
    if (affected(closed) !== closeIds.length) throw new LegAlreadyClosedError(closeIds[0] ?? 0);
  }
  for (const { id, held } of b.closeHeldLegs ?? []) {
    const closed = await sql`update strategy_legs set status = 'closed', closed_at = ${at}
      where id = ${id} and status = 'open' and quantity = ${held}`.execute(trx);
    if (affected(closed) !== 1) throw new LegAlreadyClosedError(id);
  }
  for (const { id, by, held } of b.shrinkLegs ?? []) {
    const shrunk = await sql`update strategy_legs set quantity = ${held - by}
      where id = ${id} and status = 'open' and quantity = ${held}`.execute(trx);
    if (affected(shrunk) !== 1) throw new LegAlreadyClosedError(id);
  }
  for (const { id, by, pricePaise, held } of b.growLegs ?? []) {
    const grown = await sql`update strategy_legs
      set quantity = ${held.quantity + by}, entry_price_paise = ${grownEntryPaise(held, by, pricePaise)}
      where id = ${id} and status = 'open' and quantity = ${held.quantity}`.execute(trx);
    if (affected(grown) !== 1) throw new LegAlreadyClosedError(id);
  }
}

/** The PostgreSQL booking in the caller's transaction `trx`. */
export async function bookFillsPostgres<F extends FillToBook>(trx: Trx, b: FillBooking<F>): Promise<Booked<F>> {
  const { at, fills } = b;
  const legs = b.openLegs ?? [];
  await changeLegs(trx, b);
  const { legIds, fillIds } =
    legs.length + fills.length > 0 ? await drawIds(trx, legs.length, fills.length) : { legIds: [], fillIds: [] };
  if (legs.length > 0) {
    await sql`insert into strategy_legs (id, mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise,
        expiry, quantity, entry_price_paise, status, opened_at, closed_at)
      select u.id, u.mapping_id, u.user_id, u.option_type, u.trading_symbol, u.exchange, u.strike_paise, u.expiry,
        u.quantity, u.entry_price_paise, 'open', ${at}, null
      from unnest(${integerArray(legIds)}::int[], ${ints(legs, 'mappingId')}::int[], ${ints(legs, 'userId')}::int[],
        ${texts(legs, 'optionType')}::text[], ${texts(legs, 'tradingSymbol')}::text[],
        ${texts(legs, 'exchange')}::text[], ${ints(legs, 'strikePaise')}::bigint[], ${texts(legs, 'expiry')}::text[],
        ${ints(legs, 'quantity')}::int[], ${ints(legs, 'entryPricePaise')}::bigint[])
        as u(id, mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry, quantity,
          entry_price_paise)`.execute(trx);
  }
  if (fills.length === 0) return { fills: [], openedLegIds: legIds };
  const rows: readonly FillToBook[] = fills;
  await sql`insert into transactions (id, user_id, mapping_id, strategy_id, instrument_id, transaction_date,
      trading_symbol, quantity, price_paise, is_dummy, order_id, kind, broker_trade_id, price_source)
    select u.id, u.user_id, u.mapping_id, u.strategy_id, u.instrument_id, ${at}, u.trading_symbol, u.quantity,
      u.price_paise, u.is_dummy, u.order_id, coalesce(u.kind, 'trade'), u.broker_trade_id, u.price_source
    from unnest(${integerArray(fillIds)}::int[], ${ints(rows, 'userId')}::int[], ${ints(rows, 'mappingId')}::int[],
      ${ints(rows, 'strategyId')}::int[], ${ints(rows, 'instrumentId')}::int[],
      ${texts(rows, 'tradingSymbol')}::text[], ${ints(rows, 'quantity')}::int[],
      ${ints(rows, 'pricePaise')}::bigint[], ${ints(rows, 'isDummy')}::int[], ${ints(rows, 'orderId')}::int[],
      ${optionalTexts(fills.map((f) => f.kind ?? null))}::text[],
      ${optionalTexts(fills.map((f) => f.brokerTradeId ?? null))}::text[],
      ${optionalTexts(fills.map((f) => f.priceSource ?? null))}::text[])
      as u(id, user_id, mapping_id, strategy_id, instrument_id, trading_symbol, quantity, price_paise, is_dummy,
        order_id, kind, broker_trade_id, price_source)`.execute(trx);
  const perUser = new Map<number, number>();
  for (const f of fills) perUser.set(f.userId, (perUser.get(f.userId) ?? 0) + 1);
  await sql`insert into transaction_counts (user_id, n)
    select * from unnest(${integerArray([...perUser.keys()])}::int[], ${integerArray([...perUser.values()])}::bigint[])
    on conflict (user_id) do update set n = transaction_counts.n + excluded.n`.execute(trx);
  const written = fills as Array<BookedFill<F>>;
  for (let i = 0; i < written.length; i++) {
    const w = written[i] as BookedFill<F>;
    w.id = fillIds[i] ?? 0;
    w.transactionDate = at;
  }
  return { fills: written, openedLegIds: legIds };
}
