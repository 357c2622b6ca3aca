import {
  SANDBOX_ADMIN_PASSWORD,
  SANDBOX_ADMIN_USER_ID,
  SANDBOX_KITE_API_KEY,
  SANDBOX_KITE_API_SECRET,
} from '../sandbox/sandbox-accounts.js';
import type { SandboxUrls } from '../sandbox/sandbox-exchange.js';
import type { Env } from './env.js';

/** Where market data and broker calls go, and with which app credentials. */
export interface MarketConfig {
  mode: 'sandbox' | 'live';
  kite: {
    apiRoot: string;
    loginRoot: string;
    wsRoot: string;
    apiKey: string;
    apiSecret: string;
    userId: string | undefined;
    password: string | undefined;
    /** Quote requests a second the app may send (KITE_QUOTES_PER_SECOND; Kite's 1). */
    quotesPerSecond: number;
  };
  binance: { apiRoot: string; wsRoot: string };
  /** Where a check learns the IP an account's orders leave from (EGRESS_ECHO_URL); null: nowhere to ask. */
  egressEchoUrl: string | null;
}

/**
 * Live mode talks to the providers' hosts (or the roots set in env); sandbox mode to the in-process
 * sandbox exchange with its documented credentials (docs/SANDBOX.md). Env roots always win, so a
 * standalone `npm run sandbox` can stand in for Kite too.
 */
export function resolveMarketConfig(env: Env, sandbox: SandboxUrls | null): MarketConfig {
  const isSandbox = env.MARKET_MODE === 'sandbox';
  return {
    mode: env.MARKET_MODE,
    kite: {
      apiRoot: env.KITE_API_ROOT ?? sandbox?.kiteApi ?? 'https://api.kite.trade',
      loginRoot: env.KITE_LOGIN_ROOT ?? sandbox?.kiteLogin ?? 'https://kite.zerodha.com',
      wsRoot: env.KITE_WS_ROOT ?? sandbox?.kiteWs ?? 'wss://ws.kite.trade',
      apiKey: env.KITE_API_KEY ?? (isSandbox ? SANDBOX_KITE_API_KEY : ''),
      apiSecret: env.KITE_API_SECRET ?? (isSandbox ? SANDBOX_KITE_API_SECRET : ''),
      userId: env.KITE_USER_ID ?? (isSandbox ? SANDBOX_ADMIN_USER_ID : undefined),
      password: env.KITE_PASSWORD ?? (isSandbox ? SANDBOX_ADMIN_PASSWORD : undefined),
      quotesPerSecond: env.KITE_QUOTES_PER_SECOND,
    },
    binance: {
      apiRoot: env.BINANCE_API_ROOT ?? sandbox?.binanceApi ?? 'https://api.binance.com',
      wsRoot: env.BINANCE_WS_ROOT ?? sandbox?.binanceWs ?? 'wss://stream.binance.com:9443',
    },
    // The in-process sandbox echoes its caller's address, as an IP echo service would for a real egress.
    egressEchoUrl: env.EGRESS_ECHO_URL ?? (sandbox ? `${new URL(sandbox.kiteApi).origin}/control/whoami` : null),
  };
}
