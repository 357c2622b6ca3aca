// The kill switch (issue 13): 1,000 running paper strategies holding 2,000 legs, flat after one press,
// beside the candle close that entered them in the same run. Target: under 5 s.
import { SANDBOX_INSTRUMENT } from '../server/dist/db/seed.js';
import { manyMappings, setUp } from './engine.bench.mjs';
import { ms, sqliteDatabase } from './support.mjs';

const COUNT = 1_000;
const TARGET_MS = 5_000;

export async function run() {
  const env = await setUp(await sqliteDatabase());
  try {
    const s = env.services;
    const db = env.store.database.db;
    await manyMappings(env, COUNT, '1m', 'kill');
    const enterStart = performance.now();
    await s.engine.evaluate(SANDBOX_INSTRUMENT.instrumentToken, '1m', 1_000_000, Date.now());
    const enterMs = performance.now() - enterStart;
    const open = async () =>
      Number(
        (
          await db
            .selectFrom('strategyLegs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'open')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const held = await open();

    const admin = await s.users.create({ username: 'bench_admin', password: 'bench-password', role: 'admin' });
    const start = performance.now();
    const reply = await s.risk.setKillSwitch({ userId: admin.id, role: 'admin' }, true);
    const elapsed = performance.now() - start;
    const left = await open();
    console.log(
      `Kill switch on ${COUNT.toLocaleString('en')} paper strategies (${held.toLocaleString('en')} open legs, SQLite): ` +
        `${reply.stopped_strategies} stopped, ${left} legs left, ${ms(elapsed)} ` +
        `(target < ${TARGET_MS} ms: ${elapsed < TARGET_MS && left === 0 ? 'meets' : 'MISSES'})`,
    );
    console.log(`  beside the candle close that entered them: ${ms(enterMs)}`);
  } finally {
    await env.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
