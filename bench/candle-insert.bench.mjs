// Historical candle storage: our idempotent upsert (candles.repository.ts) against a plain bulk
// insert of the same rows straight through the driver, on SQLite and PostgreSQL, in the same run.
import Database from 'better-sqlite3';
import pg from 'pg';
import { createCandlesRepository } from '../server/dist/domains/market-data/candles.repository.js';
import { PG_URL, postgresDatabase, sqliteDatabase } from './support.mjs';

const ROWS = 50_000;
const key = { source: 'kite', instrumentToken: '256265', interval: '1m' };

function rows(offset) {
  const out = [];
  for (let i = 0; i < ROWS; i++) {
    const p = 24000 + ((i * 7) % 500) / 4;
    out.push({
      ts: 1_700_000_000_000 + (offset + i) * 60_000,
      open: String(p),
      high: String(p + 5),
      low: String(p - 5),
      close: String(p + 1),
      volume: String(i),
    });
  }
  return out;
}

async function timed(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function sqlite() {
  const ours = await sqliteDatabase();
  const repo = createCandlesRepository(ours.database);
  await repo.upsert(key, rows(-ROWS)); // warm-up
  const ours0 = rows(0); // built before the clock, as the baseline's are
  const oursSeconds = await timed(() => repo.upsert(key, ours0));

  const base = await sqliteDatabase();
  // The baseline: better-sqlite3's prepared statement in one transaction, the fastest plain path.
  await base.close();
  const raw = new Database(base.file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const stmt = raw.prepare(
    'insert into candles (source, instrument_token, interval, ts, open, high, low, close, volume) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertAll = raw.transaction((list) => {
    for (const r of list)
      stmt.run(key.source, key.instrumentToken, key.interval, r.ts, r.open, r.high, r.low, r.close, r.volume);
  });
  insertAll(rows(-ROWS));
  const list = rows(0);
  const baseSeconds = await timed(() => insertAll(list));
  raw.close();
  await ours.drop();
  await base.drop();
  return { oursSeconds, baseSeconds };
}

async function postgres() {
  const ours = await postgresDatabase();
  if (!ours) return null;
  const repo = createCandlesRepository(ours.database);
  await repo.upsert(key, rows(-ROWS));
  const ours0 = rows(0); // built before the clock, as the baseline's are
  const oursSeconds = await timed(() => repo.upsert(key, ours0));
  await ours.drop();

  const base = await postgresDatabase();
  // The baseline: node-postgres with multi-row INSERTs of 1000 rows in one transaction.
  const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${base.schema}` });
  await client.connect();
  const insertAll = async (list) => {
    await client.query('begin');
    for (let i = 0; i < list.length; i += 1000) {
      const chunk = list.slice(i, i + 1000);
      const values = [];
      const params = [];
      chunk.forEach((r, j) => {
        values.push(
          `($${j * 9 + 1},$${j * 9 + 2},$${j * 9 + 3},$${j * 9 + 4},$${j * 9 + 5},$${j * 9 + 6},$${j * 9 + 7},$${j * 9 + 8},$${j * 9 + 9})`,
        );
        params.push(key.source, key.instrumentToken, key.interval, r.ts, r.open, r.high, r.low, r.close, r.volume);
      });
      await client.query(
        `insert into candles (source, instrument_token, interval, ts, open, high, low, close, volume) values ${values.join(',')}`,
        params,
      );
    }
    await client.query('commit');
  };
  await insertAll(rows(-ROWS));
  const list = rows(0);
  const baseSeconds = await timed(() => insertAll(list));
  await client.end();
  await base.drop();
  return { oursSeconds, baseSeconds };
}

function report(name, r) {
  if (!r) return console.log(`${name.padEnd(10)} skipped (no database)`);
  const ours = ROWS / r.oursSeconds;
  const base = ROWS / r.baseSeconds;
  const ratio = ours / base;
  console.log(
    `${name.padEnd(10)} upsert ${Math.round(ours).toLocaleString('en-US')} rows/s, plain driver insert ${Math.round(base).toLocaleString('en-US')} rows/s, ` +
      `ratio ${ratio.toFixed(2)} (target ≥ 0.8: ${ratio >= 0.8 ? 'meets' : 'MISSES'})`,
  );
}

export async function run() {
  report('SQLite', await sqlite());
  report('PostgreSQL', await postgres());
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
