// The order governor (issue 31 item 4): 10,000 live strategies on the sandbox with Kite's real rate limits
// (10 orders a second and 200 a minute per account), entered on one candle close and realigned on the next.
// Targets: no order refused for the rate, and each account's exits wait for their turn at most 1 s at the 99th
// percentile. Beside them, in the same run: how long each close took, and how long the entries waited.
import { SANDBOX_INSTRUMENT, seedReferenceData } from '../server/dist/db/seed.js';
import { sandboxPersonalApp } from '../server/dist/sandbox/sandbox-accounts.js';
import { startSandboxProcess } from './sandbox-process.mjs';
import { buildBenchApp, ms, percentile, sqliteDatabase } from './support.mjs';

const STRATEGIES = Number(process.env.GOVERNOR_STRATEGIES ?? 10_000);
/** Ten strategies per account: a busy trader's day, and more orders in a close than Kite takes in a second. */
const ACCOUNTS = Number(process.env.GOVERNOR_ACCOUNTS ?? 1_000);
const EXIT_P99_TARGET_MS = 1_000;
/**
 * Strategies are spread over this many distances from the ATM (a strike step each): the sandbox's books refill
 * each second as an exchange's do, and ten thousand market orders on one strike would wait for liquidity, not
 * for the governor.
 */
const OFFSETS = 10;
const STRIKE_STEP_PAISE = 5_000; // the SANDBOX root's (sandbox-market.ts)

async function setUp() {
  const store = await sqliteDatabase();
  await seedReferenceData(store.database.db, Date.now(), [SANDBOX_INSTRUMENT]);
  // In a process of its own, as Kite is on its own machines: the console's load must not slow its answers.
  const sandbox = await startSandboxProcess('governor');
  const { app, modules } = await buildBenchApp(store.database, sandbox);
  const instrument = (await modules.instruments.instruments.list()).find(
    (i) => i.instrument_token === SANDBOX_INSTRUMENT.instrumentToken,
  );
  return {
    store,
    sandbox,
    modules,
    instrument,
    close: async () => {
      await modules.marketData.hub.stop();
      await app.close();
      await sandbox.close();
      await store.drop();
    },
  };
}

/** Kite-style ids GV0000, GV0001, …: each its own personal app, as every trader under the 2026 rules has. */
const kiteIdOf = (n) => `G${String.fromCharCode(65 + Math.floor(n / 10_000))}${String(n % 10_000).padStart(4, '0')}`;

/**
 * `accounts` traders (numbered from `from`), each with a live broker account on its own app and token; `count`
 * live RDX strategies among them on `interval`.
 */
