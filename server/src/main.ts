import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { resolveMarketConfig } from './config/market.js';
import { parseTrustProxy } from './config/trust-proxy.js';
import { openDatabase } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import { takeStartupTurn } from './db/startup-lock.js';
import { SANDBOX_INSTRUMENT } from './db/seed.js';
import { createPasswordHasher } from './domains/auth/passwords.service.js';
import { steppableClock, systemClock } from './platform/clock.js';
import { secureDataDir } from './platform/data-dir.js';
import { createWorkerRunner } from './platform/lifecycle.js';
import { createLogDestination } from './platform/log-destination.js';
import { createLogger } from './platform/logger.js';
import { secretBoxFromEnv } from './platform/secrets.js';
import { readVersion, REPO_ROOT } from './platform/version.js';
import { sandboxTotpCode } from './sandbox/sandbox-accounts.js';
import { createSandboxExchange } from './sandbox/sandbox-exchange.js';
import { seedDemo } from './demo-seed.js';
import { seedStartupData } from './reference-seed.js';
import { buildHealthOnlyApp } from './platform/health-only.js';
import { createPostgresLeadership, createSoleLeadership } from './platform/leadership.js';

/** Boot order: env → database (migrate, seed) → sandbox → HTTP and realtime → workers. Shutdown runs it backwards. */
async function main() {
  const env = loadEnv();
  // stdout, written so that a reader gone away (`npm start | tee` stopped together) never holds a stop.
  const stdout = createLogDestination(1);
  const logger = createLogger(env.LOG_LEVEL, stdout);
  // TEST_CLOCK=on (sandbox only, env.ts): the sandbox and everything here share one clock a test can move on.
  const testClock = env.TEST_CLOCK === 'on' ? steppableClock() : null;
  const clock = testClock ?? systemClock;
  const isSandbox = env.MARKET_MODE === 'sandbox';

  // A DATA_DIR an earlier version left readable by others is made private before anything is opened in it.
  secureDataDir(env.DATA_DIR);
  const database = openDatabase({
    url: env.DATABASE_URL,
    sqliteFile: path.join(env.DATA_DIR, 'console.db'),
    pgConnectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
    pgStatementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
    logger,
  });
  // First steps one console at a time (startup-lock.ts); the turn ends once the first admin exists.
  const endTurn = await takeStartupTurn(env.DATABASE_URL);
  const applied = await migrateToLatest(database, logger);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  await seedStartupData(database.db, clock.now(), isSandbox ? [SANDBOX_INSTRUMENT] : []);

  // Sandbox mode: the exchange ships with us and runs in-process on a loopback port (DESIGN §6),
  // unless KITE_API_ROOT points at one already running (`npm run sandbox`, tests). Its accounts live in
  // DATA_DIR beside the database, so a restart finds the broker tokens and open legs the database remembers.
  const sandbox =
    isSandbox && !env.KITE_API_ROOT
      ? await createSandboxExchange({
          seed: env.SANDBOX_SEED,
          ...(env.SANDBOX_PORT !== undefined ? { port: env.SANDBOX_PORT } : {}),
          stateFile: path.join(env.DATA_DIR, 'sandbox-state.json'),
          // Kite's 2026 rule, refusing orders from unregistered IPs, when asked for (docs/SANDBOX.md).
          enforceIp: env.SANDBOX_ENFORCE_IP === '1',
          // Prices, candles and orders on the shared clock; logins and TOTP codes stay on real time, as the
          // codes a trader reads off an authenticator app are.
          ...(testClock
            ? { clock: testClock, authClock: systemClock, advanceClock: (ms: number) => testClock.advance(ms) }
            : {}),
        })
      : null;
  if (sandbox) logger.info({ urls: sandbox.urls }, 'sandbox exchange started');
  const market = resolveMarketConfig(env, sandbox?.urls ?? null);

  const secrets = secretBoxFromEnv(env);
  const runner = createWorkerRunner(logger, clock);
  const instance = env.INSTANCE_NAME ?? `${os.hostname()}:${env.PORT}`;
  // Engine, scheduler and live sync run on one instance at a time: the holder of a PostgreSQL lock.
  const leadership =
    database.kind === 'postgres' && env.DATABASE_URL
      ? createPostgresLeadership({ url: env.DATABASE_URL, instance, logger })
      : createSoleLeadership(instance);
  const { app, modules, workers, shared } = await buildApp({
    database,
    clock,
    secrets,
    hasher: createPasswordHasher(),
    logger,
    version: readVersion(),
    marketMode: env.MARKET_MODE,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
    webDist: env.WEB_DIST ?? path.join(REPO_ROOT, 'web', 'dist'),
    realtime: { enabled: env.services.has('api'), redisUrl: env.REDIS_URL },
    market,
    ...(isSandbox ? { sandboxTotp: () => sandboxTotpCode(systemClock.now()) } : {}),
    workerStatus: () => runner.statuses(),
    leadership,
    ...(env.TRUST_PROXY ? { trustProxy: parseTrustProxy(env.TRUST_PROXY) } : {}),
    ...(env.TELEGRAM_API_ROOT ? { telegramApiRoot: env.TELEGRAM_API_ROOT } : {}),
    hstsMaxAgeSeconds: env.HSTS_MAX_AGE,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    reconcileEveryMs: env.RECONCILE_EVERY_SECONDS * 1000,
    backtestThreads: {
      count: env.BACKTEST_WORKERS ?? os.availableParallelism(),
      thread: {
        database: {
          url: env.DATABASE_URL,
          sqliteFile: path.join(env.DATA_DIR, 'console.db'),
          pgConnectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
          pgStatementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
        },
        logLevel: env.LOG_LEVEL,
      },
    },
    backtestRedisUrl: env.REDIS_URL,
  });

  const newPassword = () => randomBytes(12).toString('base64url');
  const admin = await modules.users.users.ensureAdmin(env.ADMIN_USERNAME, env.ADMIN_PASSWORD, newPassword);
  // Only a first start on an empty database seeds the demo, and only against the sandbox.
  const demo = admin && isSandbox && env.SEED_DEMO === '1' ? await seedDemo(modules, newPassword()) : null;
  const lines = [
    admin?.generated
      ? `  Admin account created: ${admin.username} / ${admin.password} (to be changed at first login)`
      : null,
    demo ? `  Demo account created:  ${demo.username} / ${demo.password} (a paper RDX strategy is running)` : null,
  ].filter(Boolean);
  await endTurn();
  // Printed once, on the console only: the logger redacts passwords by design.
  if (lines.length) stdout.write(`\n${lines.join('\n')}\n  Keep these safe; they are not shown again.\n\n`);
  if (admin && !admin.generated) logger.info({ username: admin.username }, 'admin account created from ADMIN_PASSWORD');

  // `SERVICES` picks the roles: `api` serves the console; a worker-only process serves /api/health alone.
  const server = env.services.has('api')
    ? app
    : await buildHealthOnlyApp(app, logger, { hstsMaxAgeSeconds: env.HSTS_MAX_AGE });
  await server.listen({ port: env.PORT, host: env.HOST });
  const mine = workers.filter((w) => env.services.has(w.name));
  await runner.startAll(mine.filter((w) => !w.singleton));
  const singletons = mine.filter((w) => w.singleton);
  if (singletons.length > 0) {
    await leadership.start({
      onGain: async () => {
        await shared.leader.set({ instance, since: clock.now() }, clock.now());
        await runner.startAll(singletons);
      },
      onLose: () => runner.stopAll(singletons.map((w) => w.name)),
    });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    // `npm start` in a terminal hears Ctrl-C twice (from the terminal, and forwarded by npm): one stop.
    if (closing) return;
    closing = true;
    // Armed before anything else runs, the log line included: a stop ends within 10 s whatever happens.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    logger.info({ signal }, 'shutting down');
    await leadership.stop();
    await runner.stopAll();
    if (server !== app) await server.close();
    await app.close();
    // A sandbox that fails to close (its state file unwritable, say) is reported; the database still closes.
    await sandbox?.close().catch((err: unknown) => logger.error({ err }, 'sandbox exchange did not close cleanly'));
    await database.close();
    logger.info('stopped');
    // The last lines reach a live reader; a gone one was given up on at its first refusal.
    await stdout.flush(1000);
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  logger.info({ host: env.HOST, port: env.PORT, instance }, 'console ready');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
