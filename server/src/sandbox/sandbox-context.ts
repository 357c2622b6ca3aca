/**
 * The state every sandbox endpoint shares, plus small helpers for Kite-style replies.
 */
import { KITE_ERROR_HTTP_STATUS, kiteError, kiteSuccess, type KiteErrorType } from '../protocols/kite-rest.js';
import { json, type Handler, type SandboxRequest, type SandboxResponse } from './http-kit.js';
import type { InstrumentPricing, VolatilityShocks } from './instrument-pricing.js';
import type { SandboxInstrument, UniverseSource } from './instrument-universe.js';
import type { OrderBook, SandboxOrder } from './kite-order-book.js';
import type { FillState, OrderEvent } from './kite-order-updates.js';
import type { KiteSession, KiteSessions } from './kite-sessions.js';
import type { OrderRejections } from './order-rejections.js';
import type { PriceFeed } from './price-feed.js';
import type { SandboxClock } from './sandbox-clock.js';
import type { StaticIpRegistry } from './static-ips.js';

/** Shared state of one sandbox exchange. */
export interface SandboxContext {
  clock: SandboxClock;
  /** The clock logins, TOTP codes and sessions are checked against (the price clock unless told otherwise). */
  authClock: SandboxClock;
  seed: number;
  feed: PriceFeed;
  pricing: InstrumentPricing;
  /** Implied-volatility shocks the control applies to option prices from their second on. */
  shocks: VolatilityShocks;
  universe: UniverseSource;
  sessions: KiteSessions;
  orders: OrderBook;
  /** RMS rejections queued by the `reject_orders` fault. */
  rejections: OrderRejections;
  /** Each user's registered static IPs (checked on order requests only when the sandbox enforces them). */
  staticIps: StaticIpRegistry;
  /** Where `/connect/login` sends the browser with the request_token. */
  kiteRedirectUrl: () => string;
  /** How often each order's history (`GET /orders/{id}`) was served, by order id: test tooling (`/control/orders`). */
  historyReads: Map<string, number>;
  /** The cash every account opens with (account-margins.ts). */
  fundsPaise: number;
  /** Pushes the updates of an order's change to its owner's ticker connections (kite-order-updates.ts). */
  notifyOrder: (order: SandboxOrder, event: OrderEvent, before?: FillState) => void;
}

/** The current second of the sandbox clock. */
export function nowSecond(ctx: SandboxContext): number {
  return Math.floor(ctx.clock.now() / 1000);
}

/** Kite's success envelope. */
export function kiteOk(data: unknown): SandboxResponse {
  return json(200, kiteSuccess(data));
}

/** Kite's error envelope with the status Kite uses for the type. */
export function kiteFail(type: KiteErrorType, message: string): SandboxResponse {
  return json(KITE_ERROR_HTTP_STATUS[type], kiteError(type, message));
}

/** Wraps a handler that needs `Authorization: token api_key:access_token`. */
export function withKiteAuth(
  ctx: SandboxContext,
  handler: (request: SandboxRequest, session: KiteSession) => SandboxResponse | Promise<SandboxResponse>,
): Handler {
  return (request) => {
    const auth = ctx.sessions.authenticate(request.headers.authorization, ctx.authClock.now());
    return 'ok' in auth ? kiteFail(auth.type, auth.message) : handler(request, auth);
  };
}

/** Resolves a quote key: `EXCHANGE:TRADINGSYMBOL` or an instrument token. */
export function resolveInstrument(ctx: SandboxContext, key: string): SandboxInstrument | null {
  const nowMs = ctx.clock.now();
  if (/^\d+$/.test(key)) return ctx.universe.resolveToken(Number(key), nowMs);
  return ctx.universe.at(nowMs).byKey.get(key) ?? null;
}
