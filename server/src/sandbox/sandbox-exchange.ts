/**
 * The sandbox exchange: Kite Connect (REST, login, ticker) and Binance (REST klines, kline streams)
 * on one loopback HTTP server, told apart by path prefix:
 *
 *   http://HOST:PORT/kite         Kite REST root          (api.kite.trade)
 *   http://HOST:PORT/kite-login   Kite login root         (kite.zerodha.com)
 *   ws://HOST:PORT/kite-ws        Kite ticker             (ws.kite.trade)
 *   http://HOST:PORT/binance      Binance REST root       (api.binance.com)
 *   ws://HOST:PORT/binance-ws     Binance streams root    (stream.binance.com:9443)
 *   http://HOST:PORT/control      the sandbox's own fault and inspection routes (loopback only)
 *
 * It imports nothing from the product's domains: it is an outside exchange that ships with us.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { binanceRoutes } from './binance-routes.js';
import { createBinanceStreamServer, type BinanceStreamServer } from './binance-stream-server.js';
import { binanceSpec, kiteApiSpec, kiteLoginSpec, mountService } from './http-services.js';
import { createInstrumentPricing, createVolatilityShocks } from './instrument-pricing.js';
import { createUniverseSource } from './instrument-universe.js';
import { kiteLoginRoutes } from './kite-login-routes.js';
import { kiteMarginRoutes } from './kite-margin-routes.js';
import { kiteMarketRoutes } from './kite-market-routes.js';
import { OrderBook } from './kite-order-book.js';
import { createDepthSource, type DepthSource } from './order-matching.js';
import { OrderRejections } from './order-rejections.js';
import { KiteSessions } from './kite-sessions.js';
import { createKiteTickerServer, type KiteTickerServer } from './kite-ticker-server.js';
import { kiteTradeRoutes, matchOpenOrders } from './kite-trade-routes.js';
import { createPriceFeed } from './price-feed.js';
import { seedHash } from './price-hash.js';
import { DEFAULT_RATE_LIMITS, FaultPlan, RateLimiter, type SandboxRateLimits } from './rate-limits.js';
import * as accounts from './sandbox-accounts.js';
import type { SandboxClock } from './sandbox-clock.js';
import type { SandboxContext } from './sandbox-context.js';
import { controlFor, type SandboxControl } from './sandbox-control.js';
import { mountControlRoutes } from './sandbox-control-routes.js';
import { contractFromLegacyToken } from './legacy-option-tokens.js';
import { ALL_WALKS, OPTION_ROOTS } from './sandbox-market.js';
import { readSandboxState } from './sandbox-state-file.js';
import type { LegacyTokenMap } from './sandbox-state-migration.js';
import { createStateSaver, type StateSaver } from './sandbox-state-saver.js';
import { SANDBOX_STATE_VERSION, type SandboxStateSnapshot } from './sandbox-state-snapshot.js';
import { staticIpGate } from './static-ip-gate.js';
import { StaticIpRegistry } from './static-ips.js';
import { startStepLoop, type StepLoop } from './step-loop.js';
import { refuseUpgrade } from './ws-kit.js';

/** How to start a sandbox. Only `seed` is required. */
export interface SandboxExchangeOptions {
  /** Same seed, same prices at the same time. */
  seed: number | string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  clock?: SandboxClock;
  /**
   * Logins, TOTP codes and sessions are checked on this clock; `clock` by default. A test that runs prices
   * faster than real time passes real time here, since the consoles compute their TOTP codes on theirs.
   */
  authClock?: SandboxClock;
  /**
   * Moves `clock` forward by ms (a console's TEST_CLOCK=on). Given, `POST /control/clock` skips time: the price
   * steps passed are streamed at once, so candles close without waiting. Without it the sandbox runs on `clock`.
   */
  advanceClock?: (ms: number) => void;
  /** How often (real ms) the live feeds look for new price steps. Default 250. */
  tickIntervalMs?: number;
  /** Silence (real ms) after which the ticker sends a 1-byte heartbeat. Default 1000. */
  heartbeatMs?: number;
  /** Binance server ping interval and pong deadline (real ms). Defaults 20000 and 60000. */
  binancePingMs?: number;
  binancePongTimeoutMs?: number;
  /** Most missed price steps streamed after the clock jumps. Default 300. */
  maxCatchUpSteps?: number;
  rateLimits?: Partial<SandboxRateLimits>;
  /** Monotonic ms the rate windows count in; real time by default (tests may freeze it). */
  rateLimitClock?: () => number;
  /** Where `/connect/login` redirects with the request_token. Default `<kiteLogin>/redirect`. */
  kiteRedirectUrl?: string;
  /**
   * A JSON file that keeps the accounts' Kite sessions, orders, fills and positions across restarts: loaded
   * at start when it exists (one that cannot be read stops the start), saved shortly after every change and
   * at close. Without it the sandbox forgets everything when it stops.
   */
  stateFile?: string;
  /** The cash every Kite account opens with, paise (default DEFAULT_FUNDS_PAISE, sandbox-accounts.ts). */
  fundsPaise?: number;
  /**
   * Refuse order requests (place, modify, cancel) from an address the user has not registered as a static
   * IP, as Kite does since 1 April 2026 (static-ips.ts). Off by default, so a sandbox takes orders from any
   * address unless asked. `npm run sandbox` sets it from SANDBOX_ENFORCE_IP=1, the console from its own
   * SANDBOX_ENFORCE_IP (docs/SANDBOX.md).
   */
  enforceIp?: boolean;
}

