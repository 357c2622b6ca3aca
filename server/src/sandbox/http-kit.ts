/**
 * A deliberately small HTTP toolkit for the sandbox on node:http. The sandbox imitates other companies'
 * servers, so it needs byte-level control a framework would get in the way of: exact `Content-Type`
 * values (`text/csv` with no charset, which kiteconnect compares verbatim), gzip, cookies, 302s, and
 * dropping a connection without an answer.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** What a handler sees. `path` is relative to the service's mount prefix. */
export interface SandboxRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The urlencoded body (empty for other bodies). */
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  cookies: Record<string, string>;
}

/** What a handler returns. */
export interface SandboxResponse {
  status: number;
  headers?: Record<string, string | string[]>;
  body: string | Uint8Array;
}

/** A route handler. */
export type Handler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

/** One route; `pattern` segments starting with `:` capture a parameter. */
export interface Route {
  method: string;
  pattern: string;
  handler: Handler;
}

/** Result of matching: a handler, or whether the path exists under another method (405). */
export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method' }
  | { kind: 'not-found' };

function matchPattern(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const part = parts[i] as string;
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(part);
    else if (p !== part) return null;
  }
  return params;
}

/** Compiles routes into a matcher. Trailing slashes are ignored. */
export function createRouter(routes: readonly Route[]): (method: string, path: string) => RouteMatch {
  const compiled = routes.map((r) => ({ ...r, parts: r.pattern.split('/').filter(Boolean) }));
  return (method, path) => {
    const parts = path.split('/').filter(Boolean);
    let isPathKnown = false;
    for (const route of compiled) {
      const params = matchPattern(route.parts, parts);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params };
      isPathKnown = true;
    }
    return isPathKnown ? { kind: 'wrong-method' } : { kind: 'not-found' };
  };
}

/** Reads a request body up to `limit` bytes. */
export async function readBody(request: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) throw new RangeError('Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a `Cookie` header. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return cookies;
}

/** Builds the handler's view of a request whose body has been read. */
export function toSandboxRequest(raw: IncomingMessage, url: URL, path: string, body: string): SandboxRequest {
  const isForm = (raw.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  return {
    method: raw.method ?? 'GET',
    path,
    query: url.searchParams,
    form: new URLSearchParams(isForm ? body : ''),
    headers: raw.headers,
    params: {},
    cookies: parseCookies(raw.headers.cookie),
  };
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string | string[]> = {}): SandboxResponse {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** Writes a response, gzipping large bodies when the client accepts it (Kite gzips its CSV dump). */
export function writeResponse(raw: IncomingMessage, res: ServerResponse, response: SandboxResponse): void {
  const headers: Record<string, string | string[]> = { ...response.headers };
  let body: Uint8Array = typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
  const acceptsGzip = /\bgzip\b/.test(String(raw.headers['accept-encoding'] ?? ''));
  if (acceptsGzip && body.byteLength > 4096) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
