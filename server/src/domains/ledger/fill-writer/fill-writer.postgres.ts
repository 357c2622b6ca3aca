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
  type LegToOpen,
} from './fill-writer.types.js';

/*
 * The fill writer's PostgreSQL path: a booking's new legs, its transactions and its users' counts go in one
 * statement (data-modifying CTEs, so one round trip and one plan), each table's rows as column arrays
 * (`unnest`, their literals written by db/pg-arrays.ts). Ids are drawn from the sequences in that statement
 * and come back in the rows' order, so every row is known by its own id without matching rows back.
 * `npm run bench` measures it beside a bare-insert floor.
 */

type Trx = Transaction<DB> | Kysely<DB>;
const affected = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);

/**
 * Values repeated across rows (a close's 20,000 rows name a handful of options) sent once each: `index`
 * gives a row's 1-based place in `values`, which SQL reads back as `(values)[index]`. Fewer bytes to write
 * and for PostgreSQL to parse than one text per row.
 */
function distinctValues<V>(sameAs: (a: V, b: V) => boolean, keyOf: (v: V) => string) {
  const values: V[] = [];
  const byKey = new Map<string, number[]>();
  return {
    values,
    index(v: V): number {
      const key = keyOf(v);
      const seen = byKey.get(key);
      const found = seen?.find((i) => sameAs(values[i - 1] as V, v));
      if (found !== undefined) return found;
      values.push(v);
      if (seen) seen.push(values.length);
      else byKey.set(key, [values.length]);
      return values.length;
    },
  };
}

type OptionOf = Pick<LegToOpen, 'optionType' | 'tradingSymbol' | 'exchange' | 'strikePaise' | 'expiry'>;
const sameOption = (a: OptionOf, b: OptionOf) =>
  a.tradingSymbol === b.tradingSymbol &&
  a.optionType === b.optionType &&
  a.exchange === b.exchange &&
  a.strikePaise === b.strikePaise &&
  a.expiry === b.expiry;
const sameText = (a: string | null, b: string | null) => a === b;
const textKey = (v: string | null) => v ?? '';

/** Ids in the rows' order, from `string_agg` (node-pg parses an int[] one character at a time). */
const idsOf = (text: string | null): number[] => (text ? (JSON.parse(`[${text}]`) as number[]) : []);

/** The legs to open as a CTE `leg_rows` (with their new ids) and the insert that writes them. */
function legStatements(legs: readonly LegToOpen[], at: number) {
  const options = distinctValues<OptionOf>(sameOption, (o) => o.tradingSymbol);
  const mappingIds: number[] = [];
  const userIds: number[] = [];
  const optionAt: number[] = [];
  const quantities: number[] = [];
  const entries: number[] = [];
  for (const l of legs) {
    mappingIds.push(l.mappingId);
    userIds.push(l.userId);
    optionAt.push(options.index(l));
    quantities.push(l.quantity);
    entries.push(l.entryPricePaise);
  }
  const o = options.values;
  const field = <K extends keyof OptionOf>(k: K) => o.map((v) => v[k]);
  return [
    sql`leg_rows as (select nextval(s.legs) as id, u.* from seqs s,
      unnest(${integerArray(mappingIds)}::int[], ${integerArray(userIds)}::int[], ${integerArray(optionAt)}::int[],
        ${integerArray(quantities)}::int[], ${integerArray(entries)}::bigint[]) with ordinality
        as u(mapping_id, user_id, option, quantity, entry_price_paise, ord))`,
    sql`new_legs as (insert into strategy_legs (id, mapping_id, user_id, option_type, trading_symbol, exchange,
        strike_paise, expiry, quantity, entry_price_paise, status, opened_at, closed_at)
      select r.id, r.mapping_id, r.user_id, (${textArray(field('optionType'))}::text[])[r.option],
        (${textArray(field('tradingSymbol'))}::text[])[r.option], (${textArray(field('exchange'))}::text[])[r.option],
        (${integerArray(field('strikePaise'))}::bigint[])[r.option], (${textArray(field('expiry'))}::text[])[r.option],
        r.quantity, r.entry_price_paise, 'open', ${at}, null
      from leg_rows r)`,
  ];
}

