// Shared set-up for benchmarks: fresh databases on SQLite and (when reachable) PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
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
