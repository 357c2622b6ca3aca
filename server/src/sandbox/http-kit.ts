/**
 * The sandbox's request and response shapes. Route handlers are plain functions from a request to a
 * response, so each provider's behaviour reads (and is tested) without a server; `http-services.ts`
 * mounts them on Fastify with the byte-level control an imitation of other companies' servers needs:
 * exact `Content-Type` values (`text/csv` with no charset, which kiteconnect compares verbatim), gzip,
 * cookies, 302s, and dropping a connection without an answer.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';

/** What a handler sees. `path` is relative to the service's mount prefix. */
export interface SandboxRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The urlencoded body (empty for other bodies). */
  form: URLSearchParams;
  /** The body as sent (Kite's margin calculators take JSON). */
  body: string;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  cookies: Record<string, string>;
  /** The caller's address, normalized (static-ips.logic.ts): what an order records as its `source_ip`. */
  sourceIp: string;
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

/** Parses a `Cookie` header. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return cookies;
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string | string[]> = {}): SandboxResponse {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** The bytes and headers to send: large bodies gzipped when the client accepts it (Kite gzips its CSV dump). */
export function encodeResponse(
  response: SandboxResponse,
  acceptEncoding: string | undefined,
): { headers: Record<string, string | string[]>; body: Buffer } {
  const headers: Record<string, string | string[]> = { ...response.headers };
  let body = typeof response.body === 'string' ? Buffer.from(response.body) : Buffer.from(response.body);
  if (/\bgzip\b/.test(acceptEncoding ?? '') && body.byteLength > 4096) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  return { headers, body };
}
