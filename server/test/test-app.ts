import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp, type AppModules } from '../src/app.js';
import { createEngineRepository } from '../src/domains/engine/engine.repository.js';
import { createTransactionsRepository } from '../src/domains/transactions/transactions.repository.js';
import type { DomainEventBus } from '../src/platform/domain-events.js';
import type { RealtimeHub } from '../src/platform/realtime.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedStartupData } from '../src/reference-seed.js';
import { createPasswordHasher } from '../src/domains/auth/passwords.service.js';
import { manualClock } from '../src/platform/clock.js';
import { createSecretBox, type SecretBox } from '../src/platform/secrets.js';
import { resolveMarketConfig } from '../src/config/market.js';
import { loadEnv } from '../src/config/env.js';
import { sandboxTotpCode } from '../src/sandbox/sandbox-accounts.js';
import { createSandboxExchange, type SandboxExchange } from '../src/sandbox/sandbox-exchange.js';
import { SANDBOX_INSTRUMENT } from '../src/db/seed.js';

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

/**
 * The services tests drive directly, by their old short names, plus repositories only tests read
 * (built here: the product wires no test-only members). Workers are not started: tests call ticks.
 */
function testServices(m: AppModules, database: Database, realtime: RealtimeHub) {
  return {
    auth: m.auth.auth,
    users: m.users.users,
    instruments: m.instruments.instruments,
    brokers: m.brokers.brokers,
    kiteTokens: m.brokers.tokens,
    mappings: m.strategies.mappings,
    rdxConfigs: m.rdx.rdxConfigs,
    transactions: m.transactions.transactions,
    liveConfigs: m.marketData.liveConfigs,
    liveSync: m.marketData.liveSync,
    candles: m.marketData.candles,
    hub: m.marketData.hub,
    /** The leader's market-data worker (flush candles, resume a halted stream, follow live sync): one tick. */
    marketDataTick: async (at: number) => {
      for (const w of m.marketData.workers) await w.tick?.(at);
    },
    historical: m.marketData.historical,
    optionChains: m.marketData.optionChains,
    optionHistory: m.optionHistory.history,
    /** The leader's option-history worker (record while live sync runs, the ATM sweep): one tick. */
    optionHistoryTick: (at: number) => m.optionHistory.worker.tick(at),
    /** The backtest worker: takes up queued runs and resolves when every run it took has ended. */
    backtestsSettled: () => m.backtest.runner.settled(),
    scheduler: m.scheduling.scheduler,
    engine: m.engine.engine,
    positions: m.ledger.positions,
    positionsFeed: m.ledger.feed,
    /** The leader's reconciliation worker: one round over every live account holding legs. */
    reconcileTick: (at: number) => m.ledger.reconciliation.tick(at),
    alerts: m.alerts.alerts,
    /** The leader's alerts worker: token checks and due deliveries, one tick. */
    alertsTick: (at: number) => m.alerts.delivery.tick(at),
    limits: m.risk.limits,
    /** The Multi-leg stops watch: resolves once every stop it saw on a price update has been acted on. */
    legStopsSettled: () => m.legs.stops.settled(),
    signals: m.signals.signals,
    realtime,
    transactionsRepo: createTransactionsRepository(database.db),
    engineRepo: createEngineRepository(database),
  };
}
export type Services = ReturnType<typeof testServices>;

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  /** The sandbox exchange this app's market data and broker calls go to. */
  sandbox: SandboxExchange;
  /** The app's domain event bus (to hear what an open screen would be told). */
  events: DomainEventBus;
  /** inject() with an optional bearer token. */
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /** What a second console of the same cluster shares with this one (`buildTestApp({ beside })`). */
  cluster: { secrets: SecretBox; twinDatabase(): Promise<Database> };
}

/** The whole HTTP app on a fresh, migrated, seeded database with a hand-moved clock. */
/**
 * `selfLogin: false` is a console that cannot log in to Kite by itself (no TOTP at hand, as in live mode):
 * market data waits for an admin to generate the token.
 */
