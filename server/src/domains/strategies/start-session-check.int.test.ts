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

/*
 * Issue 31 item 5: a live Start or Resume asks the broker whether the account's session still stands, and
 * refuses with the reason when the broker has ended it (a login elsewhere, the sandbox's `expire_tokens`)
 * rather than let the strategy find out at its first order.
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

/** A configured live RDX strategy (stopped) on an account holding a sandbox token for `brokerUsername`. */
async function stoppedLiveStrategy(brokerUsername: string) {
  const as = { userId: owner.id, role: owner.role };
  const broker = await buildUserBroker(t, owner, { broker_username: brokerUsername });
  await t.services.brokers.update(as, broker.id, {
    broker_token: t.sandbox.control.issueKiteAccessToken(brokerUsername),
  });
  const m = await buildMapping(t, owner, { is_dummy: 0, user_broker_id: broker.id });
  await buildRdxConfig(t, owner, m.id);
  return m.id;
}

/** Start as the strategy's row sends it (its running status set to 1); Pause and Resume as RDX's buttons do. */
const act = (id: number, action: 'start' | 'resume' | 'pause') =>
  action === 'start'
    ? t.request({
        method: 'PUT',
        url: `/api/strategies/user-mappings/${id}/toggle-status`,
        token: owner.token,
        payload: { running_status: 1 },
      })
    : t.request({ method: 'POST', url: `/api/rdx/${action}/${id}`, token: owner.token });
const statusOf = async (id: number) =>
  (
    await t.database.db
      .selectFrom('userStrategyMappings')
      .select('runningStatus')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).runningStatus;

describe('a live start checks the broker session first', () => {
  it('starts while the broker answers for the session', async () => {
    const id = await stoppedLiveStrategy('SS1001');
    const res = await act(id, 'start');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toBe(1);
  });

  it('refuses Start with a reason when the broker has ended the session, and moves nothing', async () => {
    const id = await stoppedLiveStrategy('SS1002');
    t.sandbox.control.expireAccessTokens();
    const res = await act(id, 'start');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('The broker session for SS1002 has ended: generate a new token on the Profile page');
    expect(await statusOf(id)).toBe(0);
  });

  it('refuses Resume of a paused strategy the same way', async () => {
    const id = await stoppedLiveStrategy('SS1003');
    expect((await act(id, 'start')).statusCode).toBe(200);
    expect((await act(id, 'pause')).statusCode).toBe(200);
    t.sandbox.control.expireAccessTokens();
    const res = await act(id, 'resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^The broker session for SS1003 has ended/);
    expect(await statusOf(id)).toBe(2);
  });

  it('leaves the move its own refusals first: the kill switch, and a Resume of a strategy not paused', async () => {
    const id = await stoppedLiveStrategy('SS1005');
    t.sandbox.control.expireAccessTokens();
    const notPaused = await act(id, 'resume');
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json().error).not.toMatch(/broker session/);
    const admin = await buildAdmin(t);
    const engaged = await t.request({
      method: 'POST',
      url: '/api/risk/kill-switch',
      token: admin.token,
      payload: { engaged: true },
    });
    expect(engaged.statusCode, engaged.body).toBe(200);
    const start = await act(id, 'start');
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toMatch(/kill switch/i);
  });

  it('refuses in words, never an address, when the broker cannot be asked', async () => {
    const id = await stoppedLiveStrategy('SS1004');
    // The broker's reads drop their connection, every retry too.
    t.sandbox.control.failNext('kite.other', 50, 'drop');
    const res = await act(id, 'start');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^Could not check the broker session for SS1004 before starting: /);
    expect(res.json().error).not.toMatch(/127\.0\.0\.1|request failed/);
    expect(await statusOf(id)).toBe(0);
  });
});
