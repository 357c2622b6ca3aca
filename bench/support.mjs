// Shared set-up for benchmarks: fresh databases on SQLite and (when reachable) PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../server/dist/app.js';
import { loadEnv } from '../server/dist/config/env.js';
import { resolveMarketConfig } from '../server/dist/config/market.js';
import { createPasswordHasher } from '../server/dist/domains/auth/passwords.service.js';
import { systemClock } from '../server/dist/platform/clock.js';
import { createSecretBox } from '../server/dist/platform/secrets.js';
import { sandboxTotpCode } from '../server/dist/sandbox/sandbox-accounts.js';
import { openDatabase } from '../server/dist/db/client.js';
import { migrateToLatest } from '../server/dist/db/migrate.js';

export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A migrated SQLite file database in a temp folder. */
export async function sqliteDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const file = path.join(dir, 'bench.db');
  const database = openDatabase({ sqliteFile: file });
  await migrateToLatest(database);
  let isOpen = true;
  const close = async () => {
    if (isOpen) await database.close();
    isOpen = false;
  };
  return {
    database,
    file,
    close,
    drop: async () => {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated schema of its own on PostgreSQL, or null when none answers. */
export async function postgresDatabase() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ url: PG_URL, pgSchema: schema, pgPoolSize: 4 });
  await migrateToLatest(database);
  return {
    database,
    schema,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const ms = (n) => `${n.toFixed(2)} ms`;

/**
 * The whole console in this process on `database`, trading against `sandbox`, silent, on the real clock.
 * `quotesPerSecond`: the quote requests a second the console may send (KITE_QUOTES_PER_SECOND; Kite's 1 unless said).
 */
export function buildBenchApp(database, sandbox, { quotesPerSecond = 1 } = {}) {
  return buildApp({
    database,
    clock: systemClock,
    secrets: createSecretBox(randomBytes(32)),
    hasher: createPasswordHasher(4),
    logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
    version: 'bench',
    marketMode: 'sandbox',
    sessionTtlMs: 3_600_000,
    market: resolveMarketConfig(
      loadEnv({ MARKET_MODE: 'sandbox', KITE_QUOTES_PER_SECOND: String(quotesPerSecond) }),
      sandbox.urls,
    ),
    sandboxTotp: () => sandboxTotpCode(Date.now()),
  });
}
