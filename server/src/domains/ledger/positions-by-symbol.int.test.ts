import { toPaise } from '@app/contract';
import type { PositionsReply, SymbolPositionsReply } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMapping, buildRdxConfig, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * The caller's open positions per contract through the HTTP API (issue 32 item 1): netted across their
 * strategies, in Kite's sign, with figures that are their strategies' /positions figures added up; nobody
 * else's.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
/** NIFTY's lot (NSE, from the January 2026 expiries): RDX sells one lot a leg here. */
const NIFTY_LOT = 65;

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function runningMapping(user: TestUser) {
  const m = await buildMapping(t, user);
  await buildRdxConfig(t, user, m.id);
  await t.services.mappings.setRunningStatus({ userId: user.id, role: 'user' }, m.id, 1);
  return m;
}

async function get<T>(url: string, token: string) {
  const res = await t.request({ method: 'GET', url, token });
  return { status: res.statusCode, data: res.json<{ data: T }>().data };
}
const paise = (rupees: number | null | undefined) => toPaise(rupees ?? NaN);

/** Each contract's /positions figures summed over the strategies holding it (the broker's way). */
async function perStrategySums(user: TestUser) {
  const { data } = await get<PositionsReply>('/api/positions', user.token);
  const sums = new Map<string, { quantity: number; day: number; unrealized: number; ids: number[] }>();
  for (const p of data.positions) {
    for (const l of p.legs) {
      const s = sums.get(l.trading_symbol) ?? { quantity: 0, day: 0, unrealized: 0, ids: [] };
      s.quantity += l.quantity;
      s.day += paise(l.broker_way.day_pnl);
      s.unrealized += paise(l.broker_way.unrealized_pnl);
      s.ids.push(p.user_strategy_mapping_id);
      sums.set(l.trading_symbol, s);
    }
  }
  return sums;
}

describe('GET /positions/by-symbol', () => {
  it("nets two strategies' same contracts into one row each, short as negative, their figures summed", async () => {
    const a = await runningMapping(owner);
    const b = await runningMapping(owner);
    const stranger = await buildUser(t);
    await runningMapping(stranger);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);

    const { status, data } = await get<SymbolPositionsReply>('/api/positions/by-symbol', owner.token);
    expect(status).toBe(200);
    // Each strategy sold one lot of the same CE and PE: one row per contract, two lots sold, both strategies.
    expect(data.positions).toHaveLength(2);
    const sums = await perStrategySums(owner);
    for (const row of data.positions) {
      expect(row.quantity).toBe(-2 * NIFTY_LOT);
      expect(row.mapping_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
      const s = sums.get(row.trading_symbol);
      expect(s?.quantity).toBe(-row.quantity);
      expect(paise(row.day_pnl)).toBe(s?.day);
      // Opened today, nothing closed: MTM is what is held against its average.
      expect(paise(row.mtm)).toBe(s?.unrealized);
      expect(row.ltp).not.toBeNull();
      expect(row.average_price).toBeGreaterThan(0);
    }

    // The stranger sees only their own strategy's contracts, one lot each.
    const theirs = await get<SymbolPositionsReply>('/api/positions/by-symbol', stranger.token);
    expect(theirs.data.positions.map((r) => r.quantity)).toEqual([-NIFTY_LOT, -NIFTY_LOT]);
    for (const r of theirs.data.positions) expect(r.mapping_ids).not.toContain(a.id);
  });

  it('the next day counts what was held overnight from the previous close, as the strategies do', async () => {
    await runningMapping(owner);
    await runningMapping(owner);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    // The next trading day at 09:30 IST; Kite ended yesterday's market token at 06:00.
    t.clock.set(CLOSE + 23 * 3_600_000);
    await t.services.kiteTokens.invalidateMarketDataToken();

    const { data } = await get<SymbolPositionsReply>('/api/positions/by-symbol', owner.token);
    const sums = await perStrategySums(owner);
    expect(data.positions).toHaveLength(2);
    for (const row of data.positions) {
      expect(row.day_pnl).not.toBeNull();
      expect(paise(row.day_pnl)).toBe(sums.get(row.trading_symbol)?.day);
    }
  });

  it('follows each fill at once: a strategy exited leaves the rows, one entered joins them', async () => {
    const a = await runningMapping(owner);
    const b = await runningMapping(owner);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE);
    const rows = async () => (await get<SymbolPositionsReply>('/api/positions/by-symbol', owner.token)).data.positions;
    expect((await rows()).map((r) => [r.quantity, r.mapping_ids])).toEqual([
      [-2 * NIFTY_LOT, [a.id, b.id]],
      [-2 * NIFTY_LOT, [a.id, b.id]],
    ]);

    const exit = await t.request({
      method: 'POST',
      url: `/api/strategies/user-mappings/${a.id}/exit`,
      token: owner.token,
    });
    expect(exit.statusCode, exit.body).toBe(200);
    expect((await rows()).map((r) => [r.quantity, r.mapping_ids])).toEqual([
      [-NIFTY_LOT, [b.id]],
      [-NIFTY_LOT, [b.id]],
    ]);

    // A third strategy enters at the next candle close.
    const c = await runningMapping(owner);
    t.clock.set(CLOSE + 15 * 60_000);
    await t.services.engine.evaluate('256265', '15m', 2450000, CLOSE + 15 * 60_000);
    const after = await rows();
    expect(after.map((r) => r.mapping_ids)).toEqual([
      [b.id, c.id],
      [b.id, c.id],
    ]);
    expect(after.map((r) => r.quantity)).toEqual([-2 * NIFTY_LOT, -2 * NIFTY_LOT]);
  });

  it('is empty for a trader with no strategy', async () => {
    const { status, data } = await get<SymbolPositionsReply>('/api/positions/by-symbol', owner.token);
    expect([status, data.positions]).toEqual([200, []]);
  });
});
