import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.js';

/**
 * A live order is booked as the broker's trades (issue 28): one fill per trade, at the trade's own price, so
 * an order filled at two price levels is no longer one fill at its average rounded to the paisa. An order now
 * has several fills, so `order_id` is no longer unique; a trade is, once per order: `broker_trade_id` with
 * the order's row is the key that books a trade once whoever settles it (a restart, a second console). Per
 * order and not alone, because an exchange trade number names both sides of a trade: two accounts of one
 * console that happen to trade with each other see the same number. Paper fills, settlements and fills
 * booked by hand have no trade id.
 *
 * SQLite cannot drop a column's UNIQUE in place: the table is rebuilt as SQLite's ALTER TABLE page describes
 * (new table, copy, drop, rename, indexes again), its id sequence carried over so no id is given twice.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table transactions add column broker_trade_id varchar(32)`.execute(db);
    await sql`drop index if exists transactions_order_id_idx`.execute(db);
    await sql`alter table transactions drop constraint if exists transactions_order_id_key`.execute(db);
    await createOrderIndexes(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`create table transactions_rebuilt (
      id integer primary key autoincrement,
      user_id integer not null references users (id) on delete cascade,
      mapping_id integer references user_strategy_mappings (id) on delete set null,
      strategy_id integer references strategies (id),
      instrument_id integer references instruments (id) on delete set null,
      transaction_date bigint not null,
      trading_symbol varchar(64) not null,
      quantity integer not null,
      price_paise bigint not null,
      is_dummy integer not null,
      order_id integer references broker_orders (id) on delete set null,
      kind varchar(16) default 'trade' not null,
      broker_trade_id varchar(32)
    )`.execute(trx);
    await sql`insert into transactions_rebuilt (id, user_id, mapping_id, strategy_id, instrument_id, transaction_date,
        trading_symbol, quantity, price_paise, is_dummy, order_id, kind)
      select id, user_id, mapping_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity,
        price_paise, is_dummy, order_id, kind
      from transactions`.execute(trx);
    // AUTOINCREMENT never gives an id twice, even one whose row was deleted: the old table's high-water mark.
    await sql`update sqlite_sequence set seq = max(seq, coalesce((select seq from sqlite_sequence
      where name = 'transactions'), 0)) where name = 'transactions_rebuilt'`.execute(trx);
    await sql`insert into sqlite_sequence (name, seq) select 'transactions_rebuilt', seq from sqlite_sequence
      where name = 'transactions' and not exists (select 1 from sqlite_sequence where name = 'transactions_rebuilt')`.execute(
      trx,
    );
    await sql`drop table transactions`.execute(trx);
    await sql`alter table transactions_rebuilt rename to transactions`.execute(trx);
    // The indexes of 202611210007 and 202611230005, as they were.
    await sql`create index transactions_user_date_idx on transactions (user_id, transaction_date desc, id desc)`.execute(
      trx,
    );
    await sql`create index transactions_date_idx on transactions (transaction_date desc, id desc)`.execute(trx);
    await sql`create index transactions_mapping_date_idx on transactions (mapping_id, transaction_date, id)`.execute(
      trx,
    );
    await createOrderIndexes(trx);
  });
}

/** An order's fills found by its id (the key's `on delete set null`), and each trade booked once per order. */
async function createOrderIndexes(db: AnyDb): Promise<void> {
  await sql`create index transactions_order_id_idx on transactions (order_id) where order_id is not null`.execute(db);
  await sql`create unique index transactions_order_trade_idx on transactions (order_id, broker_trade_id)
    where broker_trade_id is not null`.execute(db);
}
