/**
 * The sandbox's in-process test hooks (`exchange.control`), built over its running parts; the `/control`
 * routes (sandbox-control-routes.ts) drive the same hooks over HTTP.
 */
import type { BinanceStreamServer } from './binance-stream-server.js';
import type { KiteTickerServer } from './kite-ticker-server.js';
import type { FaultKind, FaultPlan, RateGroup, RateLimiter } from './rate-limits.js';
import * as accounts from './sandbox-accounts.js';
import type { SandboxContext } from './sandbox-context.js';
import { controlOrderJson, type ControlOrder } from './sandbox-control-routes.js';
import type { StaticIpChange } from './static-ips.js';
import type { StepLoop } from './step-loop.js';

/** Hooks for tests and for demonstrating failure handling (also served over HTTP under `/control`). */
export interface SandboxControl {
  /** The next `count` requests to `target` fail (see FaultTarget in rate-limits.ts). */
  failNext(target: string, count: number, kind: FaultKind): void;
  /** The next `count` orders are placed and then REJECTED with `message`, as Kite's RMS rejects. */
  rejectNextOrders(count: number, message?: string): void;
  /** Forgets queued request faults and order rejections (registered static IPs stay, as at Kite). */
  clearFaults(): void;
  /** Every Kite access token dies now; returns how many there were. */
  expireAccessTokens(): number;
  /** Every order of every user as the exchange saw it, oldest first. */
  orders(): ControlOrder[];
  /** Cuts every Kite ticker connection abruptly; returns how many there were. */
  dropKiteTickerConnections(): number;
  /** The Kite user behind each open ticker connection (a user with two connections is listed twice). */
  kiteTickerUsers(): string[];
  dropBinanceStreamConnections(): number;
  /**
   * An access token for `userId` without the login pages: for the console's app, or for the user's own
   * personal app (`'own'`, sandbox-accounts.ts).
   */
  issueKiteAccessToken(userId: string, app?: 'console' | 'own'): string;
  /** Requests refused for the rate limits (not injected faults) since start, by endpoint group. */
  rateRefusals(): Partial<Record<RateGroup, number>>;
  /** The TOTP code valid at the sandbox clock's time. */
  totpCode(): string;
  /** Streams the price steps passed so far immediately, instead of at the next timer run. */
  pump(): void;
  /**
   * Skips `seconds` of the sandbox clock and streams the steps passed; returns the new time (ms), or null when
   * this sandbox's clock cannot be moved (no `advanceClock` option).
   */
  advanceClock(seconds: number): number | null;
  /**
   * From the sandbox clock's next second, `root`'s options (e.g. NIFTY) are priced at `factor` × their usual
   * implied volatility: every premium jumps at once, as on an event. 1 ends the shock.
   */
  shockVolatility(root: string, factor: number): void;
  /**
   * Sets `userId`'s static IPs (0 to 2, primary first), as in Kite's developer console: once a calendar week
   * on the sandbox clock (`PUT /control/accounts/:user_id/ips`).
   */
  registerStaticIps(userId: string, ips: readonly string[]): StaticIpChange;
}

/** The running parts the hooks reach. */
export interface ControlledParts {
  faults: FaultPlan;
  limiter: RateLimiter;
  ticker: KiteTickerServer;
  streams: BinanceStreamServer;
  loop: StepLoop;
  /** The sandbox's `advanceClock` option: absent, the clock cannot be moved. */
  advanceClock: ((ms: number) => void) | undefined;
}

/** The hooks of the sandbox running on `ctx`. */
export function controlFor(ctx: SandboxContext, parts: ControlledParts): SandboxControl {
  const { faults, ticker, streams, loop, advanceClock, limiter } = parts;
  return {
    failNext: (target, count, kind) => faults.failNext(target, count, kind),
    rejectNextOrders: (count, message) => ctx.rejections.rejectNext(count, message),
    clearFaults: () => {
      faults.clear();
      ctx.rejections.clear();
    },
    expireAccessTokens: () => ctx.sessions.expireAll(),
    orders: () => ctx.orders.all().map((o) => controlOrderJson(o, ctx.historyReads.get(o.orderId) ?? 0)),
    dropKiteTickerConnections: () => ticker.dropAll(),
    kiteTickerUsers: () => ticker.usersConnected(),
    dropBinanceStreamConnections: () => streams.dropAll(),
    issueKiteAccessToken: (userId, app = 'console') => {
      const own = app === 'own' ? accounts.sandboxPersonalApp(userId) : null;
      if (app === 'own' && !own) throw new Error(`${userId} is not a Kite-style user id: it has no app of its own`);
      return ctx.sessions.issue(userId, 'sandbox-control', ctx.authClock.now(), own?.apiKey).accessToken;
    },
    rateRefusals: () => limiter.refusals(),
    totpCode: () => accounts.sandboxTotpCode(ctx.authClock.now()),
    pump: () => loop.pump(),
    advanceClock: (seconds) => {
      if (!advanceClock) return null;
      advanceClock(seconds * 1000);
      loop.pump();
      return ctx.clock.now();
    },
    shockVolatility: (root, factor) => ctx.shocks.shock(root, factor, Math.floor(ctx.clock.now() / 1000) + 1),
    registerStaticIps: (userId, ips) => ctx.staticIps.register(userId, ips, ctx.clock.now()),
  };
}
