import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRunningLiveMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 31 item 6: a Realign whose order reply the broker lost asks for it by its tag at once, as an Exit does, so
 * the answer is in words and the row holds what the broker holds rather than waiting for the next candle close.
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

describe('a Realign whose first order reply the broker lost', () => {
  it('books the leg the broker sold at once, and answers in words', async () => {
    const { id } = await buildRunningLiveMapping(t, owner, 'RL1234');
    // A flat strategy's Realign enters: the broker takes the first sell, but its reply never arrives.
    t.sandbox.control.failNext('kite.orders.place', 1, 'drop-after');
    const realign = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/realign`,
      token: owner.token,
    });
    expect(realign.statusCode).toBe(502);
    expect(realign.body).not.toMatch(/\d+\.\d+\.\d+\.\d+|localhost|request failed/);
    // The lost reply was asked for by its tag: the leg the broker sold is on the row, the order settled.
    const legs = await t.services.engineRepo.openLegsOf(id);
    expect(legs).toHaveLength(1);
    const pending = await t.database.db
      .selectFrom('brokerOrders')
      .select('id')
      .where('mappingId', '=', id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });
});
