import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { installErrorHandler } from './http.js';
import { installSecurityHeaders } from './security-headers.js';
import { serveWebApp } from './static.js';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const ASSET_JS = 'console.log("console");';

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(String(headers['permissions-policy'])).toContain('camera=()');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

describe('security headers on the API (the whole app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every /api reply is kept out of caches, loads nothing and carries the guards', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expectCommonHeaders(res.headers);
    // Plain HTTP: no promise of HTTPS.
    expect(res.headers).not.toHaveProperty('strict-transport-security');
  });

  it('an error reply (401) is no-store too', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(res.headers);
  });
});

describe('security headers and the SPA fallback (the built web app)', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), ASSET_JS);
    // As behind nginx with TRUST_PROXY: X-Forwarded-Proto says whether the browser used TLS.
    app = Fastify({ trustProxy: true });
    installErrorHandler(app);
    installSecurityHeaders(app, { hstsMaxAgeSeconds: 600 });
    app.get('/api/ping', () => Promise.resolve({ success: true, data: 'pong' }));
    await serveWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('a client route is the app, under a policy that allows only its own scripts and socket', async () => {
    const res = await app.inject({ method: 'GET', url: '/login', headers: { host: 'console.test:8443' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' ws://console.test:8443;");
    expect(csp).not.toContain('unsafe');
    expectCommonHeaders(res.headers);
  });

  it('HEAD /login answers like GET, without a body', async () => {
    const get = await app.inject({ method: 'GET', url: '/login' });
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets may be cached for good; a missing one is a 404, not the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET_JS);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCommonHeaders(asset.headers);
    const missing = await app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it('an unknown /api path stays a JSON 404 for GET and HEAD, uncached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(res.headers['cache-control']).toBe('no-store');
    const head = await app.inject({ method: 'HEAD', url: '/api/nope' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    const post = await app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
  });

  it('over TLS (per the trusted proxy) HSTS is sent and the socket is wss', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'console.test', 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=600');
    expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self' wss://console.test;");
    const api = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe('max-age=600');
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
