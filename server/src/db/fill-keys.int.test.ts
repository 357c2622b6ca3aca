import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialect, openTestDatabase } from '../../test/test-app.js';
import { openDatabase } from './client.js';
import { migrateToLatest } from './migrate.js';
import type { DB } from './schema.js';
import { seedReferenceData } from './seed.js';

/*
 * The references of legs and fills to their strategy, owner and broker order. SQLite keeps them as foreign
 * keys; PostgreSQL checks them once per statement (migration 202611260007, for the candle close's 40,000
 * rows). Both must refuse and remove exactly alike: these run on each.
 */

type Database = Awaited<ReturnType<typeof openTestDatabase>>;
const NOW = 1_790_000_000_000;
const refused = (err: unknown) => (err as { code?: string }).code;
const REFERENCE_REFUSED = dialect === 'postgres' ? '23503' : 'SQLITE_CONSTRAINT_FOREIGNKEY';

async function idOf(db: Kysely<DB>, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await query.$castTo<{ id: number }>().execute(db);
  return Number(rows[0]?.id);
}

const newUser = (db: Kysely<DB>, name: string) =>
  idOf(
    db,
    sql`insert into users (username, password_hash, role, created_at, updated_at)
      values (${name}, 'x', 'user', ${NOW}, ${NOW}) returning id`,
  );
const newMapping = (db: Kysely<DB>, userId: number) =>
  idOf(
    db,
    sql`insert into user_strategy_mappings (user_id, strategy_id, instrument_id, created_at, updated_at)
      values (${userId}, 1, 1, ${NOW}, ${NOW}) returning id`,
  );
const newOrder = (db: Kysely<DB>, userId: number, mappingId: number, tag: string) =>
  idOf(
    db,
    sql`insert into broker_orders (mapping_id, user_id, tag, trading_symbol, exchange, side, quantity, status,
        created_at, updated_at)
      values (${mappingId}, ${userId}, ${tag}, 'NIFTY26DEC24500CE', 'NFO', 'SELL', 65, 'filled', ${NOW}, ${NOW})
      returning id`,
  );
const newLegs = (db: Kysely<DB>, userId: number, mappingIds: number[]) =>
  sql`insert into strategy_legs (mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry,
      quantity, entry_price_paise, status, opened_at)
    values ${sql.join(
      mappingIds.map(
        (m) =>
          sql`(${m}, ${userId}, 'CE', 'NIFTY26DEC24500CE', 'NFO', 2450000, '2026-12-24', 65, 12345, 'open', ${NOW})`,
      ),
    )}`.execute(db);
const newFill = (db: Kysely<DB>, fill: { userId: number; mappingId: number | null; orderId?: number | null }) =>
  idOf(
    db,
    sql`insert into transactions (user_id, mapping_id, strategy_id, instrument_id, transaction_date, trading_symbol,
        quantity, price_paise, is_dummy, order_id)
      values (${fill.userId}, ${fill.mappingId}, 1, 1, ${NOW}, 'NIFTY26DEC24500CE', -65, 12345, 1, ${fill.orderId ?? null})
      returning id`,
  );
const count = async (db: Kysely<DB>, query: ReturnType<typeof sql>) =>
  Number((await query.$castTo<{ n: number }>().execute(db)).rows[0]?.n);

