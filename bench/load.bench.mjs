// Load held (issue 14): a real console process (server/dist/main.js, SQLite) under 200 concurrent
// connections for 30 s on GET /transactions and on GET /positions, while 1,000 connected sockets receive a
// broadcast every few seconds. Prints requests/s, p99, errors (target 0) and the event delivery ratio
// (target 1.0), beside GET /api/health in the same run. `LOAD_SECONDS` shortens or lengthens each run.
// The connections are held: each is opened and answered once before the clock starts (held-connections.mjs
// says why a storm of new connections into a saturated Node server is measured apart).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { openDatabase } from '../server/dist/db/client.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';
import { seedReferenceData } from '../server/dist/db/seed.js';
import { createPasswordHasher } from '../server/dist/domains/auth/passwords.service.js';
import { signIn, startConsole } from './console-process.mjs';
import { describeHeld, loadHeld } from './held-connections.mjs';

const CONNECTIONS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const SOCKETS = 1000;
const BROADCAST_EVERY_MS = 3000;
const ROWS = 10_000;
const PASSWORD = 'bench-load-password';

/** A trader with ten thousand fills and an admin, written straight into a fresh data directory. */
async function seed(dataDir) {
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'console.db') });
  await migrateToLatest(database);
  const now = Date.now();
  await seedReferenceData(database.db, now, []);
  const passwordHash = await createPasswordHasher(4).hash(PASSWORD);
  const ids = {};
  for (const [username, role] of [
    ['trader', 'user'],
    ['boss', 'admin'],
  ]) {
    const row = await database.db
      .insertInto('users')
      .values({ username, passwordHash, role, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[username] = row.id;
  }
  const insert = database.sqlite.prepare(
    `insert into transactions (user_id, strategy_id, instrument_id, transaction_date, trading_symbol, quantity, price_paise, is_dummy)
     values (?, 1, 1, ?, ?, ?, ?, 1)`,
  );
  database.sqlite.transaction(() => {
    for (let i = 0; i < ROWS; i++)
      insert.run(ids.trader, now - i * 1000, `NIFTY${i % 400}CE`, i % 2 ? 65 : -65, 10_000 + (i % 900));
  })();
  await database.db.insertInto('transactionCounts').values({ userId: ids.trader, n: ROWS }).execute();
  await database.close();
  return ids;
}

/** `count` sockets of one session, each counting the test events it receives. */
async function connectSockets(url, token, count) {
  const sockets = [];
  let received = 0;
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => {
      const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      s.on('test_event', () => (received += 1));
      sockets.push(s);
      return new Promise((resolve, reject) => {
        s.once('connect', resolve);
        s.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return { sockets, received: () => received, close: () => sockets.forEach((s) => s.disconnect()) };
}

/** Broadcasts a test event to the trader every few seconds while `during` runs; returns how many were sent. */
async function broadcasting(url, adminHeaders, userId, during) {
  const posts = [];
  const timer = setInterval(() => {
    posts.push(
      fetch(`${url}/api/realtime/test-event`, {
        method: 'POST',
        headers: { ...adminHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ userId, message: `load ${posts.length}` }),
      }).then((res) => res.ok),
    );
  }, BROADCAST_EVERY_MS);
  try {
    await during;
  } finally {
    clearInterval(timer);
  }
  // Only broadcasts the server accepted count as sent (a refused one is an error of the run, not a loss).
  return (await Promise.all(posts)).filter(Boolean).length;
}

/** Waits (up to 10 s) until `expected` events have arrived since `before`; returns how many did. */
async function deliveredSince(sockets, before, expected) {
  for (let i = 0; i < 100 && sockets.received() - before < expected; i++) await new Promise((r) => setTimeout(r, 100));
  return sockets.received() - before;
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const ids = await seed(dataDir);
  // A Kite root of its own keeps the in-process sandbox exchange (and its price loop) out of the measurement.
  const server = await startConsole({ DATA_DIR: dataDir, KITE_API_ROOT: 'http://127.0.0.1:9' });
  try {
    const trader = await signIn(server.url, 'trader', PASSWORD);
    const admin = await signIn(server.url, 'boss', PASSWORD);
    const sockets = await connectSockets(server.url, trader.authorization.slice('Bearer '.length), SOCKETS);
    try {
      const opts = { connections: CONNECTIONS, seconds: SECONDS };
      const health = await loadHeld(`${server.url}/api/health`, {}, opts);
      const lines = [`GET /api/health: ${describeHeld(health)}`];
      for (const route of ['/api/transactions?limit=50', '/api/positions']) {
        const before = sockets.received();
        const running = loadHeld(`${server.url}${route}`, trader, opts);
        const sent = await broadcasting(server.url, admin, ids.trader, running);
        const result = await running;
        // The last broadcast's deliveries may still be in flight when the load ends.
        const ratio = sent === 0 ? 0 : (await deliveredSince(sockets, before, sent * SOCKETS)) / (sent * SOCKETS);
        lines.push(
          `GET ${route}: ${describeHeld(result)}; ${SOCKETS} sockets, ${sent} broadcasts, delivery ratio ${ratio.toFixed(3)}`,
        );
      }
      console.log(
        `Load held, SQLite, ${CONNECTIONS} connections for ${SECONDS} s each (targets: 0 errors, delivery 1.0):\n  ` +
          lines.join('\n  '),
      );
    } finally {
      sockets.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