/** Root URLs to give the product's adapters. */
export interface SandboxUrls {
  kiteApi: string;
  kiteLogin: string;
  kiteWs: string;
  binanceApi: string;
  binanceWs: string;
}

/** The sandbox's documented credentials (see sandbox-accounts.ts and docs/SANDBOX.md). */
export interface SandboxCredentials {
  kiteApiKey: string;
  kiteApiSecret: string;
  adminUserId: string;
  adminPassword: string;
  /** The password of every other Kite-style user id (`AB1234`). */
  userPassword: string;
  totpSecret: string;
}

export type { SandboxControl } from './sandbox-control.js';

/** A running sandbox. */
export interface SandboxExchange {
  port: number;
  urls: SandboxUrls;
  credentials: SandboxCredentials;
  control: SandboxControl;
  close(): Promise<void>;
}

const credentials: SandboxCredentials = {
  kiteApiKey: accounts.SANDBOX_KITE_API_KEY,
  kiteApiSecret: accounts.SANDBOX_KITE_API_SECRET,
  adminUserId: accounts.SANDBOX_ADMIN_USER_ID,
  adminPassword: accounts.SANDBOX_ADMIN_PASSWORD,
  userPassword: accounts.SANDBOX_USER_PASSWORD,
  totpSecret: accounts.SANDBOX_TOTP_SECRET,
};

function urlsFor(host: string, port: number): SandboxUrls {
  const http = `http://${host}:${port}`;
  const ws = `ws://${host}:${port}`;
  return {
    kiteApi: `${http}/kite`,
    kiteLogin: `${http}/kite-login`,
    kiteWs: `${ws}/kite-ws`,
    binanceApi: `${http}/binance`,
    binanceWs: `${ws}/binance-ws`,
  };
}

/** What the context starts from: the saved state (null for a fresh sandbox) and what to call when it changes. */
interface AccountState {
  saved: SandboxStateSnapshot | null;
  onChange: () => void;
}

function sessionsFrom({ saved, onChange }: AccountState): KiteSessions {
  const { SANDBOX_KITE_API_KEY: key, SANDBOX_KITE_API_SECRET: secret } = accounts;
  return saved
    ? KiteSessions.fromSnapshot(key, secret, saved.kiteSessions, onChange)
    : new KiteSessions(key, secret, onChange);
}

function orderBookFrom({ saved, onChange }: AccountState, depth: DepthSource): OrderBook {
  return saved ? OrderBook.fromSnapshot(saved.orderBook, depth, onChange) : new OrderBook(depth, onChange);
}

