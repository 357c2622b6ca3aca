import type { Mapping } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildRunningLiveMapping,
  buildRunningPaperMapping,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { booksOf, brokerNetPositions } from '../../../test/books.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * The kill switch and the loss limits (issue 13) racing candle closes and traders' own clicks: whatever
 * order they land in, no order is doubled and nothing is left open — fills net per symbol = open legs =
 * broker positions (DESIGN §9).
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let brokerToken: string;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const NEXT_CLOSE = CLOSE + 15 * 60_000;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const paper = (user: TestUser) => buildRunningPaperMapping(t, user);

async function live() {
  const running = await buildRunningLiveMapping(t, owner, 'KR1234');
  brokerToken = running.brokerToken;
  return running.id;
}

const brokerNet = () => brokerNetPositions(t, brokerToken);

const books = (mappingId: number) => booksOf(t, mappingId);

const post = (url: string, who: TestUser, payload?: object) =>
  t.request({ method: 'POST', url, token: who.token, ...(payload ? { payload } : {}) });

describe('the kill switch racing candle closes and manual actions', () => {
  it('leaves every strategy stopped and flat, with no order doubled', async () => {
    const other = await buildUser(t);
    const ids = [await paper(owner), await paper(owner), await paper(other), await live()];
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    for (const id of ids) expect((await books(id)).legs).toBe(2);

    t.clock.advance(15 * 60_000);
    const results = await Promise.allSettled([
      t.services.engine.evaluate('256265', '15m', 2455000, NEXT_CLOSE),
      post(`/api/strategies/user-mappings/${ids[0]}/realign`, owner),
      post(`/api/strategies/user-mappings/${ids[1]}/exit`, owner),
      post(`/api/rdx/pause/${ids[2]}`, other),
      post(`/api/strategies/user-mappings/${ids[3]}/realign`, owner),
      post('/api/risk/kill-switch', admin, { engaged: true }),
      post(`/api/strategies/user-mappings/${ids[0]}/exit`, owner),
      post('/api/strategies/user-mappings/exit-all', other),
    ]);
    // Every HTTP call answered (a refusal such as 409 is fine; a 500 is not).
    for (const r of results) {
      if (r.status === 'rejected') throw r.reason;
      const v: unknown = r.value;
      if (typeof v === 'object' && v !== null && 'statusCode' in v) expect(v.statusCode).toBeLessThan(500);
    }

    const rows = [
      ...(await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token })).json<{
        data: Mapping[];
      }>().data,
      ...(await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: other.token })).json<{
        data: Mapping[];
      }>().data,
    ];
    expect(rows.map((r) => r.running_status)).toEqual([0, 0, 0, 0]);
    for (const id of ids) expect(await books(id)).toMatchObject({ legs: 0, unsettled: [] });
    expect(await brokerNet()).toEqual([]);
    // Orders at the broker = the live strategy's booked fills: nothing placed twice, nothing unbooked.
    const orders = t.sandbox.control.orders().filter((o) => o.status === 'COMPLETE');
    expect(orders.length).toBe((await books(ids[3] as number)).fills);
  });

  it('a loss limit reached while a candle closes and the trader realigns still leaves the strategy flat', async () => {
    const id = await paper(owner);
    await t.database.db.updateTable('userStrategyMappings').set({ maxLossPaise: 100 }).where('id', '=', id).execute();
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    t.sandbox.control.shockVolatility('NIFTY', 3);
    t.clock.advance(15 * 60_000);
    await Promise.all([
      t.services.positionsFeed.tick(),
      t.services.engine.evaluate('256265', '15m', 2455000, NEXT_CLOSE),
      post(`/api/strategies/user-mappings/${id}/realign`, owner),
    ]);
    await t.services.positionsFeed.tick(); // whatever the realign opened is marked, and the limit holds
    await t.services.limits.settled();
    const [row] = (await t.request({ method: 'GET', url: '/api/strategies/user-mappings', token: owner.token })).json<{
      data: Mapping[];
    }>().data;
    expect([row?.running_status, row?.stop_reason]).toEqual([0, 'max_loss']);
    expect(await books(id)).toMatchObject({ legs: 0, unsettled: [] });
  });

  it('Exit all pressed on two tabs at once stops and flattens each strategy once, and says so once', async () => {
    const first = await buildRunningLiveMapping(t, owner, 'KR2001');
    const second = await buildRunningLiveMapping(t, owner, 'KR2002');
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    for (const { id } of [first, second]) expect((await books(id)).legs).toBe(2);
    t.clock.advance(60_000);
    const answers = await Promise.all([
      post('/api/strategies/user-mappings/exit-all', owner),
      post('/api/strategies/user-mappings/exit-all', owner),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const counted = answers.map((a) => a.json<{ data: { stopped_strategies: number } }>().data.stopped_strategies);
    expect(counted.reduce((a, b) => a + b, 0)).toBe(2);
    for (const { id, brokerToken: token } of [first, second]) {
      expect(await books(id)).toMatchObject({ legs: 0, unsettled: [] });
      expect(await brokerNetPositions(t, token)).toEqual([]);
    }
  });
});