describe('legs and fills refer only to what exists', () => {
  let database: Database;
  let db: Kysely<DB>;
  let owner: number;
  let mapping: number;
  beforeEach(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database);
    db = database.db;
    await seedReferenceData(db, NOW);
    owner = await newUser(db, 'keys-owner');
    mapping = await newMapping(db, owner);
  });
  afterEach(() => database.drop());

  it('refuses a whole statement of legs when one names a strategy that does not exist', async () => {
    await expect(newLegs(db, owner, [mapping, mapping + 1000])).rejects.toSatisfy(
      (e) => refused(e) === REFERENCE_REFUSED,
    );
    expect(await count(db, sql`select count(*) as n from strategy_legs`)).toBe(0);
    await newLegs(db, owner, [mapping, mapping]);
    expect(await count(db, sql`select count(*) as n from strategy_legs`)).toBe(2);
  });

  it('refuses a fill whose owner, strategy or broker order does not exist', async () => {
    for (const fill of [
      { userId: owner + 1000, mappingId: mapping },
      { userId: owner, mappingId: mapping + 1000 },
      { userId: owner, mappingId: mapping, orderId: 999_999 },
    ]) {
      await expect(newFill(db, fill)).rejects.toSatisfy((e) => refused(e) === REFERENCE_REFUSED);
    }
    expect(await count(db, sql`select count(*) as n from transactions`)).toBe(0);
    // A fill may name no strategy (its strategy was deleted) and no order (a paper fill).
    await newFill(db, { userId: owner, mappingId: null });
    expect(await count(db, sql`select count(*) as n from transactions`)).toBe(1);
  });

  it('refuses moving a leg or a fill to a strategy that does not exist', async () => {
    await newLegs(db, owner, [mapping]);
    const fill = await newFill(db, { userId: owner, mappingId: mapping });
    await expect(sql`update strategy_legs set mapping_id = ${mapping + 1000}`.execute(db)).rejects.toSatisfy(
      (e) => refused(e) === REFERENCE_REFUSED,
    );
    await expect(
      sql`update transactions set mapping_id = ${mapping + 1000} where id = ${fill}`.execute(db),
    ).rejects.toSatisfy((e) => refused(e) === REFERENCE_REFUSED);
    const other = await newMapping(db, owner);
    await sql`update transactions set mapping_id = ${other} where id = ${fill}`.execute(db);
    expect(await count(db, sql`select count(*) as n from transactions where mapping_id = ${other}`)).toBe(1);
  });

  it('deletes a strategy’s legs with it and keeps its fills, no longer naming it', async () => {
    const other = await newMapping(db, owner);
    await newLegs(db, owner, [mapping, mapping, other]);
    const fill = await newFill(db, { userId: owner, mappingId: mapping });
    await newFill(db, { userId: owner, mappingId: other });
    await sql`delete from user_strategy_mappings where id = ${mapping}`.execute(db);
    expect(await count(db, sql`select count(*) as n from strategy_legs where mapping_id = ${mapping}`)).toBe(0);
    expect(await count(db, sql`select count(*) as n from strategy_legs where mapping_id = ${other}`)).toBe(1);
    expect(await count(db, sql`select count(*) as n from transactions where id = ${fill} and mapping_id is null`)).toBe(
      1,
    );
    expect(await count(db, sql`select count(*) as n from transactions where mapping_id = ${other}`)).toBe(1);
  });

  it('deletes a user’s fills, strategies and legs with them, and no one else’s', async () => {
    const neighbour = await newUser(db, 'keys-neighbour');
    const theirs = await newMapping(db, neighbour);
    await newLegs(db, owner, [mapping]);
    await newLegs(db, neighbour, [theirs]);
    await newFill(db, { userId: owner, mappingId: mapping });
    await newFill(db, { userId: neighbour, mappingId: theirs });
    await sql`delete from users where id = ${owner}`.execute(db);
    expect(await count(db, sql`select count(*) as n from transactions where user_id = ${owner}`)).toBe(0);
    expect(await count(db, sql`select count(*) as n from strategy_legs where user_id = ${owner}`)).toBe(0);
    expect(await count(db, sql`select count(*) as n from transactions where user_id = ${neighbour}`)).toBe(1);
    expect(await count(db, sql`select count(*) as n from strategy_legs where user_id = ${neighbour}`)).toBe(1);
  });

  it('keeps a fill whose broker order is deleted, no longer naming the order', async () => {
    const order = await newOrder(db, owner, mapping, 'keys-order-1');
    const fill = await newFill(db, { userId: owner, mappingId: mapping, orderId: order });
    await sql`delete from broker_orders where id = ${order}`.execute(db);
    expect(await count(db, sql`select count(*) as n from transactions where id = ${fill} and order_id is null`)).toBe(
      1,
    );
  });
});

