import { gunzipSync } from 'node:zlib';
import type { AdminPositionsReply } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * GET /positions/admin/all made once for the admins asking at about the same time (everyones-positions.ts):
 * the same answer to each, yet a fill or leg recorded meanwhile is seen at once, and only admins are answered.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const everyone = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/positions/admin/all', token });
  return { status: res.statusCode, body: res.body, data: res.json<{ data: AdminPositionsReply }>().data };
};
const strikesOf = (reply: AdminPositionsReply, mappingId: number) =>
  reply.positions
    .find((p) => p.user_strategy_mapping_id === mappingId)
    ?.legs.map((l) => [l.option_type, l.strike])
    .sort();

describe('GET /positions/admin/all, shared', () => {
  it('answers admins asking together alike, and shows a realign at once, not a second later', async () => {
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const [first, second] = [await buildAdmin(t), await buildAdmin(t)];

    const [a, b] = await Promise.all([everyone(first.token), everyone(second.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toBe(a.body);
    expect(strikesOf(a.data, m.id)).toEqual([
      ['CE', 24600],
      ['PE', 24400],
    ]);
    expect((await t.request({ method: 'GET', url: '/api/positions/admin/all', token: owner.token })).statusCode).toBe(
      403,
    );

    // The realign closes both legs and opens two at new strikes, within the second a reply is kept for.
    await t.services.engine.evaluate('256265', '15m', 2460000, CLOSE + 900_000);
    expect(strikesOf((await everyone(second.token)).data, m.id)).toEqual([
      ['CE', 24700],
      ['PE', 24500],
    ]);
  });

  it('is sent gzipped to a client that takes gzip (a browser does), the same JSON once unzipped', async () => {
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 1);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const admin = await buildAdmin(t);
    const plain = await t.request({ method: 'GET', url: '/api/positions/admin/all', token: admin.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.request({
      method: 'GET',
      url: '/api/positions/admin/all',
      token: admin.token,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    // A client refusing gzip (q=0) is sent it plain.
    const refused = await t.request({
      method: 'GET',
      url: '/api/positions/admin/all',
      token: admin.token,
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect([refused.headers['content-encoding'], refused.body]).toEqual([undefined, plain.body]);
  });
});
