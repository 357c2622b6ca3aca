import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildUser,
  buildUserBroker,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t, { username: 'olga' });
});
afterEach(async () => {
  await t.close();
});

const post = (payload: object, token = owner.token) =>
  t.request({ method: 'POST', url: '/api/strategies/user-mappings', token, payload });
const mine = () => t.services.mappings.listFor(owner.id);

describe('strategy mappings', () => {
  it('lists the strategies with RDX as id 1', async () => {
    const res = await t.request({ method: 'GET', url: '/api/strategies/list', token: owner.token });
    expect(res.json().data[0]).toMatchObject({ id: 1, name: 'RDX' });
  });

  it('creates a mapping with its display fields', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'OL1234' });
    const res = await post({
      strategy_id: 1,
      instrument_id: 1,
      user_broker_id: broker.id,
      is_active: 1,
      is_dummy: 1,
      ce_count: 2,
      pe_count: 1,
      start_time: '09:30',
      end_time: '15:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      user_id: owner.id,
      is_active: 1,
      is_dummy: 1,
      ce_count: 2,
      pe_count: 1,
      start_time: '09:30',
      end_time: '15:00',
      running_status: 0,
      strategy_name: 'RDX',
      instrument_name: 'NIFTY 50',
      instrument_ticker: 'NIFTY',
      broker_username: 'OL1234',
      user_username: 'olga',
    });
  });

  it('treats empty times as Always On', async () => {
    const broker = await buildUserBroker(t, owner);
    const res = await post({
      strategy_id: 1,
      instrument_id: 1,
      user_broker_id: broker.id,
      start_time: '',
      end_time: '',
    });
    expect(res.json().data).toMatchObject({ start_time: null, end_time: null, is_active: 1, is_dummy: 1 });
  });

  it.each([
    [{ start_time: '09:30' }, 'Please provide both Start Time and End Time, or leave both empty.'],
    [{ end_time: '15:00' }, 'Please provide both Start Time and End Time, or leave both empty.'],
    [{ start_time: '15:00', end_time: '09:30' }, 'End Time must be later than Start Time.'],
    [{ start_time: '10:00', end_time: '10:00' }, 'End Time must be later than Start Time.'],
    [{ user_broker_id: undefined }, 'Please select a user broker'],
    [{ user_broker_id: 0 }, 'Please select a user broker'],
    [{ ce_count: -1 }, 'CE Count must be at least 0'],
    [{ pe_count: 1.5 }, 'PE Count must be a whole number'],
    [{ is_dummy: 3 }, 'Mode must be 0 or 1'],
    [{ strategy_id: 99 }, 'Strategy not found'],
    [{ instrument_id: 99 }, 'Instrument not found'],
  ])('refuses %o with "%s" and writes nothing', async (over, message) => {
    const broker = await buildUserBroker(t, owner);
    const res = await post({ strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await mine()).toHaveLength(0);
  });

  it("refuses another user's broker account", async () => {
    const other = await buildUser(t);
    const theirs = await buildUserBroker(t, other);
    const res = await post({ strategy_id: 1, instrument_id: 1, user_broker_id: theirs.id });
    expect(res.statusCode).toBe(400);
    expect(await mine()).toHaveLength(0);
  });

  it('lists only my mappings; the admin sees everyone with usernames', async () => {
    await buildMapping(t, owner);
    const other = await buildUser(t, { username: 'pavel' });
    await buildMapping(t, other);
    const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    expect(res.json().data.map((m: { user_username: string }) => m.user_username)).toEqual(['olga']);
    const admin = await buildAdmin(t);
    const all = await t.request({ method: 'GET', url: '/api/strategies/admin/all-user-mappings', token: admin.token });
    expect(all.json().data.map((m: { user_username: string }) => m.user_username)).toEqual(['olga', 'pavel']);
  });

  it('lets an admin create a mapping for a user with that user’s broker', async () => {
    const admin = await buildAdmin(t);
    const broker = await buildUserBroker(t, owner);
    const res = await post(
      { strategy_id: 1, instrument_id: 2, user_broker_id: broker.id, user_id: owner.id },
      admin.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ user_id: owner.id, instrument_name: 'NIFTY BANK' });
  });

  it('ignores user_id from a non-admin', async () => {
    const other = await buildUser(t);
    const broker = await buildUserBroker(t, owner);
    const res = await post({ strategy_id: 1, instrument_id: 1, user_broker_id: broker.id, user_id: other.id });
    expect(res.json().data.user_id).toBe(owner.id);
  });

  it('updates and checks the window rule on the merged row', async () => {
    const m = await buildMapping(t, owner, { start_time: '09:30', end_time: '15:00' });
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: `/api/strategies/user-mappings/${m.id}`, token: owner.token, payload });
    const bad = await put({ end_time: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('End Time must be later than Start Time.');
    const ok = await put({ ce_count: 3, is_active: 0, start_time: null, end_time: null });
    expect(ok.json().data).toMatchObject({ ce_count: 3, is_active: 0, start_time: null, end_time: null });
  });

  it("hides another user's mapping and leaves it unchanged", async () => {
    const m = await buildMapping(t, owner);
    const other = await buildUser(t);
    const res = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}`,
      token: other.token,
      payload: { ce_count: 9 },
    });
    expect(res.statusCode).toBe(404);
    expect((await mine())[0]?.ce_count).toBe(1);
  });

  it('toggles the running status and refuses to delete a running mapping', async () => {
    const m = await buildMapping(t, owner);
    await buildRdxConfig(t, owner, m.id);
    const toggled = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/toggle-status`,
      token: owner.token,
      payload: { running_status: 1 },
    });
    expect(toggled.json().data.strategy.running_status).toBe(1);
    const del = await t.request({ method: 'DELETE', url: `/api/strategies/user-mappings/${m.id}`, token: owner.token });
    expect(del.statusCode).toBe(409);
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, m.id, 0);
    const ok = await t.request({ method: 'DELETE', url: `/api/strategies/user-mappings/${m.id}`, token: owner.token });
    expect(ok.statusCode).toBe(200);
    expect(await mine()).toHaveLength(0);
  });

  it('refuses a running_status outside 0, 1, 2', async () => {
    const m = await buildMapping(t, owner);
    const res = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/toggle-status`,
      token: owner.token,
      payload: { running_status: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Status must be 0 (stopped), 1 (running) or 2 (paused)');
  });
});