/** The fills as a CTE `fill_rows` (with their new ids), their insert and their users' counts. */
function fillStatements(fills: readonly FillToBook[], at: number) {
  const symbols = distinctValues<string | null>(sameText, textKey);
  const kinds = distinctValues<string | null>(sameText, textKey);
  const sources = distinctValues<string | null>(sameText, textKey);
  const cols = {
    userId: [] as number[],
    mappingId: [] as Array<number | null>,
    strategyId: [] as Array<number | null>,
    instrumentId: [] as Array<number | null>,
    symbol: [] as number[],
    quantity: [] as number[],
    pricePaise: [] as number[],
    isDummy: [] as number[],
    orderId: [] as Array<number | null>,
    kind: [] as Array<number | null>,
    brokerTradeId: [] as Array<string | null>,
    source: [] as Array<number | null>,
    paperOrder: [] as Array<number | null>,
  };
  for (const f of fills) {
    cols.userId.push(f.userId);
    cols.mappingId.push(f.mappingId);
    cols.strategyId.push(f.strategyId);
    cols.instrumentId.push(f.instrumentId);
    cols.symbol.push(symbols.index(f.tradingSymbol));
    cols.quantity.push(f.quantity);
    cols.pricePaise.push(f.pricePaise);
    cols.isDummy.push(f.isDummy);
    cols.orderId.push(f.orderId);
    cols.kind.push(f.kind ? kinds.index(f.kind) : null);
    cols.brokerTradeId.push(f.brokerTradeId ?? null);
    cols.source.push(f.priceSource ? sources.index(f.priceSource) : null);
    cols.paperOrder.push(f.paperOrder ?? null);
  }
  // Most bookings leave these empty (paper fills have no trade id): NULL, which `unnest` pads as nulls.
  const optional = <T>(values: Array<T | null>, literal: (v: Array<T | null>) => string) =>
    values.every((v) => v === null) ? null : literal(values);
  return [
    sql`fill_rows as (select nextval(s.fills) as id, u.* from seqs s,
      unnest(${integerArray(cols.userId)}::int[], ${integerArray(cols.mappingId)}::int[],
        ${integerArray(cols.strategyId)}::int[], ${integerArray(cols.instrumentId)}::int[],
        ${integerArray(cols.symbol)}::int[], ${integerArray(cols.quantity)}::int[],
        ${integerArray(cols.pricePaise)}::bigint[], ${integerArray(cols.isDummy)}::int[],
        ${optional(cols.orderId, integerArray)}::int[], ${optional(cols.kind, integerArray)}::int[],
        ${optional(cols.brokerTradeId, textArray)}::text[], ${optional(cols.source, integerArray)}::int[],
        ${optional(cols.paperOrder, integerArray)}::int[])
        with ordinality as u(user_id, mapping_id, strategy_id, instrument_id, symbol, quantity, price_paise,
          is_dummy, order_id, kind, broker_trade_id, source, paper_order, ord))`,
    sql`new_fills as (insert into transactions (id, user_id, mapping_id, strategy_id, instrument_id,
        transaction_date, trading_symbol, quantity, price_paise, is_dummy, order_id, kind, broker_trade_id,
        price_source, paper_order)
      select r.id, r.user_id, r.mapping_id, r.strategy_id, r.instrument_id, ${at},
        (${textArray(symbols.values)}::text[])[r.symbol], r.quantity, r.price_paise, r.is_dummy, r.order_id,
        coalesce((${textArray(kinds.values)}::text[])[r.kind], 'trade'), r.broker_trade_id,
        (${textArray(sources.values)}::text[])[r.source], r.paper_order
      from fill_rows r)`,
    // In user order, as any other writer of the same counts would take their rows.
    sql`counts as (insert into transaction_counts (user_id, n)
      select user_id, count(*) from fill_rows group by user_id order by user_id
      on conflict (user_id) do update set n = transaction_counts.n + excluded.n)`,
  ];
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
  if (legs.length + fills.length === 0) return { fills: [], openedLegIds: [] };
  // The sequences looked up once (materialized), not for every id drawn.
  const seqs = sql`seqs as materialized (select pg_get_serial_sequence('strategy_legs', 'id')::regclass as legs,
    pg_get_serial_sequence('transactions', 'id')::regclass as fills)`;
  const ctes = [
    seqs,
    ...(legs.length > 0 ? legStatements(legs, at) : []),
    ...(fills.length > 0 ? fillStatements(fills, at) : []),
  ];
  const { rows } = await sql<{ legIds: string | null; fillIds: string | null }>`with ${sql.join(ctes)}
    select ${legs.length > 0 ? sql`(select string_agg(id::text, ',' order by ord) from leg_rows)` : sql`null`} as "legIds",
      ${fills.length > 0 ? sql`(select string_agg(id::text, ',' order by ord) from fill_rows)` : sql`null`} as "fillIds"`.execute(
    trx,
  );
  const legIds = idsOf(rows[0]?.legIds ?? null);
  const fillIds = idsOf(rows[0]?.fillIds ?? null);
  const written = fills as Array<BookedFill<F>>;
  for (let i = 0; i < written.length; i++) {
    const w = written[i] as BookedFill<F>;
    w.id = fillIds[i] ?? 0;
    w.transactionDate = at;
  }
  return { fills: written, openedLegIds: legIds };
}
