import { LEGS_TEMPLATES, LegsConfigSchema, MSG, labelOf } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/** Issue 33: any strategy's settings through GET/PUT /strategies/user-mappings/{id}/config, and the templates. */
let t: TestApp;
let owner: TestUser;
let mappingId: number;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  mappingId = (await buildMapping(t, owner)).id;
});
afterEach(async () => {
  await t.close();
});

const config = (method: 'GET' | 'PUT', payload?: object, token = owner.token, id = mappingId) =>
  t.request({ method, url: `/api/strategies/user-mappings/${id}/config`, token, ...(payload ? { payload } : {}) });

describe('a strategy’s configuration through the type-agnostic routes', () => {
  it('names each strategy’s type in the strategies list', async () => {
    const res = await t.request({ method: 'GET', url: '/api/strategies/list', token: owner.token });
    expect(res.json().data).toContainEqual(expect.objectContaining({ name: 'RDX', type: 'rdx' }));
  });

  it('reads an RDX mapping’s as none, creates it with a PUT, updates it with the next, as /rdx-config sees it', async () => {
    expect((await config('GET')).json().data).toEqual({ strategy_type: 'rdx', config: null });
    const created = await config('PUT', { rdx_lot_count: 2, atm_value: 24500, offset_value: 150, interval: '5m' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      strategy_type: 'rdx',
      config: { user_strategy_mapping_id: mappingId, rdx_lot_count: 2, atm_value: 24500, offset_value: 150 },
    });
    // What a PUT leaves out keeps its stored value, as /rdx-config's PUT.
    const updated = await config('PUT', { rdx_lot_count: 3, interval: '15m' });
    expect(updated.json().data.config).toMatchObject({ rdx_lot_count: 3, atm_value: 24500, offset_value: 150 });
    const rdx = await t.request({
      method: 'GET',
      url: `/api/strategies/user-mappings/${mappingId}/rdx-config`,
      token: owner.token,
    });
    expect(rdx.json().data).toEqual(updated.json().data.config);
    expect((await config('GET')).json().data.config).toEqual(rdx.json().data);
  });

  it.each([
    [{ interval: '5m' }, 'rdx_lot_count'],
    [{ rdx_lot_count: 0, interval: '5m' }, 'rdx_lot_count'],
    [{ rdx_lot_count: 1, atm_value: -5, interval: '5m' }, 'atm_value'],
    [{ rdx_lot_count: 1, interval: '4h' }, 'interval'],
  ])('refuses %o by the type’s own schema, naming %s, and writes nothing', async (payload, field) => {
    const res = await config('PUT', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(labelOf(field));
    expect((await config('GET')).json().data.config).toBeNull();
  });

  it('keeps another trader’s strategy out of reach (404 on read and on save) and wants a session', async () => {
    const other = await buildUser(t, { username: 'other-trader' });
    expect((await config('GET', undefined, other.token)).statusCode).toBe(404);
    expect((await config('PUT', { rdx_lot_count: 1, interval: '5m' }, other.token)).statusCode).toBe(404);
    expect((await config('GET')).json().data.config).toBeNull();
    expect(
      (await t.request({ method: 'GET', url: `/api/strategies/user-mappings/${mappingId}/config` })).statusCode,
    ).toBe(401);
  });

  it('says so, in words, for a strategy no type trades', async () => {
    const { id } = await t.database.db
      .insertInto('strategies')
      .values({ name: 'Retired', description: 'no longer traded', isEnabled: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = (await t.request({ method: 'GET', url: '/api/strategies/list', token: owner.token })).json().data;
    expect(list).toContainEqual(expect.objectContaining({ name: 'Retired', type: null }));
    await t.database.db
      .updateTable('userStrategyMappings')
      .set({ strategyId: Number(id) })
      .where('id', '=', mappingId)
      .execute();
    const res = await config('GET');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.noStrategyType);
  });
});

describe('GET /strategies/templates', () => {
  it('lists the ten multi-leg presets, each a valid configuration a trader can start from', async () => {
    const res = await t.request({ method: 'GET', url: '/api/strategies/templates', token: owner.token });
    expect(res.statusCode).toBe(200);
    const templates = res.json().data as Array<{ key: string; name: string; strategy_type: string; config: unknown }>;
    expect(templates.map((x) => x.key)).toEqual(LEGS_TEMPLATES.map((x) => x.key));
    expect(templates).toHaveLength(10);
    expect(templates.map((x) => x.name)).toContain('Short strangle, 25 % SL per leg');
    for (const x of templates) {
      expect(x.strategy_type).toBe('legs');
      expect(LegsConfigSchema.safeParse(x.config).success).toBe(true);
    }
    expect((await t.request({ method: 'GET', url: '/api/strategies/templates' })).statusCode).toBe(401);
  });
});
