import type { Mapping, RdxConfig } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, buildUserBroker, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 27: a live first entry that dies between its sells (a crash, a lost reply) left its legs booked but no
 * ATM saved, and the row read "Holding 2 legs around ATM 0". The ATM is now saved before the first sell.
 */

let t: TestApp;
let owner: TestUser;
const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

describe('a live entry that stops between its sells', () => {
  it('keeps the ATM its legs were sold around, and the row says it', async () => {
    const broker = await buildUserBroker(t, owner, { broker_username: 'AT1234' });
    const token = t.sandbox.control.issueKiteAccessToken('AT1234');
    await t.services.brokers.update(actor(), broker.id, { broker_token: token });
    const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
    await buildRdxConfig(t, owner, m.id);
    // Never traded: no ATM yet.
    await t.services.rdxConfigs.update(actor(), m.id, {
      rdx_lot_count: 1,
      atm_value: 0,
      offset_value: 100,
      interval: '15m',
    });
    await t.services.mappings.setRunningStatus(actor(), m.id, 1);

    // The entry's first sell is taken but its reply never arrives: the second is not sent, the console stops.
    t.sandbox.control.failNext('kite.orders', 1, 'drop-after');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    // A restart settles the order by its tag: the leg is booked.
    await t.services.engine.start();
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(1);

    // Saved before the first sell went out (it was never saved when the entry stopped half-way).
    const config = await t.request({
      method: 'GET',
      url: `/api/strategies/user-mappings/${m.id}/rdx-config`,
      token: owner.token,
    });
    expect(config.json<{ data: RdxConfig }>().data.atm_value).toBe(24500);

    // The next close completes the strangle around it; the row names that ATM.
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(2);
    const row = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
    const detail = row.json<{ data: Mapping[] }>().data.find((x) => x.id === m.id)?.status_detail;
    expect(detail).toMatch(/^Holding 2 legs around ATM 24,500: next check at the 15m candle closing /);
    await t.services.engine.stop();
  });
});
