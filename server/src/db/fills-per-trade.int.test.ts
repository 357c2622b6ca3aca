import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialect, openTestDatabase } from '../../test/test-app.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { seedReferenceData } from './seed.js';

/*
 * Migration 202611272030 (issue 28): an order may have one fill per broker trade. On SQLite the fills table is
 * rebuilt to drop `order_id`'s UNIQUE; what it held, its keys and its id sequence must come through unchanged.
 */

const NOW = 1_790_000_000_000;
const BEFORE = '202611271400_add_mapping_stop_note';

describe('booking fills per broker trade (migration 202611272030)', () => {
  it('keeps every fill and id, lets an order have several trades, each once, and keeps the references', async () => {
    const database = await openTestDatabase();
    const { db } = database;
    try {
      // PostgreSQL: Kysely's bookkeeping in this test's own schema (migrate.ts says why).
      const schema =
        dialect === 'postgres'
          ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
          : undefined;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const { error } = await migrator.migrateTo(BEFORE);
      expect(error).toBeUndefined();
      await seedReferenceData(db, NOW);
      const user = await sql<{ id: number }>`insert into users (username, password_hash, role, created_at, updated_at)
        values ('fills', 'x', 'user', ${NOW}, ${NOW}) returning id`.execute(db);
      const userId = Number(user.rows[0]?.id);
      const mapping = await sql<{ id: number }>`insert into user_strategy_mappings
          (user_id, strategy_id, instrument_id, created_at, updated_at)
        values (${userId}, 1, 1, ${NOW}, ${NOW}) returning id`.execute(db);
      const mappingId = Number(mapping.rows[0]?.id);
      const order = await sql<{ id: number }>`insert into broker_orders (mapping_id, user_id, tag, trading_symbol,
          exchange, side, quantity, status, created_at, updated_at)
        values (${mappingId}, ${userId}, 'rdxold', 'NIFTY26DEC24500CE', 'NFO', 'SELL', 130, 'filled', ${NOW}, ${NOW})
        returning id`.execute(db);
      const orderId = Number(order.rows[0]?.id);
      const fill = (id: number, quantity: number, price: number, order: number | null) =>
        sql`insert into transactions (id, user_id, mapping_id, strategy_id, instrument_id, transaction_date,
            trading_symbol, quantity, price_paise, is_dummy, order_id)
          values (${id}, ${userId}, ${mappingId}, 1, 1, ${NOW}, 'NIFTY26DEC24500CE', ${quantity}, ${price}, 0, ${order})`.execute(
          db,
        );
      // A live fill booked the old way (one per order), a paper fill, and a fill since deleted with a higher id.
      await fill(7, 130, 8048, orderId);
      await fill(8, -65, 8100, null);
      await fill(40, 65, 9000, null);
      await sql`delete from transactions where id = 40`.execute(db);

      await migrateToLatest(database);

      const kept = await db
        .selectFrom('transactions')
        .select(['id', 'quantity', 'pricePaise', 'orderId', 'brokerTradeId', 'kind'])
        .orderBy('id')
        .execute();
      expect(kept.map((r) => [r.id, r.quantity, Number(r.pricePaise), r.orderId, r.brokerTradeId, r.kind])).toEqual([
        [7, 130, 8048, orderId, null, 'trade'],
        [8, -65, 8100, null, null, 'trade'],
      ]);
      const trade = (tradeId: string, price: number) =>
        db
          .insertInto('transactions')
          .values({
            userId,
            mappingId,
            strategyId: 1,
            instrumentId: 1,
            transactionDate: NOW,
            tradingSymbol: 'NIFTY26DEC24500CE',
            quantity: 65,
            pricePaise: price,
            isDummy: 0,
            orderId,
            brokerTradeId: tradeId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      // Two trades of one order are two fills. SQLite's rebuilt table gives no id twice, not even a deleted
      // one's (PostgreSQL's table and its sequence are the same as before).
      const first = await trade('10000001', 8045);
      await trade('10000002', 8050);
      if (dialect === 'sqlite') expect(first.id).toBeGreaterThan(40);
      // The same trade of the same order, twice, is refused.
      await expect(trade('10000001', 8045)).rejects.toThrow();
      // The references still hold: a fill of nobody is refused; deleting the order forgets it on its fills.
      await expect(
        sql`insert into transactions (user_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy)
          values (${userId + 1000}, ${NOW}, 'X', 1, 1, 1)`.execute(db),
      ).rejects.toThrow();
      await sql`delete from broker_orders where id = ${orderId}`.execute(db);
      const orphans = await db.selectFrom('transactions').select('id').where('orderId', 'is not', null).execute();
      expect(orphans).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