export async function buildTestApp(
  options: {
    start?: number;
    selfLogin?: boolean;
    telegramApiRoot?: string;
    webhookAllowPrivate?: boolean;
    paperSliceSize?: number;
    /** The sandbox refuses order calls from an IP its user has not registered (SANDBOX_ENFORCE_IP=1). */
    enforceIp?: boolean;
    /** The cash each sandbox Kite account opens with (default: the sandbox's, one crore). */
    sandboxFundsPaise?: number;
    /**
     * A second console of `beside`'s cluster: its database (its own connections on PostgreSQL), clock, sandbox and
     * secret key, each console with its own engine, locks' sessions and watches. Closing it leaves those to the first.
     */
    beside?: TestApp;
  } = {},
): Promise<TestApp> {
  const first = options.beside;
  const fresh = first ? null : await openTestDatabase();
  const database = first ? await first.cluster.twinDatabase() : fresh!;
  const clock = first ? first.clock : manualClock(options.start ?? TEST_START);
  if (fresh) {
    await migrateToLatest(fresh);
    await seedStartupData(fresh.db, clock.now(), [SANDBOX_INSTRUMENT]);
  }
  const secrets = first ? first.cluster.secrets : createSecretBox(randomBytes(32));
  const sandbox = first
    ? first.sandbox
    : await createSandboxExchange({
        seed: 'test-seed',
        clock,
        tickIntervalMs: 20,
        heartbeatMs: 200,
        ...(options.enforceIp ? { enforceIp: true } : {}),
        ...(options.sandboxFundsPaise === undefined ? {} : { fundsPaise: options.sandboxFundsPaise }),
      });
  // The in-process sandbox takes 10 quote requests a second (DEFAULT_RATE_LIMITS), so the console is paced to
  // it; the governor bench paces at Kite's 1 against a sandbox at Kite's real limits.
  const market = resolveMarketConfig(loadEnv({ MARKET_MODE: 'sandbox', KITE_QUOTES_PER_SECOND: '10' }), sandbox.urls);
  const { app, modules, realtime, events } = await buildApp({
    database,
    clock,
    secrets,
    hasher: createPasswordHasher(4),
    version: 'test',
    marketMode: 'sandbox',
    sessionTtlMs: 24 * 3600 * 1000,
    market,
    ...(options.selfLogin === false ? {} : { sandboxTotp: () => sandboxTotpCode(clock.now()) }),
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    reconnectBaseDelayMs: 20,
    ...(options.telegramApiRoot ? { telegramApiRoot: options.telegramApiRoot } : {}),
    // The tests' receivers listen on loopback; alerts-webhook-destinations.int.test.ts turns this off.
    webhookAllowPrivate: options.webhookAllowPrivate ?? true,
    ...(options.paperSliceSize ? { paperSliceSize: options.paperSliceSize } : {}),
  });
  const services = testServices(modules, database, realtime);
  await app.ready();
  return {
    app,
    services,
    database,
    clock,
    sandbox,
    events,
    request: ({ token, headers, ...opts }) =>
      app.inject({ ...opts, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await services.hub.stop();
      await app.close();
      if (fresh) {
        await sandbox.close();
        await fresh.drop();
      } else {
        await database.close();
      }
    },
    cluster: { secrets, twinDatabase: () => (first ? first.cluster.twinDatabase() : twinOf(database)) },
  };
}

/**
 * Another handle on a test database, for a second console: on PostgreSQL connections of its own on the same schema
 * (its locks are other sessions' to the first's); the one in-memory SQLite handle otherwise, left open on close.
 */
async function twinOf(database: Database): Promise<Database> {
  if (dialect === 'sqlite') return { ...database, close: async () => {} };
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(database.db);
  return openDatabase({ url: process.env.TEST_DATABASE_URL ?? '', pgSchema: rows[0]!.s, pgPoolSize: 4 });
}

/**
 * A PostgreSQL database of its own next to TEST_DATABASE_URL's, for tests whose real server processes use
 * the default schema (kill-and-restart, several consoles). `drop` removes it, sessions and all.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
