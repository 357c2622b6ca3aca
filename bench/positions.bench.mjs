// Positions and P&L (issue 11, issue 32 item 7), on SQLite:
// (1) for a user with 200 strategies and 20,000 fills, GET /positions, /positions/by-symbol, /orders (first
//     page) and /pnl/daily (the screen's 90 days), and GET /positions/admin/all over 10,000 strategies, against a
//     real console process: p99 beside GET /transactions?limit=50 in the same run and beside issue 32's targets;
// (2) positions_updated fan-out for 1,000 watched strategies on one price tick: events/s and p99 delay,
//     beside a bare Socket.IO emit of as many events.
// `node bench/positions.bench.mjs pages` (or `fanout`) runs one part.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { openDatabase } from '../server/dist/db/client.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';
import { istDay } from '@app/contract';
import { SANDBOX_INSTRUMENT, seedReferenceData } from '../server/dist/db/seed.js';
import { createPasswordHasher } from '../server/dist/domains/auth/passwords.service.js';
import { userRoom } from '../server/dist/platform/realtime.js';
import { createSandboxExchange } from '../server/dist/sandbox/sandbox-exchange.js';
import { describeLoad, load, signIn, startConsole } from './console-process.mjs';
import { buildBenchApp, ms, percentile } from './support.mjs';

const PASSWORD = 'bench-password';
const CONNECTIONS = 10;
const SECONDS = 5;
const TRADER_MAPPINGS = 200;
const FILLS_PER_TRADER_MAPPING = 100;
const ALL_MAPPINGS = 10_000;
const OTHER_USERS = 99;
const DAY_MS = 86_400_000;
/** The P&L screen's default window (web/src/features/pnl/pnl-daily-display.ts, DEFAULT_DAYS). */
const PNL_DAYS = 90;
/** Issue 32 item 7: p99 at 10 connections. */
const TARGET_MS = 50;
const ADMIN_TARGET_MS = 200;

/**
 * The trader: 200 paper strategies of 100 fills each (49 round trips over four strikes, one a day on the 49
 * days before yesterday, then a CE and a PE sold yesterday and still open), each fill a paper order of its own
 * as the engine numbers them; 99 other users share 9,800 strategies that each sold a CE and a PE. Written
 * straight to SQLite.
 */
export async function seedBook(database) {
  await migrateToLatest(database);
  const now = Date.now();
  await seedReferenceData(database.db, now, []);
  const passwordHash = await createPasswordHasher(4).hash(PASSWORD);
  const sqlite = database.sqlite;
  const insertUser = sqlite.prepare(
    `insert into users (username, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?)`,
  );
  const insertBroker = sqlite.prepare(
    `insert into user_brokers (user_id, broker_id, broker_username, created_at, updated_at) values (?, 1, ?, ?, ?)`,
  );
  const insertMapping = sqlite.prepare(
    `insert into user_strategy_mappings (user_id, strategy_id, instrument_id, user_broker_id, is_active, is_dummy,
       ce_count, pe_count, running_status, created_at, updated_at) values (?, 1, 1, ?, 1, 1, 1, 1, 1, ?, ?)`,
  );
  const insertFill = sqlite.prepare(
    `insert into transactions (user_id, mapping_id, strategy_id, instrument_id, transaction_date, trading_symbol,
       quantity, price_paise, is_dummy, paper_order) values (?, ?, 1, 1, ?, ?, ?, ?, 1, 1)`,
  );
  const insertLeg = sqlite.prepare(
    `insert into strategy_legs (mapping_id, user_id, option_type, trading_symbol, exchange, strike_paise, expiry,
       quantity, entry_price_paise, status, opened_at) values (?, ?, ?, ?, 'NFO', ?, '2026-12-29', 75, ?, 'open', ?)`,
  );
  const counts = new Map();
  const openTwo = (userId, mappingId, at) => {
    for (const [type, strike] of [
      ['CE', 24_600],
      ['PE', 24_400],
    ]) {
      const symbol = `NIFTY26D29${strike}${type}`;
      insertFill.run(userId, mappingId, at, symbol, 75, 9_000);
      insertLeg.run(mappingId, userId, type, symbol, strike * 100, 9_000, at);
    }
    counts.set(userId, (counts.get(userId) ?? 0) + 2);
  };
  sqlite.transaction(() => {
    const trader = Number(insertUser.run('trader', passwordHash, 'user', now, now).lastInsertRowid);
    insertUser.run('boss', passwordHash, 'admin', now, now);
    const traderBroker = Number(insertBroker.run(trader, 'TR0001', now, now).lastInsertRowid);
    for (let m = 0; m < TRADER_MAPPINGS; m++) {
      const mappingId = Number(insertMapping.run(trader, traderBroker, now, now).lastInsertRowid);
      const roundTrips = (FILLS_PER_TRADER_MAPPING - 2) / 2;
      for (let k = 0; k < roundTrips; k++) {
        const symbol = `NIFTY26D29${24_000 + (k % 4) * 100}CE`;
        const at = now - (roundTrips + 1 - k) * DAY_MS + m * 1000;
        insertFill.run(trader, mappingId, at, symbol, 75, 10_000 + k * 7);
        insertFill.run(trader, mappingId, at + 60_000, symbol, -75, 9_500 + k * 11);
      }
      counts.set(trader, (counts.get(trader) ?? 0) + FILLS_PER_TRADER_MAPPING - 2);
      openTwo(trader, mappingId, now - DAY_MS + m * 1000);
    }
    for (let u = 0; u < OTHER_USERS; u++) {
      const userId = Number(insertUser.run(`user${u}`, passwordHash, 'user', now, now).lastInsertRowid);
      const broker = Number(insertBroker.run(userId, `OU${u}`, now, now).lastInsertRowid);
      for (let m = 0; m < (ALL_MAPPINGS - TRADER_MAPPINGS) / OTHER_USERS; m++) {
        openTwo(userId, Number(insertMapping.run(userId, broker, now, now).lastInsertRowid), now);
      }
    }
    const insertCount = sqlite.prepare('insert into transaction_counts (user_id, n) values (?, ?)');
    for (const [userId, n] of counts) insertCount.run(userId, n);
  })();
}

