import { RUNNING_STATUS, type Alert } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRunningLiveMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { jsonOf, kiteAuth } from '../../../test/sandbox-helpers.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 34 item 3: a live entry its account's margin cannot cover is refused before any order goes, with the
 * figures on the row, in an alert and in a manual action's answer, never sent to be rejected by the broker. The
 * sandbox accounts here open with ₹50,000: a short NIFTY strangle blocks far more.
 */

let t: TestApp;
let owner: TestUser;
const FUNDS_PAISE = 50_000_00;
beforeEach(async () => {
  t = await buildTestApp({ sandboxFundsPaise: FUNDS_PAISE });
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const actor = () => ({ userId: owner.id, role: 'user' as const });
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const SHORT = /the entry needs ₹[\d,]+\.\d\d of margin, ₹50,000\.00 available; nothing was sent/;

async function brokerOrdersOf(token: string) {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/orders`, { headers: kiteAuth(t.sandbox, token) });
  return (await jsonOf(res)).data as unknown[];
}

describe('a live entry the margin cannot cover', () => {
  it('is not sent: the row says what it needs and what the account has, the owner is alerted once, and it keeps running', async () => {
    t.clock.set(CLOSE);
    const { id, brokerToken } = await buildRunningLiveMapping(t, owner, 'MS1234');
    await t.services.engine.start();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    expect(await brokerOrdersOf(brokerToken)).toEqual([]);
    expect(await t.services.engineRepo.openLegsOf(id)).toHaveLength(0);
    const row = await t.services.mappings.get(actor(), id);
    expect(row.status_detail).toMatch(SHORT);
    expect(row.running_status).toBe(RUNNING_STATUS.RUNNING);
    // The figure is the broker calculator's for the strangle: more than the account has.
    const needed = Number(/needs ₹([\d,.]+)/.exec(row.status_detail ?? '')![1]!.replaceAll(',', ''));
    expect(needed).toBeGreaterThan(50_000);

    const alertsOf = async () =>
      (await t.request({ method: 'GET', url: '/api/alerts', token: owner.token })).json().data.alerts as Alert[];
    await expect.poll(async () => (await alertsOf()).filter((a) => a.kind === 'margin_short').length).toBe(1);
    const [alert] = (await alertsOf()).filter((a) => a.kind === 'margin_short');
    expect(alert!.title).toMatch(/not entered: needs ₹[\d,]+\.\d\d of margin, ₹50,000\.00 available/);

    // The next close is refused again, said on the row, and not alerted twice.
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 900_000);
    expect((await t.services.mappings.get(actor(), id)).status_detail).toMatch(SHORT);
    expect((await alertsOf()).filter((a) => a.kind === 'margin_short')).toHaveLength(1);
    expect(await brokerOrdersOf(brokerToken)).toEqual([]);
  });

  it('answers a trader’s Realign with the figures (409), nothing sent', async () => {
    t.clock.set(CLOSE);
    const { id, brokerToken } = await buildRunningLiveMapping(t, owner, 'MS2345');
    await t.services.engine.start();
    const res = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/realign`,
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatch(
      /^Not entered: the entry needs ₹[\d,]+\.\d\d of margin, ₹50,000\.00 available; nothing was sent$/,
    );
    expect(await brokerOrdersOf(brokerToken)).toEqual([]);
  });
});
