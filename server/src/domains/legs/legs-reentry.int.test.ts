import type { LegsConfigInput } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { legsMemoOf, multiLegStrategyId, strategyRowOf } from '../../../test/legs-steps.js';

/*
 * Issue 33: a Multi-leg leg stopped and entered again on paper, through the engine's real path (sandbox quotes,
 * paper fills, the memo kept in legs_configs): re-entered once at once, stopped again, and not entered a second
 * time; every fill nets out per contract, and the row says which leg stopped and that its re-entries are spent.
 */

let t: TestApp;
let owner: TestUser;
const actor = () => ({ userId: owner.id, role: 'user' as const });
/** Monday 23 Nov 2026, IST. */
const ist = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:30`);
const NIFTY = '256265';

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

/** A 1-minute close of NIFTY at `hhmm` IST, the console's clock moved there first. */
async function at(hhmm: string, pricePaise = 2450000) {
  t.clock.set(ist(hhmm));
  await t.services.engine.evaluate(NIFTY, '1m', pricePaise, ist(hhmm));
  // A price update between may have acted first (leg-stops-watch.ts): its questions are answered before reading.
  await t.services.legStopsSettled();
}

describe('a Multi-leg leg’s re-entry', () => {
  it('enters a stopped leg again once, at once, keeps the count in the memo, and not after it is spent', async () => {
    const m = await buildMapping(t, owner, { strategy_id: await multiLegStrategyId(t, owner.token) });
    const once: LegsConfigInput = {
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 1,
          expiry: 'next_week',
          strike: { by: 'atm', steps: 1 },
          stop_loss: { unit: 'percent', value: 25 },
          re_entry: { times: 1, when: 'at_once' },
        },
      ],
      entry: { kind: 'time', at: '09:20' },
      exit_at: '15:15',
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${m.id}/config`,
      token: owner.token,
      payload: once,
    });
    expect(saved.statusCode).toBe(200);
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);
    await t.services.engine.start();

    await at('09:21');
    const [first] = await t.services.engineRepo.openLegsOf(m.id);
    expect(first).toMatchObject({ quantity: 65 });
    expect((await legsMemoOf(t.database, m.id)).legs).toEqual([
      expect.objectContaining({ symbol: first!.tradingSymbol }),
    ]);

    // Premiums triple: the stop closes the leg; by the next close (or at once on a price update between) the same
    // contract is entered again, counted before its order.
    t.sandbox.control.shockVolatility('NIFTY', 3);
    await at('09:30');
    await at('09:31');
    const again = await t.services.engineRepo.openLegsOf(m.id);
    expect(again.map((l) => [l.tradingSymbol, l.quantity])).toEqual([[first!.tradingSymbol, 65]]);
    expect((await legsMemoOf(t.database, m.id)).legs[0]).toMatchObject({ reEntries: 1, out: null });

    // Stopped again: its one re-entry is spent, so it stays out.
    t.sandbox.control.shockVolatility('NIFTY', 9);
    await at('09:40');
    await at('09:41');
    expect(await t.services.engineRepo.openLegsOf(m.id)).toEqual([]);
    expect((await legsMemoOf(t.database, m.id)).legs[0]).toMatchObject({
      reEntries: 1,
      out: { reason: 'stop-loss', isWaiting: false },
    });
    expect((await strategyRowOf(t, owner.token, m.id)).status_detail).toMatch(
      /^Entered today at \d\d:\d\d IST \(Leg 1 CE stopped at ₹[\d,]+\.\d\d, no re-entry left \(1 used\)\): next entry tomorrow$/,
    );

    // Sold, bought back, sold again, bought back: four fills netting to nothing.
    const fills = await t.database.db
      .selectFrom('transactions')
      .select(['tradingSymbol', 'quantity'])
      .where('mappingId', '=', m.id)
      .orderBy('id')
      .execute();
    expect(fills.map((f) => f.quantity)).toEqual([65, -65, 65, -65]);

    // The owner's trail names the leg each time: stopped, entered again (1 of 1), stopped.
    await vi.waitFor(async () => {
      const trail = await t.database.db
        .selectFrom('auditLog')
        .select(['action', 'detail', 'ownerUserId'])
        .where('objectId', '=', m.id)
        .where('action', 'like', 'mapping.leg_%')
        .orderBy('id')
        .execute();
      expect(trail.map((r) => r.action)).toEqual([
        'mapping.leg_stopped',
        'mapping.leg_reentered',
        'mapping.leg_stopped',
      ]);
      expect(trail.every((r) => r.ownerUserId === owner.id)).toBe(true);
      expect(JSON.parse(String(trail[1]!.detail))).toMatchObject({ leg: 'Leg 1 CE', re_entry: '1 of 1' });
      expect(JSON.parse(String(trail[0]!.detail))).toMatchObject({ leg: 'Leg 1 CE', reason: 'stop-loss' });
    });
    await t.services.engine.stop();
  });
});
