/**
 * Runs one mounted REST service (Kite API, Kite login or Binance): injected faults, rate limits,
 * routing, and the provider's own error bodies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { kiteError } from '../protocols/kite-rest.js';
import {
  createRouter,
  json,
  readBody,
  toSandboxRequest,
  writeResponse,
  type Route,
  type SandboxResponse,
} from './http-kit.js';
import type { FaultPlan, RateGroup, RateLimiter } from './rate-limits.js';

/** How a provider's service behaves at its edges. */
export interface ServiceSpec {
  name: 'kite' | 'kite-login' | 'binance';
  routes: Route[];
  /** The endpoint group (for faults, e.g. `quote`) and the rate-limit bucket of a request. */
  groupOf(method: string, path: string): { group: string; rate: RateGroup };
  /** Who a rate limit counts against (API key, or client address). */
  clientOf(raw: IncomingMessage): string;
  tooManyRequests(): SandboxResponse;
  notFound(): SandboxResponse;
  wrongMethod(): SandboxResponse;
  internalError(): SandboxResponse;
}

/** A mounted service: handles a request whose path has had the mount prefix removed. */
export type ServiceHandler = (raw: IncomingMessage, res: ServerResponse, url: URL, path: string) => Promise<void>;

/** Drops the connection without an HTTP answer, as a network failure would. */
function drop(raw: IncomingMessage, res: ServerResponse): void {
  res.socket?.destroy();
  raw.socket.destroy();
}

/** Builds the handler for one service. */
export function createServiceHandler(spec: ServiceSpec, limiter: RateLimiter, faults: FaultPlan): ServiceHandler {
  const match = createRouter(spec.routes);
  return async (raw, res, url, path) => {
    const method = raw.method ?? 'GET';
    const { group, rate } = spec.groupOf(method, path);
    const fault = faults.take([`${spec.name}.${group}`, spec.name]);
    if (fault === 'drop') return drop(raw, res);
    if (fault === 'rate-limit' || !limiter.tryTake(rate, spec.clientOf(raw))) {
      return writeResponse(raw, res, spec.tooManyRequests());
    }
    const found = match(method, path);
    let response: SandboxResponse;
    if (found.kind === 'not-found') response = spec.notFound();
    else if (found.kind === 'wrong-method') response = spec.wrongMethod();
    else {
      try {
        const request = toSandboxRequest(raw, url, path, await readBody(raw));
        request.params = found.params;
        response = await found.handler(request);
      } catch {
        response = spec.internalError();
      }
    }
    if (fault === 'drop-after') return drop(raw, res);
    writeResponse(raw, res, response);
  };
}

function kiteApiKey(raw: IncomingMessage): string {
  const m = /^token\s+([^:\s]+):/.exec(raw.headers.authorization ?? '');
  return m?.[1] ?? `ip:${raw.socket.remoteAddress ?? ''}`;
}

function kiteGroup(method: string, path: string): { group: string; rate: RateGroup } {
  if (path.startsWith('/quote')) return { group: 'quote', rate: 'kiteQuote' };
  if (path.startsWith('/instruments/historical')) return { group: 'historical', rate: 'kiteHistorical' };
  if (path.startsWith('/orders') && method !== 'GET') return { group: 'orders', rate: 'kiteOrders' };
  return { group: 'other', rate: 'kiteOther' };
}

const kiteErrors = {
  tooManyRequests: () => json(429, kiteError('NetworkException', 'Too many requests')),
  notFound: () => json(404, kiteError('GeneralException', 'Route not found')),
  wrongMethod: () => json(405, kiteError('GeneralException', 'Method not allowed')),
  internalError: () => json(500, kiteError('GeneralException', 'Something went wrong in the sandbox.')),
};

/** The Kite Connect REST service. */
export function kiteApiSpec(routes: Route[]): ServiceSpec {
  return { name: 'kite', routes, groupOf: kiteGroup, clientOf: kiteApiKey, ...kiteErrors };
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
