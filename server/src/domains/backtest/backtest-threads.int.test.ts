import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { callConsole, ChildServer, freePort, signInAt } from '../../../test/child-server.js';
import { dialect } from '../../../test/test-app.js';

/*
 * Issue 30, item 7: the real console (server/dist/main.js) runs backtests on worker threads, one per core by
 * default (here BACKTEST_WORKERS=2): a sweep's runs are taken from the database's queue by the threads and
 * finish, their progress reaching the API. SQLite file only (the threads open the console's own file); the
 * PostgreSQL run repeats nothing new.
 */

const ADMIN = { username: 'admin', password: 'threads-test-password' };
const MINUTE = 60_000;
let dir = '';
let server: ChildServer;

beforeAll(async () => {
  if (dialect !== 'sqlite') return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdx-threads-'));
  server = new ChildServer(await freePort(), {
    DATA_DIR: dir,
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: '0',
    BACKTEST_WORKERS: '2',
  });
  await server.start();
});
afterAll(async () => {
  if (dialect !== 'sqlite') return;
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** NIFTY's minutes of one NSE day in the console's own database file, as its history fetch would keep them. */
async function storeNiftyDay(day: string) {
  const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  const open = Date.parse(`${day}T09:15:00+05:30`);
  const rows = Array.from({ length: 375 }, (_, m) => {
    const price = (24_000 + m * 2).toFixed(2);
    return {
      source: 'kite' as const,
      instrumentToken: '256265',
      interval: '1m' as const,
      ts: open + m * MINUTE,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: '0',
    };
  });
  for (let i = 0; i < rows.length; i += 200) {
    await database.db
      .insertInto('candles')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  await database.close();
}

describe.runIf(dialect === 'sqlite')('backtests on worker threads of the real console', () => {
  it('takes a sweep’s runs from the queue on its threads and finishes every one', async () => {
    await storeNiftyDay('2026-11-25');
    const token = await signInAt(server, ADMIN.username, ADMIN.password);
    const base = {
      strategy_id: 1,
      instrument_id: 1,
      config: { rdx_lot_count: 1 },
      from: '2026-11-25',
      to: '2026-11-25',
      interval: '5m',
      price_source: 'model',
      fill_model: 'next_open',
    };
    const created = await callConsole<{ id: number; backtest_ids: number[] }>(
      server,
      token,
      'POST',
      '/backtests/sweeps',
      { base, grid: { offset_value: [0, 50, 100, 150] } },
    );
    expect(created.status, created.error).toBe(202);
    type Run = { id: number; status: string; summary: { trades: number } | null };
    let runs: Run[] = [];
    // The threads beat twice a second; a run of one day takes well under one.
    for (let look = 0; look < 600; look++) {
      runs = (await callConsole<{ runs: Run[] }>(server, token, 'GET', `/backtests/sweeps/${created.data.id}`)).data
        .runs;
      if (runs.every((r) => r.status === 'done' || r.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(runs.every((r) => (r.summary?.trades ?? 0) >= 2)).toBe(true);
    // Taken by this console's threads (named `<instance>#<n>`).
    const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
    const claimed = await database.db.selectFrom('backtests').select('claimedBy').execute();
    await database.close();
    expect(claimed.every((r) => /#[12]$/.test(r.claimedBy ?? ''))).toBe(true);
    // A stop ends the threads with the console, cleanly.
    expect(await server.stop()).toBe(0);
  });
});