function staticIpsFrom({ saved, onChange }: AccountState): StaticIpRegistry {
  return saved ? StaticIpRegistry.fromSnapshot(saved.staticIps, onChange) : new StaticIpRegistry(onChange);
}

/** The state a state file keeps, taken from the running sandbox. */
function snapshotOf(ctx: SandboxContext): SandboxStateSnapshot {
  return {
    version: SANDBOX_STATE_VERSION,
    kiteSessions: ctx.sessions.toSnapshot(),
    orderBook: ctx.orders.toSnapshot(),
    staticIps: ctx.staticIps.toSnapshot(),
  };
}

function createContext(options: SandboxExchangeOptions, redirect: () => string, state: AccountState): SandboxContext {
  const seed = seedHash(options.seed);
  const feed = createPriceFeed(seed, ALL_WALKS);
  const clock = options.clock ?? { now: () => Date.now() };
  const shocks = createVolatilityShocks();
  const pricing = createInstrumentPricing(feed, seed, shocks);
  const universe = createUniverseSource(feed);
  return {
    clock,
    shocks,
    authClock: options.authClock ?? options.clock ?? { now: () => Date.now() },
    seed,
    feed,
    pricing,
    universe,
    sessions: sessionsFrom(state),
    orders: orderBookFrom(state, createDepthSource(pricing, universe, clock)),
    rejections: new OrderRejections(),
    staticIps: staticIpsFrom(state),
    kiteRedirectUrl: redirect,
    historyReads: new Map(),
    fundsPaise: options.fundsPaise ?? accounts.DEFAULT_FUNDS_PAISE,
    notifyOrder: () => undefined,
  };
}

/** Renames a version-1 state file's option tokens to the tokens the same contracts have now. */
function legacyTokensOf(options: SandboxExchangeOptions): LegacyTokenMap {
  const feed = createPriceFeed(seedHash(options.seed), ALL_WALKS);
  const nowMs = (options.clock ?? { now: () => Date.now() }).now();
  const reference = (root: (typeof OPTION_ROOTS)[number]) => feed.priceAt(root.underlyingKey, Math.floor(nowMs / 1000));
  return (token) => contractFromLegacyToken(token, OPTION_ROOTS, nowMs, reference)?.instrumentToken ?? null;
}

/**
 * Loads the state file, when there is one, and builds the context on what it holds, saving again after
 * every change. Refuses (SandboxStateFileError) a file it cannot read, before anything listens.
 */
async function openContext(
  options: SandboxExchangeOptions,
  redirect: () => string,
): Promise<{ ctx: SandboxContext; saver: StateSaver | null }> {
  const file = options.stateFile;
  const saved = file ? await readSandboxState(file, legacyTokensOf(options)) : null;
  let saver: StateSaver | null = null;
  const ctx = createContext(options, redirect, { saved, onChange: () => saver?.changed() });
  if (file) saver = createStateSaver({ file, snapshot: () => snapshotOf(ctx) });
  // Written back at once in the current version, so a migrated version-1 file is not migrated twice.
  if (saved) saver?.changed();
  return { ctx, saver };
}

/** Splits `/first/rest` into its mount name and the path below it. */
function splitMount(pathname: string): [string, string] {
  const slash = pathname.indexOf('/', 1);
  return slash < 0 ? [pathname.slice(1), '/'] : [pathname.slice(1, slash), pathname.slice(slash)];
}

interface Parts {
  ticker: KiteTickerServer;
  streams: BinanceStreamServer;
  loop: StepLoop;
  saver: StateSaver | null;
}

/**
 * The sandbox's HTTP server on Fastify. Every body is kept as the raw string the provider would see
 * (handlers read urlencoded forms themselves); paths outside the three services get a plain 404.
 */
function createHttpServer(): FastifyInstance {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).type('text/plain').send('Not a sandbox path. Try /kite, /kite-login, /binance or /control.'),
  );
  return app;
}

