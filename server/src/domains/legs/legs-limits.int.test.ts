import { LEGS_TEMPLATES } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { multiLegStrategyId, strategyRowOf } from '../../../test/legs-steps.js';

/*
 * Issue 33: a Multi-leg configuration's Max Loss and Target Profit are the strategy's own limits (the ones its row
 * edits and the risk domain watches): saved there through the config route, read back from there, and never kept
 * in the configuration where nothing would watch them.
 */

let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const config = (id: number, method: 'GET' | 'PUT', payload?: object) =>
  t.request({
    method,
    url: `/api/strategies/user-mappings/${id}/config`,
    token: owner.token,
    ...(payload ? { payload } : {}),
  });

describe('a Multi-leg configuration’s limits', () => {
  it('are the strategy’s own: saved on its row, read from it, kept nowhere else', async () => {
    const legsId = await multiLegStrategyId(t, owner.token);
    const m = await buildMapping(t, owner, { strategy_id: legsId });
    const straddle = LEGS_TEMPLATES[0]!.config;

    const saved = await config(m.id, 'PUT', { ...straddle, max_loss: 5000, target_profit: 2500.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.config).toMatchObject({ max_loss: 5000, target_profit: 2500.5 });
    expect(await strategyRowOf(t, owner.token, m.id)).toMatchObject({ max_loss: 5000, target_profit: 2500.5 });
    const stored = await t.database.db
      .selectFrom('legsConfigs')
      .select('config')
      .where('mappingId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.config)).toMatchObject({ max_loss: null, target_profit: null });

    // Edited on the row: the configuration reads the row's.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}`,
      token: owner.token,
      payload: { max_loss: 4000 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await config(m.id, 'GET')).json().data.config).toMatchObject({ max_loss: 4000, target_profit: 2500.5 });

    // Cleared through the configuration: cleared on the row.
    expect((await config(m.id, 'PUT', { ...straddle, max_loss: null, target_profit: null })).statusCode).toBe(200);
    expect(await strategyRowOf(t, owner.token, m.id)).toMatchObject({ max_loss: null, target_profit: null });
  });
});
