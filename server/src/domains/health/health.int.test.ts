import type { Health } from '@app/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, dialect, type TestApp } from '../../../test/test-app.js';
import { buildHealthOnlyApp } from '../../platform/health-only.js';

/*
 * GET /api/health (issue 27): anyone may ask whether the console is up, and learns nothing else (it showed
 * the host and port, the database, live or sandbox, and the workers' error text to anyone). An admin's
 * session also gets the details the admin screens read.
 */

let t: TestApp;
let admin: TestUser;
let trader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
  trader = await buildUser(t);
});
afterAll(() => t.close());

const health = async (token?: string) => {
  const res = await t.request({ method: 'GET', url: '/api/health', ...(token ? { token } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json<{ success: true; data: Health }>();
};

describe('GET /api/health', () => {
  it('tells anyone, a trader and a bad token only that the console is up', async () => {
    for (const token of [undefined, trader.token, 'not-a-session.token']) {
      expect(await health(token)).toEqual({ success: true, data: { status: 'up' } });
    }
  });

  it("gives an admin's session what runs where", async () => {
    const { data } = await health(admin.token);
    expect(data.status).toBe('up');
    expect(data.details).toMatchObject({ database: dialect, marketMode: 'sandbox', workers: [], leader: 'console' });
    expect(typeof data.details?.version).toBe('string');
  });

  it('is the same on a worker-only process, whose health server passes the admin token on', async () => {
    const server = await buildHealthOnlyApp(t.app, pino({ level: 'silent' }), { hstsMaxAgeSeconds: 0 });
    try {
      const anonymous = await server.inject({ method: 'GET', url: '/api/health' });
      expect(anonymous.json()).toEqual({ success: true, data: { status: 'up' } });
      expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
      const forAdmin = await server.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(forAdmin.json<{ data: Health }>().data.details?.database).toBe(dialect);
      const elsewhere = await server.inject({ method: 'GET', url: '/api/users?<b>x</b>' });
      expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
        404,
        { success: false, error: 'Not found', code: 'NOT_FOUND' },
      ]);
    } finally {
      await server.close();
    }
  });
});
