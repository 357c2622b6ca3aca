import path from 'node:path';
import { loadEnv } from '../config/env.js';
import { openDatabase } from './client.js';
import { migrateToLatest } from './migrate.js';

/** `npm run db:migrate`: apply pending migrations and exit. */
const env = loadEnv();
const database = openDatabase({
  url: env.DATABASE_URL,
  sqliteFile: path.join(env.DATA_DIR, 'console.db'),
  pgConnectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
  pgStatementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
});
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await database.close();
}
