/**
 * `/control`: the sandbox's own test tooling on its port, so tests and operators can rehearse failures
 * over HTTP (docs/SANDBOX.md). Not part of Kite: no Kite token opens it, and it answers loopback callers
 * only. Every route is a thin shell over the in-process `SandboxControl`.
 */
import { toRupees } from '@app/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { json, type SandboxResponse } from './http-kit.js';
import { averagePaise, type SandboxOrder } from './kite-order-book.js';
import { isLoopbackAddress, normalizeAddress } from './static-ips.logic.js';
import type { StaticIpChange } from './static-ips.js';

/** An order as the exchange saw it (`GET /control/orders`). */
export interface ControlOrder {
  order_id: string;
  user_id: string;
  tag: string | null;
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  order_type: string;
  quantity: number;
  filled_quantity: number;
  average_price: number;
  price: number;
  status: string;
  status_message: string | null;
  /** What the MARKET order was placed with (−1 or a percentage); 0 for a LIMIT order. */
  market_protection: number;
  /** How many times its history (`GET /orders/{id}`) was served: how often a client polled it. */
  history_reads: number;
  /** The address the order was placed from (IPv4-mapped IPv6 as plain IPv4); "" if a version-2 state file kept it. */
  source_ip: string;
}

/** The in-process controls these routes drive (a subset of `SandboxControl`). */
export interface ControlHooks {
  failNext(target: string, count: number, kind: 'drop-after'): void;
  rejectNextOrders(count: number, message?: string): void;
  expireAccessTokens(): number;
  dropKiteTickerConnections(): number;
  clearFaults(): void;
  orders(): ControlOrder[];
  shockVolatility(root: string, factor: number): void;
  /** Skips sandbox time (ms after, or null when its clock cannot be moved). */
  advanceClock(seconds: number): number | null;
  /** Sets a user's static IPs, once a calendar week (static-ips.ts). */
  registerStaticIps(userId: string, ips: readonly string[]): StaticIpChange;
}

/**
 * `POST /control/clock` body. At most 300 s at once: the feeds stream at most 300 missed steps (one a second),
 * so a longer skip would leave candles without ticks; skip again for more.
 */
const ClockSchema = z.object({ advance_seconds: z.number().int().min(1).max(300) }).strict();

/** Skips the shared test clock; the reply gives the time it now reads. */
export function applyClockSkip(hooks: Pick<ControlHooks, 'advanceClock'>, body: unknown): SandboxResponse {
  const parsed = ClockSchema.safeParse(body);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return json(400, { status: 'error', message: `Invalid clock request (${problem}).` });
  }
  const now = hooks.advanceClock(parsed.data.advance_seconds);
  if (now === null) {
    return json(409, {
      status: 'error',
      message: 'This sandbox runs on real time: start the console with TEST_CLOCK=on to move its clock.',
    });
  }
  return json(200, { status: 'success', data: { now: new Date(now).toISOString() } });
}

/** `POST /control/faults` body: any of these, applied together. */
const FaultsSchema = z
  .object({
    /** The next N order placements happen, then the connection drops before the reply. */
    lose_order_replies: z.number().int().min(1).optional(),
    /** The next N orders are placed and REJECTED with `message`. */
    reject_orders: z.number().int().min(1).optional(),
    message: z.string().min(1).optional(),
    /** Every access token dies now. */
    expire_tokens: z.literal(true).optional(),
    /** Every ticker connection is cut now. */
    drop_ticker: z.literal(true).optional(),
    /** From the next second, the root's options are priced at `factor` × their implied volatility. */
    volatility_shock: z
      .object({ root: z.string().min(1), factor: z.number().positive().max(20) })
      .strict()
      .optional(),
  })
  .strict();

/** An order for `GET /control/orders`. */
export function controlOrderJson(o: SandboxOrder, historyReads = 0): ControlOrder {
  return {
    order_id: o.orderId,
    user_id: o.userId,
    tag: o.tag,
    tradingsymbol: o.tradingsymbol,
    transaction_type: o.transactionType,
    order_type: o.orderType,
    quantity: o.quantity,
    filled_quantity: o.filledQuantity,
    average_price: toRupees(Math.round(averagePaise(o))),
    price: toRupees(o.pricePaise),
    status: o.status,
    status_message: o.statusMessage,
    market_protection: o.marketProtection ?? 0,
    history_reads: historyReads,
    source_ip: o.sourceIp,
  };
}

