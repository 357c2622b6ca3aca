import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PaperFills, WrittenFill } from './engine.types.js';
import { LegAlreadyClosedError } from './orders.repository.js';

/*
 * The engine repository's PostgreSQL path for a candle close's paper fills: one statement per table with
 * the rows as column arrays (`unnest`), so 10,000 mappings cost a handful of round trips instead of
 * forty compiled 500-row inserts (`npm run bench` measures it beside SQLite). Used only by
 * engine.repository.ts.
 */

const column = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key]);

/** Writes one close's paper fills in one transaction; legs close only if still open. */
export function applyPaperFillsPostgres(db: Kysely<DB>, input: PaperFills): Promise<WrittenFill[]> {
  const { at } = input;
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
    const fills = input.fills;
    if (fills.length === 0) return [];
    // Ids are drawn first, so each written fill is known by its own id without matching rows back.
    const drawn = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('transactions', 'id'))::int as id
      from generate_series(1, ${fills.length})`.execute(trx);
    const ids = drawn.rows.map((r) => Number(r.id));
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
