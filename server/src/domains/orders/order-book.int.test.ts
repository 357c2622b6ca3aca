import type { BookOrder } from '@app/contract';
import { toPaise } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildRunningLiveMapping,
  buildRunningPaperMapping,
  buildUser,
  NIFTY_LOT,
  transactionRow,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * The order book (issue 32 item 2): a trader's live orders (one the broker filled, one its risk system refused)
 * and paper orders, newest first, each equal to the fills it comes from; filters; the admin's view; no one
 * else's orders.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let live: number;
let paper: number;
const NIFTY = '256265';
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  other = await buildUser(t);
  admin = await buildAdmin(t);
  paper = await buildRunningPaperMapping(t, owner);
  live = (await buildRunningLiveMapping(t, owner, 'OB1234')).id;
  await buildRunningPaperMapping(t, other);
  t.clock.set(CLOSE);
  // The live entry's first order is refused by the broker's risk system; the second fills.
  t.sandbox.control.rejectNextOrders(1, 'RMS: margin exceeds for the test');
  await t.services.engine.evaluate(NIFTY, '15m', 2_450_000, CLOSE);
});
afterAll(async () => {
  await t?.close();
});

const book = async (query = '', token = owner.token) => {
  const res = await t.request({ method: 'GET', url: `/api/orders?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { orders: BookOrder[]; total: number } }>().data;
};

describe('the order book', () => {
  it("lists the trader's live and paper orders with status, reason and what filled, and no one else's", async () => {
    const { orders, total } = await book();
    expect(total).toBe(orders.length);
    const mine = new Set([live, paper]);
    expect(orders.every((o) => mine.has(o.user_strategy_mapping_id ?? -1))).toBe(true);

    const rejected = orders.filter((o) => o.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({
      kind: 'live',
      account: 'OB1234',
      filled_quantity: 0,
      average_price: null,
      message: expect.stringContaining('RMS: margin exceeds for the test'),
    });
    const paperOrders = orders.filter((o) => o.kind === 'paper');
    expect(paperOrders.length).toBeGreaterThanOrEqual(2);
    expect(paperOrders.every((o) => o.account === 'Paper' && o.status === 'complete' && o.side === 'SELL')).toBe(true);
  });

  it('gives each order the units and average price of its fills', async () => {
    const { orders } = await book('limit=500');
    const fills = await t.database.db
      .selectFrom('transactions')
      .select(['mappingId', 'tradingSymbol', 'quantity', 'pricePaise', 'isDummy', 'orderId'])
      .where('userId', '=', owner.id)
      .execute();
    for (const o of orders.filter((x) => x.filled_quantity > 0)) {
      const its = fills.filter((f) =>
        o.kind === 'live'
          ? f.orderId === o.id
          : f.isDummy === 1 && f.tradingSymbol === o.trading_symbol && f.mappingId === o.user_strategy_mapping_id,
      );
      const units = its.reduce((s, f) => s + Math.abs(f.quantity), 0);
      const value = its.reduce((s, f) => s + Math.abs(f.quantity) * f.pricePaise, 0);
      expect(o.filled_quantity, o.trading_symbol).toBe(units);
      expect(toPaise(o.average_price ?? 0)).toBe(Math.round(value / units));
    }
  });

  it('filters by status, strategy and day, and pages', async () => {
    expect((await book('status=rejected')).orders.map((o) => o.status)).toEqual(['rejected']);
    const onlyPaper = await book(`mapping_id=${paper}`);
    expect(onlyPaper.orders.every((o) => o.kind === 'paper')).toBe(true);
    expect((await book('from=2026-11-24')).total).toBe(0);
    expect((await book('from=2026-11-23&to=2026-11-23')).total).toBe((await book()).total);
    const all = await book();
    const second = await book('limit=1&offset=1');
    expect(second.orders).toEqual(all.orders.slice(1, 2));
    const bad = await t.request({ method: 'GET', url: '/api/orders?status=lost', token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('status must be one of open, complete, rejected, cancelled');
  });

  it("reads the broker's bare CANCELLED as cancelled, in any letter case, on both databases", async () => {
    const { db } = t.database;
    const [refused] = (await book('status=rejected')).orders;
    await db.updateTable('brokerOrders').set({ error: 'CANCELLED' }).where('id', '=', refused!.id!).execute();
    try {
      expect((await book('status=cancelled')).orders.map((o) => [o.id, o.status])).toEqual([
        [refused!.id, 'cancelled'],
      ]);
      expect((await book('status=rejected')).total).toBe(0);
    } finally {
      await db.updateTable('brokerOrders').set({ error: refused!.message }).where('id', '=', refused!.id!).execute();
    }
  });

  it("shows the admin everyone's orders, or one user's by name", async () => {
    const res = await t.request({ method: 'GET', url: '/api/orders/admin/all', token: admin.token });
    const everyone = res.json<{ data: { total: number } }>().data.total;
    expect(everyone).toBeGreaterThan((await book()).total);
    const one = await t.request({
      method: 'GET',
      url: `/api/orders/admin/all?user=${other.username.toUpperCase()}`,
      token: admin.token,
    });
    const theirs = one.json<{ data: { orders: Array<BookOrder & { user_username: string }> } }>().data.orders;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((o) => o.kind === 'paper')).toBe(true);
    // Each order names whose it is.
    expect(new Set(theirs.map((o) => o.user_username))).toEqual(new Set([other.username]));
    const all = res.json<{ data: { orders: Array<{ user_username: string }> } }>().data.orders;
    expect(new Set(all.map((o) => o.user_username))).toContain(owner.username);
  });

  // Last: it books another fill.
  it('counts a paper order booked after the book was read (a total is kept only while the fills are the same)', async () => {
    const before = await book(`mapping_id=${paper}`);
    await t.services.transactionsRepo.insert(
      transactionRow(t, owner, {
        mappingId: paper,
        transactionDate: CLOSE + 60_000,
        quantity: -NIFTY_LOT,
        paperOrder: 1,
      }),
    );
    const after = await book(`mapping_id=${paper}`);
    expect(after.total).toBe(before.total + 1);
    expect(after.orders[0]).toMatchObject({ kind: 'paper', side: 'BUY', filled_quantity: NIFTY_LOT });
  });
});
