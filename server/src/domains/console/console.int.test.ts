import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/console/exchange', () => {
  it('tells anyone, signed in or not, that this console trades on its sandbox exchange, and nothing more', async () => {
    const res = await t.request({ method: 'GET', url: '/api/console/exchange' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { exchange: 'sandbox' } });
  });
});