/** Applies a fault request; the reply says what was done. */
export function applyFaults(hooks: ControlHooks, body: unknown): SandboxResponse {
  const parsed = FaultsSchema.safeParse(body);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return json(400, { status: 'error', message: `Invalid faults request (${problem}).` });
  }
  const f = parsed.data;
  const applied: Record<string, number | boolean> = {};
  if (f.lose_order_replies) {
    hooks.failNext('kite.orders.place', f.lose_order_replies, 'drop-after');
    applied.lose_order_replies = f.lose_order_replies;
  }
  if (f.reject_orders) {
    hooks.rejectNextOrders(f.reject_orders, f.message);
    applied.reject_orders = f.reject_orders;
  }
  if (f.expire_tokens) applied.expired_tokens = hooks.expireAccessTokens();
  if (f.drop_ticker) applied.dropped_ticker_connections = hooks.dropKiteTickerConnections();
  if (f.volatility_shock) {
    hooks.shockVolatility(f.volatility_shock.root, f.volatility_shock.factor);
    applied.volatility_shock = true;
  }
  return json(200, { status: 'success', data: applied });
}

/** `PUT /control/accounts/:user_id/ips` body: the whole list, primary first (static-ips.logic.ts checks it). */
const StaticIpsSchema = z.object({ ips: z.array(z.string()) }).strict();

const STATIC_IP_PROBLEM_STATUS = { invalid: 400, 'unknown-user': 404, 'too-soon': 409 } as const;

/** Sets a user's static IPs; the reply gives the list now registered. */
export function applyStaticIps(
  hooks: Pick<ControlHooks, 'registerStaticIps'>,
  userId: string,
  body: unknown,
): SandboxResponse {
  const parsed = StaticIpsSchema.safeParse(body);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return json(400, { status: 'error', message: `Invalid static IP request (${problem}); send {"ips": [...]}.` });
  }
  const change = hooks.registerStaticIps(userId, parsed.data.ips);
  if (!change.ok) return json(STATIC_IP_PROBLEM_STATUS[change.problem], { status: 'error', message: change.message });
  return json(200, { status: 'success', data: { user_id: change.userId, ips: change.ips } });
}

function send(reply: FastifyReply, response: SandboxResponse): FastifyReply {
  return reply
    .code(response.status)
    .headers(response.headers ?? {})
    .send(response.body);
}

/** The JSON body: the sandbox keeps bodies as raw strings; a plain Fastify has parsed it already. */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * Mounts `/control/faults` (POST to inject, DELETE to clear), `/control/orders`, `/control/clock` (POST to skip
 * time), `/control/whoami` and `/control/accounts/:user_id/ips` (PUT to set a user's static IPs), for loopback
 * callers only.
 */
export function mountControlRoutes(app: FastifyInstance, hooks: ControlHooks): void {
  void app.register(
    (scope, _opts, done) => {
      scope.addHook('onRequest', (req, reply, next) => {
        // All of 127.0.0.0/8: tests bind their sockets to 127.0.0.2, 127.0.0.3… to stand for other machines.
        if (isLoopbackAddress(req.socket.remoteAddress ?? '')) return next();
        void send(reply, json(403, { status: 'error', message: 'The sandbox control routes answer loopback only.' }));
      });
      scope.post('/faults', (req, reply) => send(reply, applyFaults(hooks, parseBody(req.body))));
      scope.delete('/faults', (_req, reply) => {
        hooks.clearFaults();
        return send(reply, json(200, { status: 'success', data: true }));
      });
      scope.get('/orders', (_req, reply) => send(reply, json(200, { orders: hooks.orders() })));
      scope.post('/clock', (req, reply) => send(reply, applyClockSkip(hooks, parseBody(req.body))));
      // The echo URL: the address this caller's requests arrive from, the one to register as its static IP.
      scope.get('/whoami', (req, reply) =>
        send(reply, json(200, { ip: normalizeAddress(req.socket.remoteAddress ?? '') })),
      );
      scope.put<{ Params: { user_id: string } }>('/accounts/:user_id/ips', (req, reply) =>
        send(reply, applyStaticIps(hooks, req.params.user_id, parseBody(req.body))),
      );
      done();
    },
    { prefix: '/control' },
  );
}
