// The audit log (issue 13) of the console's switches: risk, reference data and market data, with what they changed.
import { describe, expect, it } from 'vitest';
import { useAuditTrail } from '../../../test/audit-trail.js';

const trail = useAuditTrail();
const { send, latest } = trail;
/** Fewer rows than these stories put on record: the secrets check must have rows to read. */
const MIN_ROWS = 16;

describe('the console: risk, reference data, market data', () => {
  it('records the kill switch and Exit all with what they stopped', async () => {
    await send(trail.admin.token, { method: 'POST', url: '/api/risk/kill-switch', payload: { engaged: true } });
    expect(await latest('kill_switch.engage')).toMatchObject({
      actor: trail.admin.username,
      object_type: 'kill_switch',
      changes: { engaged: { before: false, after: true } },
      detail: { stopped_strategies: expect.any(Number), closed_legs: expect.any(Number) },
    });
    await send(trail.admin.token, { method: 'POST', url: '/api/risk/kill-switch', payload: { engaged: false } });
    expect((await latest('kill_switch.release')).changes).toEqual({ engaged: { before: true, after: false } });

    await send(trail.owner.token, { method: 'POST', url: '/api/strategies/user-mappings/exit-all' });
    expect(await latest('mapping.exit_all')).toMatchObject({
      actor: trail.owner.username,
      object_id: trail.owner.id,
      detail: { stopped_strategies: expect.any(Number) },
    });
  });

  it("records a user's daily loss limit, set by themselves or by an trail.admin", async () => {
    await send(trail.owner.token, { method: 'PUT', url: '/api/risk/limits', payload: { daily_max_loss: 10000 } });
    expect(await latest('limits.update')).toMatchObject({
      actor: trail.owner.username,
      object_id: trail.owner.id,
      changes: { daily_max_loss_paise: { before: null, after: 1000000 } },
    });
    await send(trail.admin.token, {
      method: 'PUT',
      url: '/api/risk/limits',
      payload: { daily_max_loss: null, user_id: trail.owner.id },
    });
    expect(await latest('limits.update')).toMatchObject({
      actor: trail.admin.username,
      object_id: trail.owner.id,
      changes: { daily_max_loss_paise: { before: 1000000, after: null } },
    });
  });

  it('records instruments, holidays and live-data configurations with their fields', async () => {
    const made = await send(trail.admin.token, {
      method: 'POST',
      url: '/api/instruments',
      payload: { name: 'Audit Index', instrument_token: '777001', lot_size: 25 },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect((await latest('instrument.create')).changes).toMatchObject({
      instrument_token: { before: null, after: '777001' },
      lot_size: { before: null, after: 25 },
    });
    await send(trail.admin.token, { method: 'PUT', url: `/api/instruments/${id}`, payload: { lot_size: 30 } });
    expect((await latest('instrument.update')).changes).toEqual({ lot_size: { before: 25, after: 30 } });
    await send(trail.admin.token, { method: 'DELETE', url: `/api/instruments/${id}` });
    expect((await latest('instrument.delete')).object_id).toBe(id);

    const day = await send(trail.admin.token, {
      method: 'POST',
      url: '/api/calendar/holidays',
      payload: { date: '2031-01-26', description: 'Republic Day' },
    });
    const dayId = day.json<{ data: { id: number } }>().data.id;
    expect((await latest('holiday.create')).changes).toMatchObject({
      holiday_date: { before: null, after: '2031-01-26' },
    });
    await send(trail.admin.token, { method: 'DELETE', url: `/api/calendar/holidays/${dayId}` });
    expect((await latest('holiday.delete')).object_id).toBe(dayId);

    const config = await send(trail.admin.token, {
      method: 'POST',
      url: '/api/data/live-configs',
      payload: { source: 'kite', instrument_token: '777002', interval: '5m' },
    });
    const configId = config.json<{ data: { id: number } }>().data.id;
    expect((await latest('live_config.create')).object_id).toBe(configId);
    await send(trail.admin.token, {
      method: 'PUT',
      url: `/api/data/live-configs/${configId}`,
      payload: { interval: '15m' },
    });
    expect((await latest('live_config.update')).changes).toEqual({ interval: { before: '5m', after: '15m' } });
    await send(trail.admin.token, { method: 'DELETE', url: `/api/data/live-configs/${configId}` });
    expect((await latest('live_config.delete')).object_id).toBe(configId);
  });

  it('records the switches of live sync, its schedule and the RDX service', async () => {
    const calls: Array<[string, string]> = [
      ['/api/live-sync/start', 'live_sync.start'],
      ['/api/live-sync/stop', 'live_sync.stop'],
      ['/api/live-sync/schedule/enable', 'live_sync.schedule_enable'],
      ['/api/live-sync/schedule/disable', 'live_sync.schedule_disable'],
      ['/api/rdx/start', 'rdx_service.start'],
      ['/api/rdx/stop', 'rdx_service.stop'],
      ['/api/instruments/refresh-from-exchange', 'instruments.refresh_from_exchange'],
    ];
    for (const [url, action] of calls) {
      const res = await send(trail.admin.token, { method: 'POST', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(await latest(action), action).toMatchObject({
        actor: trail.admin.username,
        actor_user_id: trail.admin.id,
      });
    }
  });
});

it('never holds a password, a token or an app code', () => trail.expectNoSecrets(MIN_ROWS));
