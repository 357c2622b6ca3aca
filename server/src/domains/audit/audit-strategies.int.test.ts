// The audit log (issue 13) of a strategy's life: each control through the API by its author, its own stops as `system`.
import { RUNNING_STATUS } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, useAuditTrail } from '../../../test/audit-trail.js';
import { buildMapping, buildRdxConfig, buildUserBroker } from '../../../test/factories.js';

const trail = useAuditTrail();
const { send, audit, latest } = trail;
/** Fewer rows than these stories put on record: the secrets check must have rows to read. */
const MIN_ROWS = 12;

describe('strategies', () => {
  it('records a mapping from creation through every control to deletion', async () => {
    const broker = await buildUserBroker(trail.t, trail.owner);
    const made = await send(trail.owner.token, {
      method: 'POST',
      url: '/api/strategies/user-mappings',
      payload: { strategy_id: 1, instrument_id: 1, user_broker_id: broker.id },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect(await latest('mapping.create')).toMatchObject({ object_type: 'mapping', object_id: id });

    await send(trail.owner.token, {
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}`,
      payload: { ce_count: 2, max_loss: 5000 },
    });
    expect((await latest('mapping.update')).changes).toEqual({
      // Created without counts: one CE and one PE (issue 27).
      ce_count: { before: 1, after: 2 },
      max_loss_paise: { before: null, after: 500000 },
    });
    // An admin's Max Loss on the owner's mapping is also the desk's cap: both columns are on record.
    await send(trail.admin.token, {
      method: 'PUT',
      url: `/api/strategies/user-mappings/${id}`,
      payload: { max_loss: 800 },
    });
    expect(await latest('mapping.update')).toMatchObject({
      actor: trail.admin.username,
      changes: {
        max_loss_paise: { before: 500000, after: 80000 },
        admin_max_loss_paise: { before: null, after: 80000 },
      },
    });

    const rdx = `/api/strategies/user-mappings/${id}/rdx-config`;
    await send(trail.owner.token, { method: 'POST', url: rdx, payload: { rdx_lot_count: 1, interval: '5m' } });
    expect(await latest('rdx_config.create')).toMatchObject({
      object_type: 'rdx_config',
      object_id: id,
      changes: { rdx_lot_count: { before: null, after: 1 }, interval: { before: null, after: '5m' } },
    });
    await send(trail.owner.token, { method: 'PUT', url: rdx, payload: { rdx_lot_count: 2, interval: '5m' } });
    // Only what the trader changed: the row's times and ids are not settings.
    expect((await latest('rdx_config.update')).changes).toEqual({ rdx_lot_count: { before: 1, after: 2 } });
    // The same settings through the type-agnostic route (issue 33): on record as the same row, changed.
    const config = `/api/strategies/user-mappings/${id}/config`;
    await send(trail.owner.token, { method: 'PUT', url: config, payload: { rdx_lot_count: 3, interval: '5m' } });
    expect(await latest('strategy_config.save')).toMatchObject({
      object_type: 'rdx_config',
      object_id: id,
      changes: { rdx_lot_count: { before: 2, after: 3 } },
    });

    const status = (running_status: number) =>
      send(trail.owner.token, {
        method: 'PUT',
        url: `/api/strategies/user-mappings/${id}/toggle-status`,
        payload: { running_status },
      });
    expect((await status(RUNNING_STATUS.RUNNING)).statusCode).toBe(200);
    expect((await latest('mapping.start')).changes).toMatchObject({ running_status: { before: 0, after: 1 } });

    expect((await send(trail.owner.token, { method: 'POST', url: `/api/rdx/pause/${id}` })).statusCode).toBe(200);
    expect((await latest('mapping.pause')).changes).toMatchObject({
      running_status: { before: 1, after: 2 },
      stop_reason: { before: null, after: 'manual' },
    });
    expect((await send(trail.owner.token, { method: 'POST', url: `/api/rdx/resume/${id}` })).statusCode).toBe(200);
    expect((await latest('mapping.resume')).object_id).toBe(id);

    const realign = await send(trail.owner.token, {
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/realign`,
    });
    expect(realign.statusCode, realign.body).toBe(200);
    expect((await latest('mapping.realign')).object_id).toBe(id);
    const exit = await send(trail.owner.token, { method: 'POST', url: `/api/strategies/user-mappings/${id}/exit` });
    expect(exit.statusCode, exit.body).toBe(200);
    expect((await latest('mapping.exit')).changes).toMatchObject({ running_status: { before: 1, after: 0 } });

    expect((await status(RUNNING_STATUS.RUNNING)).statusCode).toBe(200);
    expect((await status(RUNNING_STATUS.STOPPED)).statusCode).toBe(200);
    expect((await latest('mapping.stop')).changes).toMatchObject({ running_status: { before: 1, after: 0 } });

    await send(trail.owner.token, { method: 'DELETE', url: rdx });
    expect(await latest('rdx_config.delete')).toMatchObject({ object_id: id });
    await send(trail.owner.token, { method: 'DELETE', url: `/api/strategies/user-mappings/${id}` });
    expect(await latest('mapping.delete')).toMatchObject({ object_id: id, actor: trail.owner.username });
  });

  it('records a refused action nowhere: only what happened is on record', async () => {
    const before = (await audit('action=mapping.start')).total;
    const m = await buildMapping(trail.t, trail.owner);
    // Without an RDX configuration the start is refused.
    const res = await send(trail.owner.token, {
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/toggle-status`,
      payload: { running_status: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect((await audit('action=mapping.start')).total).toBe(before);
  });

  it('records a stop the console made by itself as the system, on the trail.owner’s trail', async () => {
    const m = await buildMapping(trail.t, trail.owner);
    await buildRdxConfig(trail.t, trail.owner, m.id);
    await trail.t.services.mappings.setRunningStatus(as(trail.owner), m.id, RUNNING_STATUS.RUNNING);
    // How the limit check stops a strategy whose loss reached its max_loss.
    await trail.t.services.mappings.setRunningStatus(
      as(trail.owner),
      m.id,
      RUNNING_STATUS.STOPPED,
      undefined,
      'max_loss',
    );
    // The stop is published after its write, not awaited by it: the log's row follows within moments.
    await vi.waitFor(async () =>
      expect(await latest('mapping.auto_stop')).toMatchObject({
        actor: 'system',
        actor_user_id: null,
        object_type: 'mapping',
        object_id: m.id,
        detail: { reason: 'max_loss', running_status: 0 },
        ip: null,
      }),
    );
  });
});

it('never holds a password, a token or an app code', () => trail.expectNoSecrets(MIN_ROWS));
