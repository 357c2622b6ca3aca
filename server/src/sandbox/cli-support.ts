/**
 * The standalone sandbox's settings and start-up banner, kept apart from `cli.ts` so they can be tested.
 * The sandbox is an outside exchange with its own few settings, so it does not go through the
 * product's config/env.ts; `cli.ts` hands `process.env` to `parseSandboxEnv` and nothing else reads it.
 */
import { z } from 'zod';
import { sandboxPersonalApp } from './sandbox-accounts.js';
import type { SandboxExchange } from './sandbox-exchange.js';

const SandboxEnvSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(7400),
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_SEED: z.string().trim().min(1).default('sandbox'),
  /** `1` applies Kite's real rate limits (quote 1/s, historical 3/s…) instead of the relaxed defaults. */
  SANDBOX_REAL_LIMITS: z.enum(['0', '1']).default('0'),
  /**
   * `1` refuses order requests from an address the user has not registered as a static IP, as Kite does since
   * 1 April 2026 (static-ips.ts); `0`, orders are taken from any address.
   */
  SANDBOX_ENFORCE_IP: z.enum(['0', '1']).default('0'),
  /** A file that keeps the accounts' sessions, orders and positions across restarts; unset, they are forgotten. */
  SANDBOX_STATE_FILE: z.string().trim().min(1).optional(),
});

/** The standalone sandbox's validated settings. */
export type SandboxEnv = z.infer<typeof SandboxEnvSchema>;

/** Validates the standalone sandbox's environment. */
export function parseSandboxEnv(source: Record<string, string | undefined>): SandboxEnv {
  const parsed = SandboxEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid sandbox environment: ${problems}`);
  }
  return parsed.data;
}

/** What `npm run sandbox` prints: the roots in the product's env-var names, and the credentials. */
export function sandboxBanner(exchange: SandboxExchange, seed: string): string {
  const { urls, credentials: c } = exchange;
  const example = sandboxPersonalApp('AB1234');
  return [
    `Sandbox exchange (seed "${seed}") on port ${exchange.port}. Point the console at it with:`,
    `  KITE_API_ROOT=${urls.kiteApi}`,
    `  KITE_LOGIN_ROOT=${urls.kiteLogin}`,
    `  KITE_WS_ROOT=${urls.kiteWs}`,
    `  BINANCE_API_ROOT=${urls.binanceApi}`,
    `  BINANCE_WS_ROOT=${urls.binanceWs}`,
    `Kite app:      api_key ${c.kiteApiKey}, api_secret ${c.kiteApiSecret}`,
    `Admin login:   user ${c.adminUserId}, password ${c.adminPassword}`,
    `User logins:   any id like AB1234, password ${c.userPassword}`,
    `Personal apps: every user id owns one (logs in that user only), e.g. AB1234: api_key ${example?.apiKey}, api_secret ${example?.apiSecret}`,
    `TOTP secret:   ${c.totpSecret} (npm run sandbox:totp prints the current code)`,
    'See docs/SANDBOX.md. Ctrl-C stops it.',
  ].join('\n');
}