// Two writers at once: only PostgreSQL has them (SQLite has one writer, so its keys cannot race).
describe.skipIf(dialect !== 'postgres')('a strategy deleted while its legs are written', () => {
  let a: Database;
  let owner: number;
  let mapping: number;
  beforeEach(async () => {
    a = await openTestDatabase();
    await migrateToLatest(a);
    await seedReferenceData(a.db, NOW);
    owner = await newUser(a.db, 'race-owner');
    mapping = await newMapping(a.db, owner);
  });
  afterEach(() => a.drop());

  /** A second connection on the same schema (a pool of its own), as a second console would hold. */
  async function second(): Promise<Database> {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(a.db);
    const database = openDatabase({
      url: process.env.TEST_DATABASE_URL ?? '',
      pgSchema: rows[0]?.s ?? '',
      pgPoolSize: 1,
    });
    return { ...database, drop: () => database.close() };
  }

  /** Resolves once a statement starting with `text` waits on a lock held by another transaction. */
  const blocked = (text: string) =>
    vi.waitFor(
      async () => {
        const n = await count(
          a.db,
          sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${`${text}%`}`,
        );
        if (n < 1) throw new Error(`not waiting yet: ${text}`);
      },
      { timeout: 10_000, interval: 20 },
    );

  it('refuses deleting an owner, strategy or order under repeatable read, where a cascade could miss a child', async () => {
    const order = await newOrder(a.db, owner, mapping, 'race-order-1');
    await newFill(a.db, { userId: owner, mappingId: mapping, orderId: order });
    for (const statement of [
      sql`delete from users where id = ${owner}`,
      sql`delete from user_strategy_mappings where id = ${mapping}`,
      sql`delete from broker_orders where id = ${order}`,
    ]) {
      await expect(
        a.db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute((trx) => statement.execute(trx)),
      ).rejects.toMatchObject({ code: '40001' });
    }
    expect(await count(a.db, sql`select count(*) as n from transactions where order_id = ${order}`)).toBe(1);
    // A statement that deletes nothing has nothing to miss.
    await a.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => sql`delete from users where id = ${owner + 1000}`.execute(trx));
  });

  it('refuses truncating an owner, strategy or order table while legs or fills still refer to it', async () => {
    const order = await newOrder(a.db, owner, mapping, 'race-order-2');
    await newLegs(a.db, owner, [mapping]);
    await newFill(a.db, { userId: owner, mappingId: mapping, orderId: order });
    for (const statement of [
      sql`truncate broker_orders`,
      sql`truncate user_strategy_mappings cascade`,
      sql`truncate users cascade`,
    ]) {
      await expect(statement.execute(a.db)).rejects.toMatchObject({ code: '23503' });
    }
    expect(await count(a.db, sql`select count(*) as n from transactions where order_id = ${order}`)).toBe(1);
    await sql`delete from transactions`.execute(a.db);
    await sql`delete from strategy_legs`.execute(a.db);
    await sql`truncate users cascade`.execute(a.db);
    expect(await count(a.db, sql`select count(*) as n from user_strategy_mappings`)).toBe(0);
  });

  it('checks in its own schema whatever the caller’s search_path', async () => {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(a.db);
    const schema = rows[0]?.s ?? '';
    await expect(
      a.db.transaction().execute(async (trx) => {
        await sql`set local search_path = pg_catalog`.execute(trx);
        await sql`insert into ${sql.table(`${schema}.transactions`)} (user_id, transaction_date, trading_symbol,
            quantity, price_paise, is_dummy) values (${owner + 1000}, 1, 'NIFTY26DEC24500CE', -65, 100, 1)`.execute(
          trx,
        );
      }),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('makes the delete wait for the writer, then takes the new legs with the strategy: no orphan', async () => {
    const b = await second();
    try {
      let deleting: Promise<unknown> = Promise.resolve();
      await a.db.transaction().execute(async (trx) => {
        await newLegs(trx, owner, [mapping, mapping]);
        deleting = sql`delete from user_strategy_mappings where id = ${mapping}`.execute(b.db);
        await blocked('delete from user_strategy_mappings');
      });
      await deleting;
      expect(await count(a.db, sql`select count(*) as n from strategy_legs`)).toBe(0);
      expect(await count(a.db, sql`select count(*) as n from user_strategy_mappings where id = ${mapping}`)).toBe(0);
    } finally {
      await b.drop();
    }
  });

  it('refuses legs for a strategy whose delete commits while they wait', async () => {
    const b = await second();
    try {
      let writing: Promise<unknown> = Promise.resolve();
      await b.db.transaction().execute(async (trx) => {
        await sql`delete from user_strategy_mappings where id = ${mapping}`.execute(trx);
        writing = newLegs(a.db, owner, [mapping]).then(
          () => 'written',
          (e: unknown) => refused(e),
        );
        await blocked('insert into strategy_legs');
      });
      expect(await writing).toBe('23503');
      expect(await count(a.db, sql`select count(*) as n from strategy_legs`)).toBe(0);
    } finally {
      await b.drop();
    }
  });
});
