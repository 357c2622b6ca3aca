import path from 'node:path';
import { z } from 'zod';
import { trustProxyProblem } from './trust-proxy.js';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  /** PostgreSQL: how long opening a connection may take before the waiting query fails (client.ts). */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  /** PostgreSQL: statements running longer are cancelled (0: no limit); migrations run without it. */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  REDIS_URL: optionalText,
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText,
  MARKET_MODE: z.enum(['sandbox', 'live']).optional(),
  KITE_API_KEY: optionalText,
  KITE_API_SECRET: optionalText,
  KITE_USER_ID: optionalText,
  KITE_PASSWORD: optionalText,
  KITE_API_ROOT: optionalText,
  KITE_LOGIN_ROOT: optionalText,
  KITE_WS_ROOT: optionalText,
  // Kite's quote requests per second per app (Kite Connect "Request limits": 1). Only a stand-in exchange that
  // allows more (the in-process sandbox in tests: 10) is paced faster.
  KITE_QUOTES_PER_SECOND: z.coerce.number().int().min(1).max(100).default(1),
  BINANCE_API_ROOT: optionalText,
  BINANCE_WS_ROOT: optionalText,
  /** Telegram's Bot API for alerts (default https://api.telegram.org); tests use a fake on loopback. */
  TELEGRAM_API_ROOT: optionalText,
  /** 1: alert webhooks may reach loopback and private networks (a receiver on this machine or LAN). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  SECRET_KEY: optionalText,
  /** The key being rotated away from: sealed values it made still open (`npm run secrets:rotate`). */
  SECRET_KEY_PREVIOUS: optionalText,
  /** Where `npm run db:backup` writes (default DATA_DIR/backups/<time>.sqlite). */
  BACKUP_FILE: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  SANDBOX_SEED: z.string().default('rdx-sandbox'),
  /**
   * A URL that answers with the caller's IP (plain text, or JSON with `ip`), asked through each account's egress
   * to learn where its orders leave from (issue 31). Sandbox mode defaults to the sandbox's `/control/whoami`.
   */
  EGRESS_ECHO_URL: z.url({ protocol: /^https?$/, error: 'EGRESS_ECHO_URL must be an http(s) URL' }).optional(),
  /** 1: the in-process sandbox refuses order calls from an IP its user has not registered, as Kite does (2026). */
  SANDBOX_ENFORCE_IP: z.enum(['0', '1']).default('0'),
  /** The in-process sandbox's loopback port (default: any free one); the browser tests fix it to reach /control. */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Backtest worker threads this console runs with SERVICES `backtest` (default: one per core). */
  BACKTEST_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  SERVICES: z
    .string()
    .default(
      'api,market-data-sync,option-history,backtest,strategy-engine,positions-feed,reconciliation,scheduler,alerts',
    ),
  /**
   * How often the leader compares every live account the console holds legs on with its broker (issue 27), so a
   * leg closed in Kite by hand pauses its strategy with no screen open. Seconds; Kite allows far more.
   */
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  WEB_DIST: optionalText,
  /** This instance's name in /api/health and the leader record (default host:port). */
  INSTANCE_NAME: optionalText,
  /**
   * Behind a reverse proxy: which hops to trust for the client address (Fastify's trustProxy: `true`, a hop
   * count, or addresses/CIDRs separated by commas). Unset: the socket's address, as without a proxy. `true`
   * and a hop count need a loopback HOST (trust-proxy.ts): elsewhere anyone could claim any address.
   */
  TRUST_PROXY: optionalText,
  /**
   * Seconds of Strict-Transport-Security sent on requests that arrived over HTTPS (behind a proxy: with
   * TRUST_PROXY, so its X-Forwarded-Proto counts). 0 turns HSTS off. Plain HTTP never gets it.
   */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(31_536_000),
  /**
   * on: the console and its in-process sandbox share a clock that runs with real time and can be moved forward
   * over the sandbox's loopback `POST /control/clock`, so browser stories reach the next candle close at once
   * instead of waiting a real minute. Sandbox only: a live console always runs on the exchange's time.
   */
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
});

export type Env = ReturnType<typeof loadEnv>;

/** The only reader of process.env: validates it once at boot and derives defaults. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  const proxyProblem = trustProxyProblem(env.TRUST_PROXY, env.HOST);
  if (proxyProblem) throw new Error(`Invalid environment: TRUST_PROXY: ${proxyProblem}`);
  // Sandbox unless live credentials exist (DESIGN §2).
  const marketMode = env.MARKET_MODE ?? (env.KITE_API_KEY ? 'live' : 'sandbox');
  if (env.TEST_CLOCK === 'on' && (marketMode !== 'sandbox' || env.KITE_API_ROOT)) {
    throw new Error(
      "Invalid environment: TEST_CLOCK: on moves the in-process sandbox exchange's time; it needs MARKET_MODE=sandbox without KITE_API_ROOT.",
    );
  }
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    MARKET_MODE: marketMode,
    services: new Set(env.SERVICES.split(',').map((s) => s.trim())),
  };
}
