// Issue 34 item 6: 10,000 strategies' portfolio limits on one tick (target ≤ 50 ms). The product's own code on
// a SQLite database (and PostgreSQL when one answers) seeded with 1,000 users × 10 paper strategies, each short a
// CE and a PE of NIFTY (40 strikes in all), every user with a net delta and a net vega cap (not crossed: the
// steady state, where every user is priced and nothing is stopped):
//   - the watch's tick (risk/portfolio-watch.ts `check`, as the limits watch calls it on `positions.changed`
//     for every user whose strategies moved): the caps read, each user's net delta and vega from the ledger's
//     positions with greeks (ledger/positions.service.ts, positions-greeks.ts), compared (portfolio-limits.logic);
//   - the pre-entry check (risk/portfolio-entry-check.ts, what engine/portfolio-guard.ts asks before a candle
//     close's entries) for the same 1,000 owners;
// beside a baseline in the same run: a bare read of the same 20,000 open legs (one query, nothing priced).
// Quotes and the spot come from memory, as the console's feed cache serves them (no broker in the figures); each
// tick moves every quote by a paisa, so each option's IV and greeks are solved again, as on a real tick.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../server/dist/db/client.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';
import { seedReferenceData } from '../server/dist/db/seed.js';
import { createLedgerRepository } from '../server/dist/domains/ledger/ledger.repository.js';
import { createPositionsGreeks } from '../server/dist/domains/ledger/positions-greeks.js';
import { createPositionsService } from '../server/dist/domains/ledger/positions.service.js';
import { createLimitsRepository } from '../server/dist/domains/risk/limits.repository.js';
import { createPortfolioEntryCheck } from '../server/dist/domains/risk/portfolio-entry-check.js';
import { createPortfolioWatch } from '../server/dist/domains/risk/portfolio-watch.js';
import { ms, percentile, postgresDatabase } from './support.mjs';

const USERS = 1000;
const PER_USER = 10;
const STRIKES = 40;
const TICKS = 30;
const TARGET_MS = 50;
const SPOT = 24_500_00;
const EXPIRY = '2026-12-29';

const strikeOf = (i) => 24_000 + (i % STRIKES) * 25;
const symbolOf = (strike, type) => `NIFTY26D29${strike}${type}`;

