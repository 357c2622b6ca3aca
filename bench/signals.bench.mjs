// Issue 34 item 5: signals in, through the real route POST /api/signals/{signal_token} of a real console process
// (server/dist/main.js, SQLite, its in-process sandbox market; paper strategies, so no broker is in the figures):
// (1) webhook → order sent: an `enter` signal (with the secret and its own idempotency key) to each of 200
//     stopped paper strategies on the 24x7 SANDBOX index; the time from sending the request to its answer, which
//     comes after the strategy started and its paper orders filled and were recorded (checked after: every one
//     holds its fills). Target p99 ≤ 200 ms. Baseline in the same run: an authenticated GET of the user's broker
//     accounts, one at a time, as many.
// (2) 1,000 duplicated signals: the same `enter` with one idempotency key, all 1,000 sent at once to a stopped
//     strategy; exactly one may act: its fills must equal one entry's (the CE and PE it sells), one answer not a
//     repeat. Target: 0 duplicate orders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/dist/db/client.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';
import { SANDBOX_INSTRUMENT, seedReferenceData } from '../server/dist/db/seed.js';
import { createSandboxExchange } from '../server/dist/sandbox/sandbox-exchange.js';
import { signIn, startConsole } from './console-process.mjs';
import { buildBenchApp, ms, percentile } from './support.mjs';

const PASSWORD = 'bench-password';
const STRATEGIES = 200;
const WARM_UP = 5;
const DUPLICATES = 1000;
const TARGET_MS = 200;

/** The signaller and STRATEGIES + WARM_UP + 1 stopped paper strategies on SANDBOX, made through the services. */
async function seed(dir) {
  const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  await migrateToLatest(database);
  await seedReferenceData(database.db, Date.now(), [SANDBOX_INSTRUMENT]);
  const sandbox = await createSandboxExchange({ seed: 'bench' });
  const { app, modules: m } = await buildBenchApp(database, sandbox);
  try {
    const instrument = (await m.instruments.instruments.list()).find(
      (i) => i.instrument_token === SANDBOX_INSTRUMENT.instrumentToken,
    );
    const user = await m.users.users.create({ username: 'signaller', password: PASSWORD, role: 'user' });
    const actor = { userId: user.id, role: 'user' };
    const ids = [];
    for (let i = 0; i < STRATEGIES + WARM_UP + 1; i++) {
      // An account each: one strategy per strategy, index and account.
      const broker = await m.brokers.brokers.create(actor, {
        broker_id: 1,
        broker_username: `SG${1000 + i}`,
        broker_token: null,
      });
      const mapping = await m.strategies.mappings.create(actor, {
        strategy_id: 1,
        instrument_id: instrument.id,
        user_broker_id: broker.id,
        is_active: 1,
        is_dummy: 1,
        ce_count: 1,
        pe_count: 1,
        start_time: null,
        end_time: null,
      });
      await m.rdx.rdxConfigs.create(actor, mapping.id, {
        rdx_lot_count: 1,
        atm_value: 0,
        offset_value: 0,
        interval: '15m',
      });
      ids.push(mapping.id);
    }
    return ids;
  } finally {
    await m.marketData.hub.stop();
    await app.close();
    await sandbox.close();
    await database.close();
  }
}

const fillsOf = (db, mappingId) =>
  db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mappingId', '=', mappingId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-signals-'));
  const ids = await seed(dir);
  // Quotes paced to the in-process sandbox's own limit (10 a second, as the integration and browser tests do):
  // at Kite's default of 1 a second (config/env.ts) each entry waits ~2 s on the broker's quote rate alone,
  // which the target excludes as the broker's.
  const server = await startConsole({
    DATA_DIR: dir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SECRET_KEY: 'bench-secret',
    KITE_QUOTES_PER_SECOND: process.env.KITE_QUOTES_PER_SECOND ?? '10',
  });
  const reader = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  try {
    const auth = await signIn(server.url, 'signaller', PASSWORD);
    const api = (route) => `${server.url}/api${route}`;
    const credentialsOf = async (id) => {
      const res = await fetch(api(`/strategies/user-mappings/${id}/signal-secret`), { method: 'POST', headers: auth });
      if (!res.ok) throw new Error(`bench: no signal secret for strategy ${id} (${res.status})`);
      return (await res.json()).data;
    };
    const send = (creds, key) =>
      fetch(api(`/signals/${creds.signal_token}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'enter', secret: creds.secret, idempotency_key: key }),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));

    // (1) one enter per strategy, one at a time.
    const creds = [];
    for (const id of ids) creds.push(await credentialsOf(id));
    const times = [];
    const outcomes = new Map();
    for (let i = 0; i < STRATEGIES + WARM_UP; i++) {
      const start = performance.now();
      const reply = await send(creds[i], `bench-enter-${i}`);
      const elapsed = performance.now() - start;
      if (i >= WARM_UP) times.push(elapsed);
      const outcome = reply.status === 200 ? reply.body.data.outcome : `HTTP ${reply.status}: ${reply.body.error}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    const measured = ids.slice(WARM_UP, WARM_UP + STRATEGIES);
    const filled = (await Promise.all(measured.map((id) => fillsOf(reader.db, id)))).filter((n) => n > 0).length;
    const oneEntryFills = await fillsOf(reader.db, measured[0]);
    const bare = [];
    for (let i = 0; i < STRATEGIES; i++) {
      const start = performance.now();
      const res = await fetch(api('/brokers/user-brokers'), { headers: auth });
      await res.arrayBuffer();
      bare.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    console.log(`Signals through a console process (SQLite, paper, SANDBOX index):`);
    console.log(
      `  webhook → paper orders filled and recorded (${STRATEGIES} enters): median ${ms(percentile(times, 50))}, ` +
        `p99 ${ms(p99)} (target p99 ≤ ${TARGET_MS} ms: ${p99 <= TARGET_MS && filled === STRATEGIES ? 'met' : 'MISSED'})`,
    );
    console.log(
      `    ${filled} of ${STRATEGIES} strategies hold their fills; outcomes: ${JSON.stringify([...outcomes])}`,
    );
    console.log(
      `  baseline, GET /brokers/user-brokers signed in: median ${ms(percentile(bare, 50))}, p99 ${ms(percentile(bare, 99))}`,
    );

    // (2) 1,000 duplicates of one signal, all at once.
    const target = ids[ids.length - 1];
    const dupCreds = creds[creds.length - 1];
    const start = performance.now();
    const replies = await Promise.all(Array.from({ length: DUPLICATES }, () => send(dupCreds, 'bench-duplicate')));
    const elapsed = performance.now() - start;
    const statuses = new Map();
    for (const r of replies) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const acted = replies.filter((r) => r.status === 200 && r.body.data.is_repeat === false).length;
    const fills = await fillsOf(reader.db, target);
    const duplicates = Math.max(0, fills - oneEntryFills);
    console.log(
      `  ${DUPLICATES} duplicated signals at once (one key): ${acted} acted, ${fills} fills written ` +
        `(one entry writes ${oneEntryFills}): ${duplicates} duplicate orders ` +
        `(target 0: ${duplicates === 0 && acted === 1 && fills === oneEntryFills ? 'met' : 'MISSED'}); ` +
        `answers ${JSON.stringify([...statuses])} in ${ms(elapsed)}`,
    );
  } finally {
    await reader.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
