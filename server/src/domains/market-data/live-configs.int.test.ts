import { labelOf } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const post = (payload: object, token = admin.token) =>
  t.request({ method: 'POST', url: '/api/data/live-configs', token, payload });

describe('live data configurations', () => {
  it('creates and lists with the instrument name when known', async () => {
    const res = await post({ source: 'kite', instrument_token: '256265', interval: '5m' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Configuration added successfully!');
    await post({ source: 'binance', instrument_token: 'ETHUSDT', interval: '4h' });
    const list = await t.request({ method: 'GET', url: '/api/data/live-configs', token: admin.token });
    expect(list.json().data.map((c: { instrument_name: string | null }) => c.instrument_name)).toEqual([
      'NIFTY 50',
      null,
    ]);
  });

  it('refuses duplicates with 409 on create and on update', async () => {
    await post({ source: 'kite', instrument_token: '256265', interval: '5m' });
    const dup = await post({ source: 'kite', instrument_token: '256265', interval: '5m' });
    expect(dup.statusCode).toBe(409);
    const other = (await post({ source: 'kite', instrument_token: '256265', interval: '15m' })).json().data;
    const upd = await t.request({
      method: 'PUT',
      url: `/api/data/live-configs/${other.id}`,
      token: admin.token,
      payload: { interval: '5m' },
    });
    expect(upd.statusCode).toBe(409);
    expect(await t.services.liveConfigs.list()).toHaveLength(2);
  });

  it.each([
    [{ source: 'yahoo', instrument_token: '1', interval: '5m' }, 'source'],
    [{ source: 'kite', instrument_token: '', interval: '5m' }, 'instrument_token'],
    [{ source: 'kite', instrument_token: 'NIFTY', interval: '5m' }, 'instrument_token'],
    [{ source: 'binance', instrument_token: 'btc-usdt', interval: '5m' }, 'instrument_token'],
    [{ source: 'kite', instrument_token: '256265', interval: '2h' }, 'interval'],
  ])('refuses %o naming %s and writes nothing', async (payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(labelOf(field));
    expect(await t.services.liveConfigs.list()).toHaveLength(0);
  });

  it('edits and deletes; users get 403', async () => {
    const c = (await post({ source: 'kite', instrument_token: '256265', interval: '5m' })).json().data;
    const upd = await t.request({
      method: 'PUT',
      url: `/api/data/live-configs/${c.id}`,
      token: admin.token,
      payload: { source: 'binance', instrument_token: 'BTCUSDT', interval: '1m' },
    });
    expect(upd.json().data).toMatchObject({ source: 'binance', instrument_token: 'BTCUSDT', interval: '1m' });
    const badToken = await t.request({
      method: 'PUT',
      url: `/api/data/live-configs/${c.id}`,
      token: admin.token,
      payload: { source: 'kite' },
    });
    expect(badToken.statusCode).toBe(400);
    const u = await buildUser(t);
    expect((await t.request({ method: 'GET', url: '/api/data/live-configs', token: u.token })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/data/live-configs/${c.id}`, token: admin.token })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/data/live-configs/${c.id}`, token: admin.token })).statusCode,
    ).toBe(404);
  });
});
