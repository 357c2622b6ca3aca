import type { BodyOf, DataOf, ParamsOf, QueryOf, RouteDef } from '@app/contract';
import { MSG, UNKNOWN_ROUTE_ERROR } from '@app/contract';
import { clearSession, getToken } from './session';

/** A failed call, carrying the message SPEC §7 says to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Args<R extends RouteDef> = {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  signal?: AbortSignal;
};

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** SPEC §7: the server's error text wins; otherwise 'Request failed with status {code}: {text}'. */
export function errorMessageFrom(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown };
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return `Request failed with status ${status}: ${statusText}`;
}

/**
 * Development and test builds parse every reply with the route's own contract schema, so a server that
 * drifts from the contract fails loudly where it is built and tested; production trusts the server and
 * skips the cost.
 */
const isCheckingReplies = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** The code of an ApiError for a reply that broke the contract (a screen shows its own text instead). */
export const CONTRACT_MISMATCH = 'CONTRACT_MISMATCH';

function checkedData<R extends RouteDef>(route: R, data: unknown): DataOf<R> {
  if (!isCheckingReplies) return data as DataOf<R>;
  const parsed = route.data.safeParse(data);
  if (parsed.success) return parsed.data as DataOf<R>;
  const issue = parsed.error.issues[0];
  throw new ApiError(
    `The server's reply to ${route.method} ${route.path} does not match the contract (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
    200,
    CONTRACT_MISMATCH,
  );
}

export interface Reply<T> {
  data: T;
  message?: string;
}

/** Calls one contract route with the bearer token; returns `data` and the server's message. */
export async function callRoute<R extends RouteDef>(route: R, args: Args<R> = {}): Promise<Reply<DataOf<R>>> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = args.body !== undefined || route.method === 'POST' || route.method === 'PUT';
  if (hasBody) headers['content-type'] = 'application/json';
  const url = `/api${buildPath(route.path, args.params as Record<string, unknown>)}${buildQuery(args.query as Record<string, unknown>)}`;
  const res = await fetch(url, {
    method: route.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(args.body ?? {}) } : {}),
    ...(args.signal ? { signal: args.signal } : {}),
  });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    if (res.status === 401 || res.status === 403) clearSession(MSG.sessionEnded);
    const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : undefined;
    throw new ApiError(errorMessageFrom(res.status, res.statusText, body), res.status, code);
  }
  const envelope = body as { data: unknown; message?: string };
  return { data: checkedData(route, envelope.data), ...(envelope.message ? { message: envelope.message } : {}) };
}

/** Most callers want only the data. */
export async function call<R extends RouteDef>(route: R, args: Args<R> = {}): Promise<DataOf<R>> {
  return (await callRoute(route, args)).data;
}

/**
 * The text a screen shows for a failed call (SPEC §7): the server's own text wins; the screen's
 * catalogue string stands in when the server's text tells a user nothing (an internal error, or an
 * unknown route) and for failures that never reached the server.
 */
export function messageOf(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError) || !err.message) return fallback;
  if (err.status >= 500 && err.code === 'INTERNAL') return fallback;
  if (err.code === CONTRACT_MISMATCH) return fallback;
  if (err.status === 404 && err.message === UNKNOWN_ROUTE_ERROR) return fallback;
  return err.message;
}
