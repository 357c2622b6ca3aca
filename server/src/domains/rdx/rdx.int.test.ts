import { labelOf } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../platform/domain-events.js';
import {
  buildAdmin,
  buildMapping,
  buildRdxConfig,
  buildRunningPaperMapping,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

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

const url = () => `/api/strategies/user-mappings/${mappingId}/rdx-config`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: object, token = owner.token) =>
  t.request({ method, url: url(), token, ...(payload ? { payload } : {}) });

describe('RDX configuration', () => {
  it('is none (200, data null: no failed request) until created, then round-trips with defaults', async () => {
    const none = await call('GET');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, data: null });
    const created = await call('POST', { rdx_lot_count: 2, interval: '5m' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      user_strategy_mapping_id: mappingId,
      rdx_lot_count: 2,
      atm_value: 0,
      offset_value: 0,
      interval: '5m',
      atm_last_updated: null,
    });
    expect((await call('GET')).json().data.rdx_lot_count).toBe(2);
    expect((await call('POST', { rdx_lot_count: 1, interval: '5m' })).statusCode).toBe(409);
  });

  it.each([
    [{ interval: '5m' }, 'rdx_lot_count'],
    [{ rdx_lot_count: 0, interval: '5m' }, 'rdx_lot_count'],
    [{ rdx_lot_count: 1, atm_value: -5, interval: '5m' }, 'atm_value'],
    [{ rdx_lot_count: 1, offset_value: 1.234, interval: '5m' }, 'offset_value'],
    [{ rdx_lot_count: 1, interval: '4h' }, 'interval'],
    [{ rdx_lot_count: 1 }, 'interval'],
  ])('refuses %o naming %s and writes nothing', async (payload, field) => {
    const res = await call('POST', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(labelOf(field));
    expect((await call('GET')).json().data).toBeNull();
  });

  it('updates (negative offsets allowed, ATM change stamped) and deletes', async () => {
    await call('POST', { rdx_lot_count: 1, interval: '15m' });
    const upd = await call('PUT', { rdx_lot_count: 3, atm_value: 24550.5, offset_value: -100, interval: '1h' });
    expect(upd.json().data).toMatchObject({ rdx_lot_count: 3, atm_value: 24550.5, offset_value: -100, interval: '1h' });
    expect(upd.json().data.atm_last_updated).toBe(new Date(t.clock.now()).toISOString());
    expect((await call('DELETE')).statusCode).toBe(200);
    expect((await call('GET')).json().data).toBeNull();
    expect((await call('PUT', { rdx_lot_count: 1, interval: '5m' })).statusCode).toBe(404);
  });

  it('keeps the ATM and offset a PUT leaves out (a lots-only change realigns nothing)', async () => {
    await call('POST', { rdx_lot_count: 1, atm_value: 24500, offset_value: 150, interval: '15m' });
    const stamped = (await call('GET')).json().data.atm_last_updated;
    t.clock.advance(60_000);
    const upd = await call('PUT', { rdx_lot_count: 2, interval: '15m' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ rdx_lot_count: 2, atm_value: 24500, offset_value: 150 });
    expect(upd.json().data.atm_last_updated).toBe(stamped);
    // Still validated when given.
    expect((await call('PUT', { rdx_lot_count: 2, atm_value: -1, interval: '15m' })).statusCode).toBe(400);
  });

  it('applies only to RDX mappings', async () => {
    const other = await t.database.db
      .insertInto('strategies')
      .values({ name: 'OTHER', description: '', isEnabled: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await t.services.mappings.create(
      { userId: owner.id, role: 'user' },
      {
        strategy_id: other.id,
        instrument_id: 1,
        user_broker_id: (await t.services.brokers.listFor(owner.id))[0]?.id ?? 0,
        is_active: 1,
        is_dummy: 1,
        ce_count: 1,
        pe_count: 1,
        start_time: null,
        end_time: null,
      },
    );
    mappingId = m.id;
    const res = await call('POST', { rdx_lot_count: 1, interval: '5m' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('RDX configuration applies only to RDX strategy mappings');
  });

  it("hides another user's configuration", async () => {
    await call('POST', { rdx_lot_count: 1, interval: '5m' });
    const other = await buildUser(t);
    expect((await call('GET', undefined, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', undefined, other.token)).statusCode).toBe(404);
    expect((await call('GET')).statusCode).toBe(200);
  });
});

describe('pause, resume and user-config', () => {
  const post = (path: string) =>
    t.request({ method: 'POST', url: `/api/rdx/${path}/${mappingId}`, token: owner.token });

  it('pauses only a running strategy and resumes only a paused one', async () => {
    expect((await post('pause')).statusCode).toBe(409);
    await call('POST', { rdx_lot_count: 1, interval: '5m' });
    await t.services.mappings.setRunningStatus({ userId: owner.id, role: 'user' }, mappingId, 1);
    const paused = await post('pause');
    expect(paused.json().data).toMatchObject({ newStatus: 2, strategy: { running_status: 2 } });
    expect((await post('pause')).json().error).toBe('Strategy is not running');
    const resumed = await post('resume');
    expect(resumed.json().data.newStatus).toBe(1);
    expect((await post('resume')).json().error).toBe('Strategy is not paused');
  });

  it('returns the mapping with its config (or null)', async () => {
    const before = await t.request({ method: 'GET', url: `/api/rdx/user-config/${mappingId}`, token: owner.token });
    expect(before.json().data).toMatchObject({ strategy: { id: mappingId }, config: null });
    await call('POST', { rdx_lot_count: 1, interval: '5m' });
    const after = await t.request({ method: 'GET', url: `/api/rdx/user-config/${mappingId}`, token: owner.token });
    expect(after.json().data.config.interval).toBe('5m');
  });
});

describe('switching the RDX service (issue 27)', () => {
  /** An open leg of the mapping, as the engine writes one after an entry. */
  const openLeg = (id: number, userId: number) =>
    t.database.db
      .insertInto('strategyLegs')
      .values({
        mappingId: id,
        userId,
        optionType: 'CE',
        tradingSymbol: 'NIFTY26DEC25000CE',
        exchange: 'NFO',
        strikePaise: 2_500_000,
        expiry: '2026-12-29',
        quantity: 65,
        entryPricePaise: 10_000,
        status: 'open',
        openedAt: t.clock.now(),
        closedAt: null,
      })
      .execute();

  it('publishes who switched it and what it holds, per owner, for their alerts', async () => {
    const admin = await buildAdmin(t);
    const other = await buildUser(t);
    const running = await buildRunningPaperMapping(t, owner);
    await openLeg(running, owner.id);
    const paused = await buildRunningPaperMapping(t, other);
    await t.services.mappings.setRunningStatus({ userId: other.id, role: 'user' }, paused, 2);
    // A stopped strategy without legs is not concerned; the beforeEach's mapping is one.
    await buildRdxConfig(t, owner, mappingId);

    const heard: Array<DomainEvents['rdx.service_changed']> = [];
    t.events.subscribe('rdx.service_changed', (e) => {
      heard.push(e);
    });
    for (const path of ['/api/rdx/start', '/api/rdx/stop']) {
      expect((await t.request({ method: 'POST', url: path, token: admin.token })).statusCode).toBe(200);
    }
    await expect.poll(() => heard.length).toBe(2);
    const exposure = {
      running: 1,
      paused: 1,
      holdingLegs: { live: 0, paper: 1 },
      owners: [
        { userId: owner.id, running: 1, paused: 0, holdingLegs: 1 },
        { userId: other.id, running: 0, paused: 1, holdingLegs: 0 },
      ],
    };
    expect(heard).toEqual([
      {
        isRunning: true,
        by: admin.username,
        byUserId: admin.id,
        at: t.clock.now(),
        exposure,
        wasRunning: expect.any(Boolean),
      },
      // The alerts domain tells the owners only when the switch really moved.
      { isRunning: false, by: admin.username, byUserId: admin.id, at: t.clock.now(), exposure, wasRunning: true },
    ]);
  });

  it('leaves a running strategy running with its legs while stopped, and its row says they are held', async () => {
    const admin = await buildAdmin(t);
    const running = await buildRunningPaperMapping(t, owner);
    await openLeg(running, owner.id);
    await t.request({ method: 'POST', url: '/api/rdx/stop', token: admin.token });
    const row = (await t.services.mappings.listFor(owner.id)).find((m) => m.id === running);
    expect(row).toMatchObject({ running_status: 1 });
    expect(row?.open_legs).toHaveLength(1);
    expect(row?.status_detail).toBe(
      'RDX service is stopped: holding 1 leg (not squared off), no trading until an admin starts it',
    );
  });
});
