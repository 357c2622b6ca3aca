/**
 * Mounts one REST service (Kite API, Kite login or Binance) on the sandbox's Fastify server: injected
 * faults, rate limits, routing, and the provider's own error bodies, all before the route's handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { kiteError } from '../protocols/kite-rest.js';
import { encodeResponse, json, parseCookies, type Route, type SandboxResponse } from './http-kit.js';
import type { FaultKind, FaultPlan, RateGroup, RateLimiter } from './rate-limits.js';
import { normalizeAddress } from './static-ips.logic.js';

/** How a provider's service behaves at its edges. */
export interface ServiceSpec {
  name: 'kite' | 'kite-login' | 'binance';
  routes: Route[];
  /**
   * The endpoint group (for faults, e.g. `quote`), an optional finer fault target below it (`place`),
   * and the rate-limit bucket of a request.
   */
  groupOf(method: string, path: string): { group: string; detail?: string; rate: RateGroup };
  /** Who a rate limit counts against (API key, user, or client address). */
  clientOf(raw: IncomingMessage, rate: RateGroup): string;
  /**
   * A refusal given before faults are taken and rate limits count the request (Kite's static-IP check on
   * order requests, static-ips.ts); null lets the request on.
   */
  refuseEarly?(raw: IncomingMessage, method: string, path: string): SandboxResponse | null;
  tooManyRequests(): SandboxResponse;
  notFound(): SandboxResponse;
  wrongMethod(): SandboxResponse;
  internalError(): SandboxResponse;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** Drops the connection without an HTTP answer, as a network failure would. */
function drop(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.socket?.destroy();
  reply.request.raw.socket.destroy();
}

function send(reply: FastifyReply, response: SandboxResponse): FastifyReply {
  const { headers, body } = encodeResponse(response, String(reply.request.headers['accept-encoding'] ?? ''));
  return reply.code(response.status).headers(headers).send(body);
}

/** Fastify's `:param` pattern of a route, below the service's prefix. */
const urlOf = (pattern: string) => (pattern === '/' ? '/' : pattern.replace(/\/$/, ''));

/**
 * Registers a service under `/<name>`. Faults and rate limits apply to every request of the service,
 * known path or not, as at the providers; unknown paths and methods get the provider's error body.
 */
export function mountService(app: FastifyInstance, spec: ServiceSpec, limiter: RateLimiter, faults: FaultPlan): void {
  const prefix = `/${spec.name}`;
  const pathOf = (req: FastifyRequest) => new URL(req.url, 'http://sandbox').pathname.slice(prefix.length) || '/';
  const faultOf = new WeakMap<FastifyRequest, FaultKind | null>();

  void app.register(
    (scope, _opts, done) => {
      scope.addHook('onRequest', (req, reply, next) => {
        const refusal = spec.refuseEarly?.(req.raw, req.method, pathOf(req)) ?? null;
        if (refusal) return void send(reply, refusal);
        const { group, detail, rate } = spec.groupOf(req.method, pathOf(req));
        const groupTarget = `${spec.name}.${group}`;
        const targets = detail ? [`${groupTarget}.${detail}`, groupTarget, spec.name] : [groupTarget, spec.name];
        const fault = faults.take(targets);
        faultOf.set(req, fault);
        if (fault === 'drop') return drop(reply);
        if (fault === 'rate-limit' || !limiter.tryTake(rate, spec.clientOf(req.raw, rate))) {
          return void send(reply, spec.tooManyRequests());
        }
        next();
      });
      scope.setNotFoundHandler((_req, reply) => send(reply, spec.notFound()));
      // By path shape: Fastify takes `/orders/:variety` and `/orders/:orderId` for one path.
      const handled = new Map<string, { url: string; methods: Set<string> }>();
      for (const route of spec.routes) {
        const url = urlOf(route.pattern);
        const shape = url.replace(/:[^/]+/g, ':');
        const entry = handled.get(shape) ?? { url, methods: new Set<string>() };
        handled.set(shape, entry);
        entry.methods.add(route.method);
        scope.route({
          method: route.method,
          url,
          handler: async (req, reply) => {
            let response: SandboxResponse;
            try {
              const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
              response = await route.handler({
                method: req.method,
                path: pathOf(req),
                query: new URL(req.url, 'http://sandbox').searchParams,
                form: new URLSearchParams(isForm && typeof req.body === 'string' ? req.body : ''),
                body: typeof req.body === 'string' ? req.body : '',
                headers: req.headers,
                params: req.params as Record<string, string>,
                cookies: parseCookies(req.headers.cookie),
                sourceIp: normalizeAddress(req.raw.socket.remoteAddress ?? ''),
              });
            } catch {
              response = spec.internalError();
            }
            if (faultOf.get(req) === 'drop-after') return drop(reply);
            return send(reply, response);
          },
        });
      }
      // A known path asked with another method: the provider's "method not allowed".
      for (const { url, methods } of handled.values()) {
        const others = METHODS.filter((m) => !methods.has(m));
        if (others.length > 0)
          scope.route({ method: others, url, handler: (_req, reply) => send(reply, spec.wrongMethod()) });
      }
      done();
    },
    { prefix },
  );
}

function kiteApiKey(raw: IncomingMessage): string {
  const m = /^token\s+([^:\s]+):/.exec(raw.headers.authorization ?? '');
  return m?.[1] ?? `ip:${raw.socket.remoteAddress ?? ''}`;
}

function kiteGroup(method: string, path: string): { group: string; detail?: string; rate: RateGroup } {
  if (path.startsWith('/quote')) return { group: 'quote', rate: 'kiteQuote' };
  if (path.startsWith('/instruments/historical')) return { group: 'historical', rate: 'kiteHistorical' };
  if (path.startsWith('/orders') && method !== 'GET') {
    // `POST /orders/{variety}` places; PUT and DELETE on `/orders/{variety}/{id}` modify and cancel.
    const isPlacement = method === 'POST' && path.split('/').filter(Boolean).length === 2;
    return { group: 'orders', rate: 'kiteOrders', ...(isPlacement ? { detail: 'place' } : {}) };
  }
  // Trade lists (`/trades`, `/orders/{id}/trades`) and order histories (`/orders/{id}`) can fail on their own
  // (`kite.other.trades`, `kite.other.history`): a console must not lose an order, nor guess its prices.
  if (method === 'GET' && path.endsWith('/trades')) return { group: 'other', detail: 'trades', rate: 'kiteOther' };
  if (method === 'GET' && /^\/orders\/[^/]+$/.test(path))
    return { group: 'other', detail: 'history', rate: 'kiteOther' };
  return { group: 'other', rate: 'kiteOther' };
}

const kiteErrors = {
  tooManyRequests: () => json(429, kiteError('NetworkException', 'Too many requests')),
  notFound: () => json(404, kiteError('GeneralException', 'Route not found')),
  wrongMethod: () => json(405, kiteError('GeneralException', 'Method not allowed')),
  internalError: () => json(500, kiteError('GeneralException', 'Something went wrong in the sandbox.')),
};

/**
 * The Kite Connect REST service. Order requests count against the user behind the access token (the
 * exchanges' 10 orders a second is per client), everything else against the API key; `userOf` resolves
 * an `Authorization` header to its user, or null when it names no live session. `refuseEarly`, when given,
 * is the static-IP check (static-ips.ts).
 */
export function kiteApiSpec(
  routes: Route[],
  userOf: (authorization: string | undefined) => string | null,
  refuseEarly?: ServiceSpec['refuseEarly'],
): ServiceSpec {
  const clientOf = (raw: IncomingMessage, rate: RateGroup): string => {
    const user = rate === 'kiteOrders' ? userOf(raw.headers.authorization) : null;
    return user === null ? kiteApiKey(raw) : `user:${user}`;
  };
  return { name: 'kite', routes, groupOf: kiteGroup, clientOf, refuseEarly, ...kiteErrors };
}

/** The Kite login service. */
export function kiteLoginSpec(routes: Route[]): ServiceSpec {
  const clientOf = (raw: IncomingMessage) => raw.socket.remoteAddress ?? '';
  return {
    name: 'kite-login',
    routes,
    groupOf: () => ({ group: 'login', rate: 'kiteLogin' }),
    clientOf,
    ...kiteErrors,
  };
}

/** The Binance REST service. 429s carry `Retry-After`, as Binance's do. */
export function binanceSpec(routes: Route[], limitPerSecond: number): ServiceSpec {
  const clientOf = (raw: IncomingMessage) => raw.socket.remoteAddress ?? '';
  const msg = `Too many requests; current limit of IP is ${limitPerSecond} requests per second. Please use WebSocket Streams for live updates to avoid polling the API.`;
  return {
    name: 'binance',
    routes,
    groupOf: (_method, path) => ({ group: path.includes('klines') ? 'klines' : 'other', rate: 'binance' }),
    clientOf,
    tooManyRequests: () => json(429, { code: -1003, msg }, { 'Retry-After': '1' }),
    notFound: () => json(404, { code: -1000, msg: 'Unknown endpoint.' }),
    wrongMethod: () => json(405, { code: -1000, msg: 'Method not allowed.' }),
    internalError: () => json(500, { code: -1000, msg: 'An unknown error occurred while processing the request.' }),
  };
}