function handleUpgrade(parts: Parts, raw: IncomingMessage, socket: Duplex, head: Buffer): void {
  const url = new URL(raw.url ?? '/', 'http://sandbox');
  const [mount, path] = splitMount(url.pathname);
  if (mount === 'kite-ws') parts.ticker.handleUpgrade(raw, socket, head, url);
  else if (mount === 'binance-ws') parts.streams.handleUpgrade(raw, socket, head, path, url);
  else refuseUpgrade(socket, '404 Not Found');
}

/** Mounts Kite (REST and login), Binance and the sandbox's `/control` routes on `app`. */
function mountServices(
  app: FastifyInstance,
  ctx: SandboxContext,
  deps: { limiter: RateLimiter; faults: FaultPlan; binanceLimit: number; control: SandboxControl; enforceIp: boolean },
): void {
  const { limiter, faults } = deps;
  // Order requests count against the user behind the token, as the exchanges' per-client limit does.
  const userOf = (authorization: string | undefined) => {
    const session = ctx.sessions.authenticate(authorization, ctx.authClock.now());
    return 'ok' in session ? null : session.userId;
  };
  const kiteRoutes = [...kiteMarketRoutes(ctx), ...kiteTradeRoutes(ctx), ...kiteMarginRoutes(ctx)];
  const ipGate = deps.enforceIp ? staticIpGate(ctx.staticIps, userOf) : undefined;
  mountService(app, kiteApiSpec(kiteRoutes, userOf, ipGate), limiter, faults);
  mountService(app, kiteLoginSpec(kiteLoginRoutes(ctx)), limiter, faults);
  mountService(app, binanceSpec(binanceRoutes(ctx.feed, ctx.clock), deps.binanceLimit), limiter, faults);
  mountControlRoutes(app, deps.control);
}

/** Starts a sandbox exchange on loopback. */
export async function createSandboxExchange(options: SandboxExchangeOptions): Promise<SandboxExchange> {
  const host = options.host ?? '127.0.0.1';
  let urls = urlsFor(host, options.port ?? 0);
  const { ctx, saver } = await openContext(options, () => options.kiteRedirectUrl ?? `${urls.kiteLogin}/redirect`);
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const limiter = new RateLimiter(limits, options.rateLimitClock);
  const faults = new FaultPlan();
  const ticker = createKiteTickerServer(ctx, options.heartbeatMs ?? 1000);
  ctx.notifyOrder = (order, event, before) => ticker.pushOrder(order, event, before);
  const streams = createBinanceStreamServer(ctx.feed, {
    pingMs: options.binancePingMs ?? 20_000,
    pongTimeoutMs: options.binancePongTimeoutMs ?? 60_000,
  });
  const loop = startStepLoop(
    () => ctx.clock.now(),
    (second) => {
      ticker.onStep(second);
      streams.onStep(second);
    },
    {
      intervalMs: options.tickIntervalMs ?? 250,
      maxCatchUp: options.maxCatchUpSteps ?? 300,
      afterSteps: () => matchOpenOrders(ctx),
    },
  );
  const control = controlFor(ctx, { faults, limiter, ticker, streams, loop, advanceClock: options.advanceClock });
  const app = createHttpServer();
  const enforceIp = options.enforceIp ?? false;
  mountServices(app, ctx, { limiter, faults, binanceLimit: limits.binance, control, enforceIp });
  const parts: Parts = { ticker, streams, loop, saver };
  app.server.on('upgrade', (raw: IncomingMessage, socket: Duplex, head: Buffer) =>
    handleUpgrade(parts, raw, socket, head),
  );
  try {
    await app.listen({ port: options.port ?? 0, host });
  } catch (error) {
    await shutDown(app, parts).catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  urls = urlsFor(host, port);
  return { port, urls, credentials, control, close: () => shutDown(app, parts) };
}

/** Stops the feeds and the server, then writes the state still pending, so a restart finds it all. */
async function shutDown(app: FastifyInstance, { loop, ticker, streams, saver }: Parts): Promise<void> {
  loop.stop();
  ticker.close();
  streams.close();
  app.server.closeAllConnections();
  try {
    await app.close();
  } finally {
    await saver?.flush();
  }
}
