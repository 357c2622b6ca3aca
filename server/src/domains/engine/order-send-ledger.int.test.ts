import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialect, openTestDatabase } from '../../../test/test-app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedReferenceData } from '../../db/seed.js';
import { postgresSendLedger } from './order-send-ledger.js';
import { createOrderThrottle, windowsOf } from './order-throttle.js';

/*
 * Two consoles sending orders for one broker account (the leader's entries, a trader's realign on the
 * other console) keep to Kite's per-account rate together, not each on its own: they count in one place.
 */
const NOW = 1_790_000_000_000;
const LIMITS = { perSecond: 10, perMinute: 200 };

describe.skipIf(dialect !== 'postgres')('order sends counted in PostgreSQL', () => {
  let first: Awaited<ReturnType<typeof openTestDatabase>>;
  let second: Database;
  let account: number;

  beforeEach(async () => {
    first = await openTestDatabase();
    await migrateToLatest(first);
    await seedReferenceData(first.db, NOW);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db);
    second = openDatabase({ url: process.env.TEST_DATABASE_URL, pgSchema: String(rows[0]?.schema), pgPoolSize: 4 });
    const user = await sql<{ id: number }>`insert into users (username, password_hash, role, created_at, updated_at)
      values ('trader', 'x', 'user', ${NOW}, ${NOW}) returning id`.execute(first.db);
    const broker = await sql<{ id: number }>`insert into user_brokers (user_id, broker_id, broker_username,
        created_at, updated_at) values (${user.rows[0]?.id}, 1, 'AB1234', ${NOW}, ${NOW}) returning id`.execute(
      first.db,
    );
    account = Number(broker.rows[0]?.id);
  });

  afterEach(async () => {
    await second.close();
    await first.drop();
  });

  const sendsOf = async (id: number) => {
    const { rows } = await sql<{ sends: string[] }>`
      select sent_at_ms as sends from order_send_windows where user_broker_id = ${id}`.execute(first.db);
    return (rows[0]?.sends ?? []).map(Number);
  };

  it('two consoles sending 25 orders for one account at once send at most 10 in any second', async () => {
    const one = createOrderThrottle({ ledger: postgresSendLedger(first.db, LIMITS) });
    const two = createOrderThrottle({ ledger: postgresSendLedger(second.db, LIMITS) });
    await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 === 0 ? one : two).take(account)));

    const sends = await sendsOf(account);
    expect(sends).toHaveLength(25);
    // Every eleventh send is a full second (and the margin) after the first of the ten before it.
    const { second: window } = windowsOf(LIMITS);
    for (let i = 0; i + 10 < sends.length; i++) expect(sends[i + 10]! - sends[i]!).toBeGreaterThanOrEqual(window);
  });

  it("one account's full second does not hold up another's orders", async () => {
    const throttle = createOrderThrottle({ ledger: postgresSendLedger(first.db, LIMITS) });
    await Promise.all(Array.from({ length: 10 }, () => throttle.take(account)));
    const other = await sql<{ id: number }>`insert into user_brokers (user_id, broker_id, broker_username,
        created_at, updated_at) select user_id, 1, 'CD5678', ${NOW}, ${NOW} from user_brokers
        where id = ${account} returning id`.execute(first.db);
    const otherId = Number(other.rows[0]?.id);
    await throttle.take(otherId);
    const [full, free] = [await sendsOf(account), await sendsOf(otherId)];
    expect(full).toHaveLength(10);
    expect(free).toHaveLength(1);
    expect(free[0]! - full[9]!).toBeLessThan(windowsOf(LIMITS).second);
  });

  it('a deleted broker account takes its count with it', async () => {
    const throttle = createOrderThrottle({ ledger: postgresSendLedger(first.db, LIMITS) });
    await throttle.take(account);
    await sql`delete from user_brokers where id = ${account}`.execute(first.db);
    expect(await sendsOf(account)).toEqual([]);
  });
});
