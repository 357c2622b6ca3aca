import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { istDay } from '@app/contract';
import pino from 'pino';
import { loadEnv, type Env } from '../../config/env.js';
import { resolveMarketConfig } from '../../config/market.js';
import { openDatabase, type Database } from '../../db/client.js';
import { systemClock } from '../../platform/clock.js';
import { secretBoxFromEnv } from '../../platform/secrets.js';
import { createBrokerAccountsReader } from '../brokers/broker-accounts.service.js';
import { createBrokerRegistry } from '../brokers/broker-registry.js';
import {
  checkedDay,
  brokerTradesSource,
  runLedgerCheck,
  sandboxStateSource,
  type BrokerTradesSource,
  type CheckedDay,
} from './ledger-check.js';
import { exitCodeOf, reportText } from './ledger-check.report.js';

/**
 * `npm run ledger:check [-- --day YYYY-MM-DD]` (issue 28): the day's live fills of every broker account beside
 * the broker's trades of that day, per account, contract and component (docs/LEDGER.md, "Checking the ledger
 * against the broker"). The broker's trades come from Kite (`GET /trades`, today only) in live mode or when
 * KITE_API_ROOT names a running sandbox, else from the in-process sandbox's state file in DATA_DIR. Exit code 0:
 * all agree; 1: something differs; 2: something could not be checked. Reads only.
 */

function dayOf(arg: string | undefined): CheckedDay {
  const day = checkedDay(arg ?? istDay(Date.now()));
  if (!day) throw new Error(`Not a day: ${arg}. Use --day YYYY-MM-DD (an IST trading day; today by default).`);
  return day;
}

function databaseOf(env: Env): Database {
  const isPostgres = Boolean(env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL));
  const sqliteFile = path.join(env.DATA_DIR, 'console.db');
  // Opening a missing SQLite file would create an empty one and report a day without trades.
  if (!isPostgres && !fs.existsSync(sqliteFile)) {
    throw new Error(`No console database in ${env.DATA_DIR}: run with the console's DATA_DIR (or DATABASE_URL).`);
  }
  return openDatabase({ url: env.DATABASE_URL, sqliteFile });
}

/** A key to open the stored access tokens with (never created here: that is the console's). */
function secretsOf(env: Env) {
  if (!env.SECRET_KEY && !fs.existsSync(path.join(env.DATA_DIR, 'secret.key'))) {
    throw new Error(`No key to open the stored access tokens: set SECRET_KEY, or use the console's DATA_DIR.`);
  }
  return secretBoxFromEnv(env);
}

function sourceOf(env: Env, database: Database): BrokerTradesSource {
  if (env.MARKET_MODE === 'live' || env.KITE_API_ROOT) {
    const registry = createBrokerRegistry({
      market: resolveMarketConfig(env, null),
      logger: pino({ level: 'silent' }),
      clock: systemClock,
    });
    // Each account through its own broker's adapter (the broker registry, by the account's `brokers.kind`).
    const accounts = createBrokerAccountsReader({
      db: database.db,
      kind: database.kind,
      secrets: secretsOf(env),
      registry,
    });
    return brokerTradesSource({
      brokerOf: (id) => accounts.brokerOf(id),
      credentialsOf: (id) => accounts.credentialsOf(id),
      now: () => Date.now(),
    });
  }
  // The in-process sandbox listens on a port only the console knows; its state file is its own record.
  return sandboxStateSource(path.join(env.DATA_DIR, 'sandbox-state.json'));
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { day: { type: 'string' } } });
  const env = loadEnv();
  const day = dayOf(values.day);
  const database = databaseOf(env);
  try {
    const source = sourceOf(env, database);
    const results = await runLedgerCheck({ db: database.db, source, day });
    process.stdout.write(reportText(`Ledger check for ${day.day} (IST) against ${source.description}`, results));
    return exitCodeOf(results);
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  // An operator's words, never a stack: what stopped the check and what to do.
  console.error(`Ledger check could not run: ${(err as Error).message}`);
  process.exitCode = 2;
}
