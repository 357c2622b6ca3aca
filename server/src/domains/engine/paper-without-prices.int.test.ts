import type { Mapping } from '@app/contract';
import { RUNNING_STATUS } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxTotpCode } from '../../sandbox/sandbox-accounts.js';
import { buildAdmin, buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Paper fills need option prices, and those come from the admin's market-data Kite token. A trader found
 * that once Kite refused that token (every token dies at 06:00 IST) Exit answered a bare 500, "Exit all"
 * said it had stopped fewer strategies than it had, and the square-off chase logged the same error every
 * 2 s without backing off. Without prices nothing can be traded: each answer says so, and the chase buys
 * the legs back once a new token brings the prices back.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
const actor = () => ({ userId: owner.id, role: 'user' as const });

async function generateMarketDataToken() {
  const res = await t.request({
    method: 'POST',
    url: '/api/brokers/generate-kite-token',
    token: admin.token,
    payload: { appCode: sandboxTotpCode(t.clock.now()) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(async () => {
  t = await buildTestApp({ selfLogin: false });
  admin = await buildAdmin(t);
  owner = await buildUser(t);
  await generateMarketDataToken();
});
afterEach(async () => {
  await t.close();
});

/** A running paper strategy that has entered (two legs), through the trader's own Realign. */
async function enteredPaper() {
  const m = await buildMapping(t, owner, { is_dummy: 1 });
  await buildRdxConfig(t, owner, m.id);
  await t.services.mappings.setRunningStatus(actor(), m.id, RUNNING_STATUS.RUNNING);
  const res = await t.request({
    method: 'POST',
    url: `/api/strategies/user-mappings/${m.id}/realign`,
    token: owner.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await t.services.engineRepo.openLegsOf(m.id)).toHaveLength(2);
  return m.id;
}

/** 06:00 IST: Kite refuses every token from now on, the market-data one among them. */
async function tokensExpire() {
  const res = await fetch(`http://127.0.0.1:${t.sandbox.port}/control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expire_tokens: true }),
  });
  expect(res.status).toBe(200);
  t.clock.advance(2_000); // past the quote cache
}

const rowOf = async (id: number) => {
  const res = await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token });
  return res.json<{ data: Mapping[] }>().data.find((r) => r.id === id);
};

describe('paper strategies when Kite refuses the market-data token', () => {
  it('Exit says why nothing was bought back, the chase backs off, and a new token squares off', async () => {
    const id = await enteredPaper();
    await tokensExpire();

    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode).toBe(502);
    expect(exit.json<{ error: string }>().error).toMatch(
      /^No option prices, so nothing was traded: Kite access token is missing or expired/,
    );
    const row = await rowOf(id);
    expect(row?.running_status).toBe(RUNNING_STATUS.STOPPED);
    expect(row?.open_legs).toHaveLength(2);
    expect(row?.status_detail).toContain('No option prices');

    // The leader's ticks go on without failing; the chase counts the try and waits before the next.
    await t.services.engine.start();
    t.clock.advance(20_000);
    await expect(t.services.engine.follow()).resolves.toBeUndefined();
    expect((await rowOf(id))?.status_detail).toMatch(/square-off incomplete \(No option prices/);

    await generateMarketDataToken();
    t.clock.advance(60_000);
    await t.services.engine.follow();
    expect(await t.services.engineRepo.openLegsOf(id)).toEqual([]);
    await t.services.engine.stop();
  });

  it('Exit all counts every strategy it stopped, and their rows say the legs are still to be bought back', async () => {
    const [a, b] = [await enteredPaper(), await enteredPaper()];
    await tokensExpire();

    const res = await t.request({
      method: 'POST',
      url: '/api/strategies/user-mappings/exit-all',
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { stopped_strategies: number } }>().data.stopped_strategies).toBe(2);
    for (const id of [a, b]) {
      const row = await rowOf(id);
      expect(row?.running_status).toBe(RUNNING_STATUS.STOPPED);
      expect(row?.open_legs).toHaveLength(2);
      expect(row?.status_detail).toMatch(/square-off incomplete \(No option prices/);
    }
  });
});
