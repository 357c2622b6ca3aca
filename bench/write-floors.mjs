// The floors the engine benchmark sets its 10,000-strategy close beside: what the machine's database needs to
// write the close's rows alone (20,000 legs and 20,000 fills), measured in the same run.
import { sql } from 'kysely';
import { createFillWriter } from '../server/dist/domains/ledger/fill-writer.service.js';
import { paperSliceFor, slicesByOwner } from '../server/dist/domains/engine/paper-slices.js';

/**
 * The floor under the PostgreSQL figure: a close's 20,000 legs and 20,000 fills written as bare inserts
 * into copies of their tables with only a primary key (no foreign keys, no other index, nothing read or
 * decided), four transactions at once like the engine's slices. What the machine's PostgreSQL needs for the
 * rows alone, measured in the same run.
 */
export async function postgresWriteFloor(store) {
  const db = store.database.db;
  await sql`create table floor_legs (like strategy_legs including defaults)`.execute(db);
  await sql`alter table floor_legs add primary key (id)`.execute(db);
  await sql`create table floor_fills (like transactions including defaults)`.execute(db);
  await sql`alter table floor_fills add primary key (id)`.execute(db);
  const slice = (n, from) => {
    const ids = Array.from({ length: n }, (_, i) => from + i);
    return db.transaction().execute(async (trx) => {
      await sql`insert into floor_legs (mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise,
          expiry, quantity, entry_price_paise, status, opened_at)
        select u.m, u.m % 100, 'CE', 'NIFTY26DEC24500CE', 'NFO', 2450000, '2026-12-24', 65, 12345, 'open', 0
        from unnest(${ids}::int[]) as u(m)`.execute(trx);
      await sql`insert into floor_fills (user_id, mapping_id, strategy_id, instrument_id, transaction_date,
          trading_symbol, quantity, price_paise, is_dummy)
        select u.m % 100, u.m, 1, 1, 0, 'NIFTY26DEC24500CE', 65, 12345, 1 from unnest(${ids}::int[]) as u(m)`.execute(
        trx,
      );
    });
  };
  const write = () => Promise.all([0, 1, 2, 3].map((s) => slice(5_000, s * 5_000 + 1)));
  await write(); // warm: the tables' first pages
  // One write alone swings several-fold on a shared machine (a checkpoint, autovacuum): the median of three, as
  // for the closes it is set beside.
  const times = [];
  for (let i = 0; i < 3; i++) {
    await sql`truncate floor_legs, floor_fills`.execute(db);
    const start = performance.now();
    await write();
    times.push(performance.now() - start);
  }
  await sql`drop table floor_legs, floor_fills`.execute(db);
  return [...times].sort((a, b) => a - b)[1];
}

/**
 * The same floor on SQLite: the 40,000 rows into copies of their tables with only a primary key, in one
 * transaction (SQLite's close is one slice), through multi-row statements of 100 rows as the fill writer's.
 */
export function sqliteWriteFloor(store) {
  const raw = store.database.sqlite;
  raw.exec(`create table floor_legs (id integer primary key, mapping_id integer, user_id integer, option_type text,
    trading_symbol text, exchange text, strike_paise integer, expiry text, quantity integer,
    entry_price_paise integer, status text, opened_at integer, closed_at integer)`);
  raw.exec(`create table floor_fills (id integer primary key, user_id integer, mapping_id integer,
    strategy_id integer, instrument_id integer, transaction_date integer, trading_symbol text, quantity integer,
    price_paise integer, is_dummy integer, order_id integer, kind text, broker_trade_id text, price_source text,
    paper_order integer)`);
  const rows = 100;
  const values = (columns) => Array.from({ length: rows }, () => `(${Array(columns).fill('?').join(', ')})`).join(', ');
  const legs = raw.prepare(`insert into floor_legs (mapping_id, user_id, option_type, trading_symbol, exchange,
    strike_paise, expiry, quantity, entry_price_paise, status, opened_at, closed_at) values ${values(12)}`);
  const fills = raw.prepare(`insert into floor_fills (user_id, mapping_id, strategy_id, instrument_id,
    transaction_date, trading_symbol, quantity, price_paise, is_dummy, order_id, kind, broker_trade_id,
    price_source, paper_order) values ${values(14)}`);
  const write = () => {
    raw.exec('begin');
    for (let from = 0; from < 20_000; from += rows) {
      const legArgs = [];
      const fillArgs = [];
      for (let m = from; m < from + rows; m++) {
        const side = m % 2 === 0 ? 'CE' : 'PE';
        const symbol = `NIFTY26DEC24500${side}`;
        legArgs.push(m >> 1, m % 100, side, symbol, 'NFO', 2450000, '2026-12-24', -65, 12345, 'open', 0, null);
        fillArgs.push(m % 100, m >> 1, 1, 1, 0, symbol, 65, 12345, 1, null, 'trade', null, 'depth', 1);
      }
      legs.run(legArgs);
      fills.run(fillArgs);
    }
    raw.exec('commit');
  };
  write(); // warm
  const times = [];
  for (let i = 0; i < 3; i++) {
    raw.exec('delete from floor_legs; delete from floor_fills');
    const start = performance.now();
    write();
    times.push(performance.now() - start);
  }
  raw.exec('drop table floor_legs; drop table floor_fills');
  return [...times].sort((a, b) => a - b)[1];
}

/**
 * The product's own fill writer alone (ledger/fill-writer): a close's 20,000 legs and 20,000 fills for the
 * strategies at `interval`, booked in the engine's slices (one transaction on SQLite; slices of one owner's
 * strategies written at once on PostgreSQL), with every index and key of the real tables, nothing read or
 * decided. The close less this is what deciding, guards, prices and the rest cost. Median of 3.
 */
export async function fillWriterAlone(store, interval) {
  const db = store.database.db;
  const kind = store.database.kind;
  const writer = createFillWriter(store.database);
  const mappings = await db
    .selectFrom('userStrategyMappings')
    .select(['id', 'userId', 'strategyId', 'instrumentId'])
    .where('interval', '=', interval)
    .orderBy('id')
    .execute();
  const plans = mappings.map((m) => ({ mapping: m }));
  const slices = slicesByOwner(plans, paperSliceFor(kind));
  const booking = (slice, at) => ({
    at,
    openLegs: slice.flatMap(({ mapping: m }) =>
      ['CE', 'PE'].map((side) => ({
        mappingId: m.id,
        userId: m.userId,
        optionType: side,
        tradingSymbol: `NIFTY26DEC24500${side}`,
        exchange: 'NFO',
        strikePaise: 2_450_000,
        expiry: '2026-12-24',
        quantity: -65,
        entryPricePaise: 12_345,
      })),
    ),
    fills: slice.flatMap(({ mapping: m }) =>
      ['CE', 'PE'].map((side) => ({
        userId: m.userId,
        mappingId: m.id,
        strategyId: m.strategyId,
        instrumentId: m.instrumentId,
        tradingSymbol: `NIFTY26DEC24500${side}`,
        quantity: 65,
        pricePaise: 12_345,
        isDummy: 1,
        orderId: null,
        priceSource: 'depth',
        paperOrder: 1,
      })),
    ),
  });
  const times = [];
  for (let i = 0; i < 3; i++) {
    const at = Date.now();
    const start = performance.now();
    await Promise.all(slices.map((slice) => db.transaction().execute((trx) => writer.book(trx, booking(slice, at)))));
    times.push(performance.now() - start);
  }
  return [...times].sort((a, b) => a - b)[1];
}
