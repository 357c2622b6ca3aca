import { toPaise, type PnlDaily, type PositionsReply } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildMapping,
  buildUser,
  NIFTY_LOT,
  transactionRow,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * P&L by day through the HTTP API (issue 32 item 4): two strategies (one paper, one live) over several IST days,
 * each day's figures adding up to what /positions shows for the strategy; nobody else's fills; the window
 * refused with its field named; the CSV.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let paper: number;
let live: number;
let othersMapping: number;

const CE = 'NIFTY25D0924500CE';
const PE = 'NIFTY25D0924500PE';
/** 10:30 IST on Monday 2026-11-23, and the days after. */
const MON = Date.parse('2026-11-23T05:00:00Z');
const DAY_MS = 86_400_000;
/** The last second of Wednesday 2026-11-25 in IST, and Thursday's first. */
const WED_LAST_SECOND = Date.parse('2026-11-25T18:29:59Z');
const THU_MIDNIGHT = Date.parse('2026-11-25T18:30:00Z');

async function fill(
  user: TestUser,
  mappingId: number,
  at: number,
  tradingSymbol: string,
  quantity: number,
  rupees: number,
  isDummy = 1,
) {
  await t.services.transactionsRepo.insert(
    transactionRow(t, user, {
      mappingId,
      transactionDate: at,
      tradingSymbol,
      quantity,
      pricePaise: toPaise(rupees),
      isDummy,
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  // Saturday, the week's notes all closed (and the sessions made now, so they hold).
  t.clock.set(MON + 5 * DAY_MS);
  owner = await buildUser(t);
  other = await buildUser(t);
  admin = await buildAdmin(t);
  paper = (await buildMapping(t, owner, { is_dummy: 1 })).id;
  live = (await buildMapping(t, owner, { is_dummy: 0 })).id;
  othersMapping = (await buildMapping(t, other, { is_dummy: 1 })).id;
  const lot = NIFTY_LOT;
  // Monday: both strategies sell; the other trader too, on the same day.
  await fill(owner, paper, MON, CE, lot, 100);
  await fill(owner, live, MON + 60_000, PE, 2 * lot, 80, 0);
  await fill(other, othersMapping, MON, CE, lot, 100);
  // Tuesday: paper buys back at ₹90 (+₹10 a unit) and sells again; live buys half back at ₹85 (−₹5 a unit).
  await fill(owner, paper, MON + DAY_MS, CE, -lot, 90);
  await fill(owner, paper, MON + DAY_MS + 60_000, CE, lot, 95);
  await fill(owner, live, MON + DAY_MS, PE, -lot, 85, 0);
  await fill(other, othersMapping, MON + DAY_MS, CE, -lot, 50);
  // Wednesday's last second IST and Thursday's first: two days.
  await fill(owner, paper, WED_LAST_SECOND, CE, -lot, 99);
  await fill(owner, live, THU_MIDNIGHT, PE, -lot, 70, 0);
});
afterAll(async () => {
  await t?.close();
});

const daily = async (query: string, token = owner.token) => {
  const res = await t.request({ method: 'GET', url: `/api/pnl/daily?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PnlDaily }>().data;
};
const WEEK = 'from=2026-11-23&to=2026-11-29';
const sumPaise = (values: number[]) => values.reduce((a, v) => a + toPaise(v), 0);

describe('GET /pnl/daily', () => {
  it('gives each IST day its realized P&L and charges per strategy, the close at 23:59:59 IST on its own day', async () => {
    const { days } = await daily(WEEK);
    expect(days.map((d) => d.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    const of = (day: string, id: number) =>
      days.find((d) => d.day === day)?.per_strategy.find((s) => s.user_strategy_mapping_id === id);
    expect(of('2026-11-23', paper)).toMatchObject({ realized_pnl: 0, is_dummy: 1 });
    expect(of('2026-11-24', paper)?.realized_pnl).toBe(NIFTY_LOT * 10);
    expect(of('2026-11-24', live)).toMatchObject({ realized_pnl: NIFTY_LOT * -5, is_dummy: 0 });
    expect(of('2026-11-25', paper)?.realized_pnl).toBe(NIFTY_LOT * -4);
    expect(of('2026-11-25', live)).toBeUndefined();
    expect(of('2026-11-26', live)?.realized_pnl).toBe(NIFTY_LOT * 10);
    for (const d of days) {
      expect(d.charges).toBeGreaterThan(0);
      expect(toPaise(d.net_pnl)).toBe(toPaise(d.realized_pnl) - toPaise(d.charges));
      expect(toPaise(d.realized_pnl)).toBe(sumPaise(d.per_strategy.map((s) => s.realized_pnl)));
      expect(toPaise(d.charges)).toBe(sumPaise(d.per_strategy.map((s) => s.charges)));
      for (const s of d.per_strategy) expect(toPaise(s.net_pnl)).toBe(toPaise(s.realized_pnl) - toPaise(s.charges));
    }
  });

  it("adds up over the days to each strategy's realized P&L and charges on /positions, to the paisa", async () => {
    const { days } = await daily(WEEK);
    const res = await t.request({ method: 'GET', url: '/api/positions', token: owner.token });
    const { positions } = res.json<{ data: PositionsReply }>().data;
    for (const id of [paper, live]) {
      const p = positions.find((x) => x.user_strategy_mapping_id === id)!;
      const mine = days.flatMap((d) => d.per_strategy.filter((s) => s.user_strategy_mapping_id === id));
      expect(sumPaise(mine.map((s) => s.realized_pnl)), `strategy ${id}`).toBe(toPaise(p.realized_pnl));
      expect(sumPaise(mine.map((s) => s.charges)), `strategy ${id}`).toBe(toPaise(p.charges));
    }
    expect(sumPaise(days.map((d) => d.charges))).toBe(toPaise(positions.reduce((a, p) => a + p.charges, 0)));
  });

  it('shows only the window asked for', async () => {
    const { days } = await daily('from=2026-11-24&to=2026-11-25');
    expect(days.map((d) => d.day)).toEqual(['2026-11-24', '2026-11-25']);
  });

  it("never shows another trader's fills, and an admin gets their own (none here)", async () => {
    const mine = new Set([paper, live]);
    const { days } = await daily(WEEK);
    expect(days.every((d) => d.per_strategy.every((s) => mine.has(s.user_strategy_mapping_id)))).toBe(true);
    const theirs = await daily(WEEK, other.token);
    expect(theirs.days.flatMap((d) => d.per_strategy.map((s) => s.user_strategy_mapping_id))).toEqual([
      othersMapping,
      othersMapping,
    ]);
    expect((await daily(WEEK, admin.token)).days).toEqual([]);
  });

  it('refuses a bad window with a 400 naming the field, and no token with a 401', async () => {
    const ask = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/pnl/daily?${query}`, token: owner.token });
      return { status: res.statusCode, error: res.json<{ error: string }>().error };
    };
    const bad = await ask('from=2026-02-30&to=2026-11-29');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/from date/);
    expect((await ask('to=2026-11-29')).error).toMatch(/from date/);
    expect((await ask('from=2026-11-29&to=2026-11-23')).status).toBe(400);
    const tooLong = await ask('from=2020-01-01&to=2026-11-29');
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toMatch(/at most 5 years/);
    const anonymous = await t.request({ method: 'GET', url: `/api/pnl/daily?${WEEK}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /pnl/daily/export.csv', () => {
  it('writes the same figures, a row per strategy per day and a total row per day', async () => {
    const { days } = await daily(WEEK);
    const res = await t.request({ method: 'GET', url: `/api/pnl/daily/export.csv?${WEEK}`, token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="pnl-daily-2026-11-23-to-2026-11-29.csv"');
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('day,user_strategy_mapping_id,strategy,mode,realized_pnl,charges,net_pnl');
    expect(rows).toHaveLength(days.reduce((n, d) => n + d.per_strategy.length + 1, 0));
    const totals = rows.filter((r) => r.split(',')[2] === 'Total');
    expect(totals.map((r) => r.split(',')[0])).toEqual(days.map((d) => d.day));
    const tuesday = days[1]!;
    expect(totals[1]).toBe(
      `2026-11-24,,Total,,${tuesday.realized_pnl.toFixed(2)},${tuesday.charges.toFixed(2)},${tuesday.net_pnl.toFixed(2)}`,
    );
    expect(rows).toContain(
      `2026-11-24,${live},RDX,LIVE,${(NIFTY_LOT * -5).toFixed(2)},${tuesday.per_strategy.find((s) => s.user_strategy_mapping_id === live)!.charges.toFixed(2)},${tuesday.per_strategy.find((s) => s.user_strategy_mapping_id === live)!.net_pnl.toFixed(2)}`,
    );
    expect(res.body).not.toContain(`,${othersMapping},`);
    const bad = await t.request({
      method: 'GET',
      url: '/api/pnl/daily/export.csv?from=x&to=2026-11-29',
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/from date/);
  });
});

// Last: it books more fills.
describe('GET /pnl/daily after more fills', () => {
  it('shows a fill booked after the window was read (a reply is kept only while the fills are the same)', async () => {
    const before = await daily(WEEK);
    // Another trader's fill changes nothing of this trader's reply.
    await fill(other, othersMapping, THU_MIDNIGHT + 60_000, CE, NIFTY_LOT, 40);
    expect(await daily(WEEK)).toEqual(before);
    // Thursday: paper sells again and buys back at once, ₹2 a unit better.
    await fill(owner, paper, THU_MIDNIGHT + 60_000, CE, NIFTY_LOT, 60);
    await fill(owner, paper, THU_MIDNIGHT + 120_000, CE, -NIFTY_LOT, 58);
    const after = await daily(WEEK);
    const thursday = (d: PnlDaily) =>
      d.days.find((x) => x.day === '2026-11-26')?.per_strategy.find((s) => s.user_strategy_mapping_id === paper);
    expect(thursday(before)).toBeUndefined();
    expect(thursday(after)?.realized_pnl).toBe(NIFTY_LOT * 2);
  });
});
