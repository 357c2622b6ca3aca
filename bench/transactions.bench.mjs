// GET /transactions?limit=50 for a user with 1,000,000 transactions, on SQLite and PostgreSQL, at 200
// concurrent connections against a real console process (server/dist/main.js, SERVICES=api): requests/s
// and p99 flat out, and p99 at a steady 250 requests/s, each beside GET /api/health in the same run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/dist/db/client.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';
import { seedReferenceData } from '../server/dist/db/seed.js';
import { createPasswordHasher } from '../server/dist/domains/auth/passwords.service.js';
import { signIn, startConsole } from './console-process.mjs';
import { describeHeld, loadHeld } from './held-connections.mjs';
import { PG_URL } from './support.mjs';

const ROWS = 1_000_000;
const CONNECTIONS = 200;
const SECONDS = 5;
/** A steady load well below saturation on this class of machine, where latency is not queueing. */
const STEADY_RATE = 250;
const PASSWORD = 'bench-password';

/** The user and a million transactions, written straight through the database. */
async function seed(database) {
  await migrateToLatest(database);
  const now = Date.now();
  await seedReferenceData(database.db, now, []);
  const passwordHash = await createPasswordHasher(4).hash(PASSWORD);
  const { id: userId } = await database.db
    .insertInto('users')
    .values({ username: 'trader', passwordHash, role: 'user', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (database.sqlite) {
    const insert = database.sqlite.prepare(
      `insert into transactions (user_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy)
       values (?, 1, 1, ?, ?, ?, ?, 1)`,
    );
    database.sqlite.transaction(() => {
      for (let i = 0; i < ROWS; i++)
        insert.run(userId, now - i * 1000, `NIFTY${i % 400}CE`, i % 2 ? 75 : -75, 10_000 + (i % 900));
    })();
  } else {
    await pg_query(
      database,
      `insert into transactions (user_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy)
      select ${userId}, 1, 1, ${now} - g * 1000, 'NIFTY' || (g % 400) || 'CE', case when g % 2 = 1 then 75 else -75 end, 10000 + g % 900, 1
      from generate_series(0, ${ROWS - 1}) g`,
    );
    await pg_query(database, 'analyze transactions');
  }
  await database.db.insertInto('transactionCounts').values({ userId, n: ROWS }).execute();
}

async function pg_query(database, text) {
  const { sql } = await import('kysely');
  await sql.raw(text).execute(database.db);
}

// Held connections (held-connections.mjs): each is answered once before the clock, so no figure counts
// a new connection's wait to be accepted by a busy server.
const loadAt = (url, headers, rate) => loadHeld(url, headers, { connections: CONNECTIONS, seconds: SECONDS, rate });
const describe = describeHeld;

async function measure(label, env) {
  // A Kite root of its own keeps the in-process sandbox exchange (and its price loop) out of the measurement.
  const server = await startConsole({ ...env, KITE_API_ROOT: 'http://127.0.0.1:9' });
  try {
    const headers = await signIn(server.url, 'trader', PASSWORD);
    const page = `${server.url}/api/transactions?limit=50`;
    const check = await (await fetch(page, { headers })).json();
    if (check.data.total !== ROWS || check.data.transactions.length !== 50) throw new Error('bench data not served');
    await loadAt(page, headers); // warm-up
    const health = await loadAt(`${server.url}/api/health`, {});
    const flat = await loadAt(page, headers);
    const steadyHealth = await loadAt(`${server.url}/api/health`, {}, STEADY_RATE);
    const steady = await loadAt(page, headers, STEADY_RATE);
    const meets = steady.p99 <= 15;
    console.log(
      `GET /transactions?limit=50, 1,000,000 rows, ${label}, ${CONNECTIONS} connections:\n` +
        `  flat out: ${describe(flat)}; GET /api/health ${describe(health)}\n` +
        `  at ${STEADY_RATE} req/s: ${describe(steady)}; GET /api/health p99 ${steadyHealth.p99.toFixed(1)} ms ` +
        `(target p99 ≤ 15 ms: ${meets ? 'meets' : 'MISSES'})`,
    );
  } finally {
    await server.stop();
  }
}

async function sqliteRun() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tx-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  await seed(database);
  await database.close();
  try {
    await measure('SQLite', { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRun() {
  const name = `bench_tx_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log('GET /transactions on PostgreSQL: skipped (no PostgreSQL answers at BENCH_DATABASE_URL)');
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tx-pg-'));
  try {
    const database = openDatabase({ url: url.toString(), pgPoolSize: 4 });
    await seed(database);
    await database.close();
    await measure('PostgreSQL', { DATA_DIR: dir, DATABASE_URL: url.toString(), REDIS_URL: '' });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  await sqliteRun();
  await postgresRun();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