/** The reply's rows, or a throw when the route answered without any: a bench of empty pages measures nothing. */
async function rowsOf(url, headers, pick) {
  const res = await fetch(url, { headers });
  const rows = res.ok ? pick((await res.json()).data) : [];
  if (rows.length === 0) throw new Error(`bench: ${url} served no rows (${res.status})`);
  return rows.length;
}

const figure = (label, result, targetMs) =>
  `  ${label.padEnd(50)} ${describeLoad(result)}, p50 ${result.latency.p50} ms` +
  (targetMs === undefined ? '' : ` (target ≤ ${targetMs} ms: ${result.latency.p99 <= targetMs ? 'met' : 'MISSED'})`);

async function positionsPages() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-positions-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  await seedBook(database);
  await database.close();
  const server = await startConsole({ DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '' });
  try {
    // As a browser asks: it takes gzip (the console sends its large written replies gzipped).
    const asBrowser = (h) => ({ ...h, 'accept-encoding': 'gzip, deflate, br, zstd' });
    const trader = asBrowser(await signIn(server.url, 'trader', PASSWORD));
    const admin = asBrowser(await signIn(server.url, 'boss', PASSWORD));
    const today = istDay(Date.now());
    const window = `from=${istDay(Date.now() - (PNL_DAYS - 1) * DAY_MS)}&to=${today}`;
    const api = (route) => `${server.url}/api${route}`;
    const pages = [
      { label: 'GET /positions (200 strategies, 20,000 fills)', route: '/positions', who: trader },
      { label: 'GET /positions/by-symbol (the same)', route: '/positions/by-symbol', who: trader, target: TARGET_MS },
      { label: 'GET /orders (the same, first page)', route: '/orders', who: trader, target: TARGET_MS },
      {
        label: `GET /pnl/daily (the same, ${PNL_DAYS} days)`,
        route: `/pnl/daily?${window}`,
        who: trader,
        target: TARGET_MS,
      },
      {
        label: 'GET /positions/admin/all (10,000 strategies)',
        route: '/positions/admin/all',
        who: admin,
        target: ADMIN_TARGET_MS,
      },
    ];
    const served = [
      await rowsOf(api('/positions'), trader, (d) => d.positions),
      await rowsOf(api('/positions/by-symbol'), trader, (d) => d.positions),
      await rowsOf(api('/orders'), trader, (d) => d.orders),
      await rowsOf(api(`/pnl/daily?${window}`), trader, (d) => d.days),
      await rowsOf(api('/positions/admin/all'), admin, (d) => d.positions),
    ];
    if (served[0] !== TRADER_MAPPINGS || served[4] < ALL_MAPPINGS) throw new Error('bench positions not served');
    const opts = { connections: CONNECTIONS, seconds: SECONDS };
    // Warm-up (JIT, caches), as a running console would be.
    for (const p of pages) await load(api(p.route), p.who, { connections: 2, seconds: 2 });
    const page = await load(api('/transactions?limit=50'), trader, opts);
    const lines = [];
    for (const p of pages) lines.push(figure(p.label, await load(api(p.route), p.who, opts), p.target));
    console.log(
      `SQLite, ${CONNECTIONS} connections, ${SECONDS} s each:\n${lines.join('\n')}\n` +
        figure('beside GET /transactions?limit=50', page),
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 1,000 paper strategies (10 users) entered by the engine on the sandbox, one socket per user and an admin's. */
async function fanOut() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fanout-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  await migrateToLatest(database);
  await seedReferenceData(database.db, Date.now(), [SANDBOX_INSTRUMENT]);
  const sandbox = await createSandboxExchange({ seed: 'bench' });
  const { app, modules: m, realtime } = await buildBenchApp(database, sandbox);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const sockets = [];
  try {
    const instrument = (await m.instruments.instruments.list()).find(
      (i) => i.instrument_token === SANDBOX_INSTRUMENT.instrumentToken,
    );
    const tokens = [];
    const userIds = [];
    for (let u = 0; u < 10; u++) {
      const user = await m.users.users.create({ username: `fan${u}`, password: PASSWORD, role: 'user' });
      const broker = await m.brokers.brokers.create(
        { userId: user.id, role: 'user' },
        { broker_id: 1, broker_username: `FN${u}`, broker_token: null },
      );
      // Straight to the database: the API folds identical mappings made within seconds into one.
      const now = Date.now();
      const rows = Array.from({ length: 100 }, () => ({
        userId: user.id,
        strategyId: 1,
        instrumentId: instrument.id,
        userBrokerId: broker.id,
        isActive: 1,
        isDummy: 1,
        ceCount: 1,
        peCount: 1,
        startTime: null,
        endTime: null,
        runningStatus: 1,
        interval: '1m',
        createdAt: now,
        updatedAt: now,
      }));
      const ids = await database.db.insertInto('userStrategyMappings').values(rows).returning('id').execute();
      await database.db
        .insertInto('rdxConfigs')
        .values(
          ids.map(({ id }) => ({
            mappingId: id,
            rdxLotCount: 1,
            atmValuePaise: 0,
            offsetValuePaise: 0,
            atmLastUpdated: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
      tokens.push((await m.auth.auth.login({ username: `fan${u}`, password: PASSWORD }, '127.0.0.1')).token);
      userIds.push(user.id);
    }
    await m.engine.engine.evaluate(SANDBOX_INSTRUMENT.instrumentToken, '1m', 1_000_000, Date.now());
    for (const token of tokens) {
      const socket = connect(url, { auth: { token }, transports: ['websocket'] });
      await new Promise((resolve) => socket.once('connect', resolve));
      sockets.push(socket);
    }
    // Wait out the engine's own positions_updated burst, then let the quotes age past their one-second cache.
    await new Promise((r) => setTimeout(r, 1500));
    const feed = m.ledger.feed;
    await feed.tick(); // books the 1,000 strategies once
    await new Promise((r) => setTimeout(r, 1500));

    const received = [];
    let start = 0;
    for (const s of sockets) s.on('positions_updated', () => received.push(performance.now() - start));
    start = performance.now();
    await feed.tick();
    const deadline = Date.now() + 10_000;
    while (received.length < 1000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const delays = [...received].sort((a, b) => a - b);
    const last = delays.at(-1) ?? 0;

    const bare = [];
    let bareStart = 0;
    for (const s of sockets) s.on('test_event', () => bare.push(performance.now() - bareStart));
    bareStart = performance.now();
    for (let i = 0; i < 1000; i++)
      realtime.publish([userRoom(userIds[i % 10])], 'test_event', { message: 'x', sentAt: '' });
    const bareDeadline = Date.now() + 10_000;
    while (bare.length < 1000 && Date.now() < bareDeadline) await new Promise((r) => setTimeout(r, 20));
    bare.sort((a, b) => a - b);
    console.log(
      `positions_updated for 1,000 watched strategies on one tick: ${received.length.toLocaleString('en-US')} events ` +
        `in ${ms(last)} (${Math.round((received.length / last) * 1000).toLocaleString('en-US')} events/s), ` +
        `p99 delay ${ms(percentile(delays, 99) ?? 0)}; bare Socket.IO emit of 1,000 events: ` +
        `p99 ${ms(percentile(bare, 99) ?? 0)}, all in ${ms(bare.at(-1) ?? 0)}`,
    );
  } finally {
    for (const s of sockets) s.disconnect();
    await m.marketData.hub.stop();
    await app.close();
    await sandbox.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(parts = ['pages', 'fanout']) {
  if (parts.includes('pages')) await positionsPages();
  if (parts.includes('fanout')) await fanOut();
}

if (import.meta.url === `file://${process.argv[1]}`)
  await run(process.argv.length > 2 ? process.argv.slice(2) : undefined);
