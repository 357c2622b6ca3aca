import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type Services } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedReferenceData } from '../src/db/seed.js';
import { createPasswordHasher } from '../src/domains/auth/passwords.js';
import { manualClock } from '../src/platform/clock.js';
import { createSecretBox } from '../src/platform/secrets.js';

export const TEST_START = Date.UTC(2026, 10, 23, 5, 0, 0); // Monday 10:30 IST

/** Which database this integration run uses: SQLite always, PostgreSQL in the -pg project. */
export const dialect = process.env.TEST_DB_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh database: in-memory SQLite, or an empty schema of its own on PostgreSQL. */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const database = openDatabase({ sqliteFile: ':memory:' });
    return { ...database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ url, pgSchema: schema, pgPoolSize: 4 });
  return {
    ...database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  /** inject() with an optional bearer token. */
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The whole HTTP app on a fresh, migrated, seeded database with a hand-moved clock. */
export async function buildTestApp(): Promise<TestApp> {
  const database = await openTestDatabase();
  await migrateToLatest(database);
  const clock = manualClock(TEST_START);
  await seedReferenceData(database.db, clock.now());
  const { app, services } = await buildApp({
    database,
    clock,
    secrets: createSecretBox(randomBytes(32)),
    hasher: createPasswordHasher(4),
    version: 'test',
    marketMode: 'sandbox',
    sessionTtlMs: 24 * 3600 * 1000,
  });
  await app.ready();
  return {
    app,
    services,
    database,
    clock,
    request: ({ token, headers, ...opts }) =>
      app.inject({ ...opts, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