async function liveStrategies(env, { count, accounts: accountCount, interval, from = 0 }) {
  const { store, sandbox, modules, instrument } = env;
  const db = store.database.db;
  const now = Date.now();
  const users = Array.from({ length: accountCount }, (_, u) => ({
    username: `trader${from + u}`,
    passwordHash: 'x',
    role: 'user',
    createdAt: now,
    updatedAt: now,
  }));
  const userIds = [];
  for (let i = 0; i < users.length; i += 500) {
    userIds.push(
      ...(
        await db
          .insertInto('users')
          .values(users.slice(i, i + 500))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  }
  const accounts = [];
  for (const [n, userId] of userIds.entries()) {
    const kiteId = kiteIdOf(from + n);
    const app = sandboxPersonalApp(kiteId);
    const account = await modules.brokers.brokers.create(
      { userId, role: 'user' },
      {
        broker_id: 1,
        broker_username: kiteId,
        api_key: app.apiKey,
        api_secret: app.apiSecret,
        broker_token: await sandbox.control.issueKiteAccessToken(kiteId, 'own'),
      },
    );
    accounts.push({ id: account.id, userId });
  }
  const mappings = Array.from({ length: count }, (_, i) => {
    const a = accounts[i % accounts.length];
    return {
      userId: a.userId,
      strategyId: 1,
      instrumentId: instrument.id,
      userBrokerId: a.id,
      isActive: 1,
      isDummy: 0,
      ceCount: 1,
      peCount: 1,
      startTime: null,
      endTime: null,
      runningStatus: 1,
      interval,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < mappings.length; i += 500) {
    const ids = (
      await db
        .insertInto('userStrategyMappings')
        .values(mappings.slice(i, i + 500))
        .returning('id')
        .execute()
    ).map((r) => r.id);
    await db
      .insertInto('rdxConfigs')
      .values(
        ids.map((mappingId, k) => ({
          mappingId,
          rdxLotCount: 1,
          atmValuePaise: 0,
          offsetValuePaise: STRIKE_STEP_PAISE * ((i + k) % OFFSETS),
          atmLastUpdated: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/** One candle close at `pricePaise`, with every order's turn at the governor heard. */
async function close(env, pricePaise, interval = '1m') {
  const turns = [];
  const stop = env.modules.engine.watchOrderTurns((turn) => turns.push(turn));
  const start = performance.now();
  try {
    const traded = await env.modules.engine.engine.evaluate(
      SANDBOX_INSTRUMENT.instrumentToken,
      interval,
      pricePaise,
      Date.now(),
    );
    return { traded, elapsed: performance.now() - start, turns };
  } finally {
    stop();
  }
}

/** The 99th percentile of each account's waits of one kind, worst account first; and every wait's. */
function waits(turns, priority) {
  const byAccount = new Map();
  for (const t of turns.filter((x) => x.priority === priority)) {
    byAccount.set(t.account, [...(byAccount.get(t.account) ?? []), t.waitedMs]);
  }
  const perAccount = [...byAccount.values()]
    .map((w) =>
      percentile(
        w.sort((a, b) => a - b),
        99,
      ),
    )
    .sort((a, b) => b - a);
  const all = turns
    .filter((x) => x.priority === priority)
    .map((t) => t.waitedMs)
    .sort((a, b) => a - b);
  return { count: all.length, worstAccountP99: perAccount[0] ?? 0, p99: all.length ? percentile(all, 99) : 0 };
}

/** The measured strategies' rows of `table` (the 1-minute ones; the warm-up trades every 15). */
const measured = (db, table) =>
  db
    .selectFrom(table)
    .innerJoin('userStrategyMappings as m', 'm.id', `${table}.mappingId`)
    .where('m.interval', '=', '1m');

async function ordersOf(db) {
  const rows = await measured(db, 'brokerOrders')
    .select(['brokerOrders.status as status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('brokerOrders.status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function run() {
  const env = await setUp();
  try {
    // A running console first: its market-data session and today's option chain, as after any earlier close.
    await liveStrategies(env, { count: 1, accounts: 1, interval: '15m', from: ACCOUNTS });
    await close(env, 1_000_000, '15m');
    await liveStrategies(env, { count: STRATEGIES, accounts: ACCOUNTS, interval: '1m' });
    const db = env.store.database.db;
    const label = `${STRATEGIES.toLocaleString('en')} live strategies on ${ACCOUNTS.toLocaleString('en')} accounts`;
    const entry = await close(env, 1_000_000);
    const afterEntry = await ordersOf(db);
    // The index moves past every strategy's offset: each buys its legs back and sells new ones.
    const realign = await close(env, 1_000_000 + (OFFSETS + 1) * STRIKE_STEP_PAISE);
    const afterRealign = await ordersOf(db);
    const refused = await env.sandbox.control.rateRefusals();
    const openLegs = Number(
      (
        await measured(db, 'strategyLegs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('strategyLegs.status', '=', 'open')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const failures = await measured(db, 'brokerOrders')
      .select(['brokerOrders.error as error', (eb) => eb.fn.countAll().as('n')])
      .where('brokerOrders.status', '=', 'failed')
      .groupBy('brokerOrders.error')
      .orderBy('n', 'desc')
      .limit(5)
      .execute();
    const exits = waits(realign.turns, 'close');
    const entries = waits([...entry.turns, ...realign.turns], 'open');
    const refusedOrders = refused.kiteOrders ?? 0;
    console.log(
      `Order governor, ${label} (SQLite, sandbox at Kite's real limits: 10 orders/s and 200/min per account):`,
    );
    console.log(
      `  entry close: ${entry.traded.toLocaleString('en')} traded in ${ms(entry.elapsed)}; ` +
        `realign close: ${realign.traded.toLocaleString('en')} traded in ${ms(realign.elapsed)}`,
    );
    console.log(
      `  orders: ${JSON.stringify(afterRealign)} (after the entry: ${JSON.stringify(afterEntry)}); open legs ${openLegs}`,
    );
    for (const f of failures) console.log(`  failed: ${f.n} × ${f.error}`);
    console.log(
      `  refused for the rate by the sandbox: ${refusedOrders} order requests ` +
        `(reads: ${JSON.stringify({ ...refused, kiteOrders: undefined })}) (target 0: ${refusedOrders === 0 ? 'meets' : 'MISSES'})`,
    );
    console.log(
      `  exits' wait for their turn (${exits.count.toLocaleString('en')}): p99 ${ms(exits.p99)}, ` +
        `worst account's p99 ${ms(exits.worstAccountP99)} ` +
        `(target ≤ ${EXIT_P99_TARGET_MS} ms per account: ${exits.worstAccountP99 <= EXIT_P99_TARGET_MS ? 'meets' : 'MISSES'})`,
    );
    console.log(
      `  beside them, entries' wait (${entries.count.toLocaleString('en')}): p99 ${ms(entries.p99)}, ` +
        `worst account's p99 ${ms(entries.worstAccountP99)}`,
    );
  } finally {
    await env.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