/** Users, their paper strategies and open legs (a fill and a leg record each), written in one transaction. */
async function seed(database) {
  await migrateToLatest(database);
  const now = Date.now();
  await seedReferenceData(database.db, now, []);
  await database.db.transaction().execute(async (trx) => {
    for (let u = 0; u < USERS; u++) {
      const user = await trx
        .insertInto('users')
        .values({
          username: `bench${u}`,
          passwordHash: 'x',
          role: 'user',
          createdAt: now,
          updatedAt: now,
          maxNetDeltaHundredths: 1_000_000,
          maxNetVegaPaise: 1_000_000_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const userId = Number(user.id);
      const broker = await trx
        .insertInto('userBrokers')
        .values({ userId, brokerId: 1, brokerUsername: `B${u}`, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const mappings = await trx
        .insertInto('userStrategyMappings')
        .values(
          Array.from({ length: PER_USER }, () => ({
            userId,
            strategyId: 1,
            instrumentId: 1,
            userBrokerId: Number(broker.id),
            isActive: 1,
            isDummy: 1,
            ceCount: 1,
            peCount: 1,
            runningStatus: 1,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning('id')
        .execute();
      const fills = [];
      const legs = [];
      mappings.forEach((m, k) => {
        const mappingId = Number(m.id);
        for (const [type, strike] of [
          ['CE', strikeOf(u + k + 20)],
          ['PE', strikeOf(u + k)],
        ]) {
          const tradingSymbol = symbolOf(strike, type);
          fills.push({
            userId,
            mappingId,
            strategyId: 1,
            instrumentId: 1,
            transactionDate: now - 3_600_000,
            tradingSymbol,
            quantity: -75,
            pricePaise: 9_000,
            isDummy: 1,
            paperOrder: 1,
          });
          legs.push({
            mappingId,
            userId,
            optionType: type,
            tradingSymbol,
            exchange: 'NFO',
            strikePaise: strike * 100,
            expiry: EXPIRY,
            quantity: -75,
            entryPricePaise: 9_000,
            status: 'open',
            openedAt: now - 3_600_000,
          });
        }
      });
      await trx.insertInto('transactions').values(fills).execute();
      await trx.insertInto('strategyLegs').values(legs).execute();
    }
  });
}

/** Black-76-ish last prices in paise: enough for an IV to solve; `wiggle` moves each by a paisa or two. */
function quoteOf(symbol, wiggle) {
  const strike = Number(symbol.slice(10, -2)) * 100;
  const intrinsic = symbol.endsWith('CE') ? Math.max(0, SPOT - strike) : Math.max(0, strike - SPOT);
  return intrinsic + 150_00 - Math.abs(SPOT - strike) / 20 + wiggle;
}

async function measure(label, database) {
  const logger = pino({ level: 'silent' });
  let now = Date.now();
  let wiggle = 0;
  const clock = { now: () => now };
  const positions = createPositionsService({
    repo: createLedgerRepository(database.db),
    quotes: async (keys) => new Map(keys.map((k) => [k, Math.round(quoteOf(k.split(':')[1], wiggle))])),
    greeks: createPositionsGreeks({
      spotPaise: async () => SPOT + wiggle,
      holidays: { holidaysFrom: async () => [] },
      clock,
      logger,
    }),
    clock,
    logger,
  });
  // As app.ts wires them: the ledger's greeks for many users in one pass; funds unused (no margin cap here).
  const sources = {
    greeksOf: (ids) => positions.netGreeksByUser(ids),
    fundsOf: async () => ({ accounts: [] }),
  };
  let stopped = 0;
  const watch = createPortfolioWatch({
    repo: createLimitsRepository(database.db),
    sources,
    events: { publish: async () => {} },
    now: () => now,
    rowsToStop: async () => [],
    stopAndFlatten: async (rows) => {
      stopped += rows.length;
    },
  });
  const entryCheck = createPortfolioEntryCheck({ db: database.db, ...sources });
  const userIds = (await database.db.selectFrom('users').select('id').where('role', '=', 'user').execute()).map((u) =>
    Number(u.id),
  );

  const timed = async (fn) => {
    const times = [];
    for (let i = 0; i < TICKS + 2; i++) {
      now += 1000;
      wiggle = i % 3;
      const start = process.hrtime.bigint();
      await fn();
      if (i >= 2) times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    return { median: percentile(times, 50), p99: percentile(times, 99) };
  };
  const watchTick = await timed(() => watch.check(userIds));
  let refused = 0;
  const entry = await timed(async () => {
    refused = (await entryCheck(userIds)).size;
  });
  let legs = 0;
  const bare = await timed(async () => {
    legs = (
      await database.db
        .selectFrom('strategyLegs')
        .select(['mappingId', 'userId', 'tradingSymbol', 'quantity', 'strikePaise', 'expiry', 'optionType'])
        .where('status', '=', 'open')
        .execute()
    ).length;
  });
  const line = (what, r, target) =>
    `  ${what.padEnd(64)} median ${ms(r.median)}, p99 ${ms(r.p99)}` +
    (target ? ` (target ≤ ${target} ms: ${r.p99 <= target ? 'met' : 'MISSED'})` : '');
  console.log(`${label}: ${USERS * PER_USER} strategies of ${USERS} users, caps on every user, ${TICKS} ticks`);
  console.log(line('portfolio watch tick (every user priced and compared)', watchTick, TARGET_MS));
  console.log(line(`pre-entry check for ${USERS} owners (${refused} refused)`, entry, TARGET_MS));
  console.log(line(`baseline: bare read of the ${legs} open legs`, bare));
  if (stopped > 0) console.log(`  (${stopped} strategies stopped: the caps were meant not to be crossed)`);
}

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-portfolio-'));
  const sqlite = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  try {
    await seed(sqlite);
    await measure('SQLite', sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.argv.includes('sqlite')) return;
  const pg = await postgresDatabase();
  if (!pg) {
    console.log('PostgreSQL: not reachable, skipped');
    return;
  }
  try {
    await seed(pg.database);
    await measure('PostgreSQL', pg.database);
  } finally {
    await pg.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
