import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/*
 * What Fastify refuses before any route runs (issue 27) is answered like every other API error: SPEC's
 * envelope `{ success: false, error, code }` with our words, never the request's own text (the path, a JSON
 * parser's excerpt of the body, the content type), and with the security headers. A malformed URL got
 * Fastify's own 400, the path in it and none of our headers.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  // A real socket: a URL no router can decode never gets as far as app.inject's own parsing.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** One raw HTTP request, its path and body sent exactly as given. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const PROBE = 'zz<script>probe</script>';

function expectOurs(res: Awaited<ReturnType<typeof raw>>, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'error', 'success']);
  expect(body).toMatchObject({ success: false, code });
  expect(res.body).not.toContain('probe');
  expect(res.body).not.toContain('statusCode');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['cache-control']).toBe('no-store');
}

describe("the framework's refusals", () => {
  it('a URL that cannot be decoded', async () => {
    expectOurs(await raw('GET', `/api/health/%E0%A4%A${encodeURIComponent(PROBE)}`), 400, 'VALIDATION_FAILED');
    expectOurs(await raw('GET', `/api/users/%${PROBE}`), 400, 'VALIDATION_FAILED');
  });

  it('a body that is not JSON, or empty', async () => {
    const json = { 'content-type': 'application/json' };
    expectOurs(await raw('POST', '/api/auth/login', json, `{"username": "${PROBE}`), 400, 'VALIDATION_FAILED');
    expectOurs(await raw('POST', '/api/auth/login', json, ''), 400, 'VALIDATION_FAILED');
  });

  it('a body too large, and one of a media type the API does not take', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    expectOurs(
      await raw('POST', '/api/auth/login', { 'content-type': 'application/json' }, big),
      413,
      'VALIDATION_FAILED',
    );
    const xml = await raw('POST', '/api/auth/login', { 'content-type': `application/${PROBE}` }, '<x/>');
    expectOurs(xml, 415, 'VALIDATION_FAILED');
  });

  it('a path no route answers', async () => {
    const res = await raw('GET', `/api/${encodeURIComponent(PROBE)}`);
    expectOurs(res, 404, 'NOT_FOUND');
    expect(JSON.parse(res.body)).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});
