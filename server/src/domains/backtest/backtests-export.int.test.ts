import type { BacktestTrade } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let trader: TestUser;
let other: TestUser;
let admin: TestUser;
let runId: number;
let trades: BacktestTrade[];

const HEADER = 'time,trading_symbol,side,quantity,price,charges,reason';
const MINUTE = 60_000;

/** NIFTY's 1-minute candles of one NSE day, the index rising ₹2 a minute: enough to enter and realign. */
async function storeDay(day: string) {
  const open = Date.parse(`${day}T09:15:00+05:30`);
  const rows = Array.from({ length: 375 }, (_, m) => {
    const price = 24_000 + 2 * m;
    return {
      source: 'kite' as const,
      instrumentToken: '256265',
      interval: '1m' as const,
      ts: open + m * MINUTE,
      open: price.toFixed(2),
      high: (price + 2).toFixed(2),
      low: price.toFixed(2),
      close: (price + 2).toFixed(2),
      volume: '0',
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await t.database.db
      .insertInto('candles')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

const exportCsv = (id: number | string, token: string | null = trader.token) =>
  t.request({ method: 'GET', url: `/api/backtests/${id}/export.csv`, ...(token ? { token } : {}) });

/** The CSV's records without the empty string after the last CRLF. */
const recordsOf = (body: string) => body.split('\r\n').slice(0, -1);

/** A trade as the file should carry it: the JSON's fields in order, money with two decimals. */
const expectedRecord = (x: BacktestTrade) =>
  [x.time, x.trading_symbol, x.side, String(x.quantity), x.price.toFixed(2), x.charges.toFixed(2), x.reason].join(',');

beforeAll(async () => {
  t = await buildTestApp();
  trader = await buildUser(t);
  other = await buildUser(t);
  admin = await buildAdmin(t);
  await storeDay('2026-11-25');
  const created = await t.request({
    method: 'POST',
    url: '/api/backtests',
    token: trader.token,
    payload: {
      strategy_id: 1,
      instrument_id: 1,
      config: { rdx_lot_count: 1, offset_value: 200 },
      from: '2026-11-25',
      to: '2026-11-25',
      interval: '15m',
      price_source: 'model',
      fill_model: 'close',
    },
  });
  expect(created.statusCode, created.body).toBe(202);
  runId = (created.json().data as { id: number }).id;
  await t.services.backtestsSettled();
  const listed = await t.request({ method: 'GET', url: `/api/backtests/${runId}/trades`, token: trader.token });
  trades = (listed.json().data as { trades: BacktestTrade[] }).trades;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/backtests/:id/export.csv', () => {
  it("gives the owner every fill of a finished run as CSV, one record per /trades row, in the run's order", async () => {
    const res = await exportCsv(runId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="backtest-${runId}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');

    // An entry and at least one realign: sells and buys, so the signed quantity is seen both ways.
    expect(trades.length).toBeGreaterThan(2);
    expect(trades.some((x) => x.side === 'BUY')).toBe(true);
    const records = recordsOf(res.body);
    expect(records[0]).toBe(HEADER);
    expect(records.slice(1)).toEqual(trades.map(expectedRecord));
    const sell = records.slice(1).find((r) => r.split(',')[2] === 'SELL') ?? '';
    const buy = records.slice(1).find((r) => r.split(',')[2] === 'BUY') ?? '';
    expect(Number(sell.split(',')[3])).toBeGreaterThan(0);
    expect(Number(buy.split(',')[3])).toBeLessThan(0);
    // Every amount in rupees with exactly two decimals.
    for (const record of records.slice(1)) expect(record.split(',')[4]).toMatch(/^\d+\.\d{2}$/);
  });

  it('gives an admin any run’s file, and another user a 404 as for the JSON route', async () => {
    const asAdmin = await exportCsv(runId, admin.token);
    expect(asAdmin.statusCode).toBe(200);
    expect(recordsOf(asAdmin.body)).toHaveLength(trades.length + 1);

    const asOther = await exportCsv(runId, other.token);
    expect(asOther.statusCode).toBe(404);
    expect(asOther.headers['content-type']).toMatch(/^application\/json/);
    expect(asOther.json()).toEqual({ success: false, error: 'Backtest not found', code: 'NOT_FOUND' });
  });

  it('answers an unknown id, a bad id and a missing session in the JSON error envelope', async () => {
    const unknown = await exportCsv(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });

    const bad = await exportCsv('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const anonymous = await exportCsv(runId, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('gives a run without fills (cancelled while queued) its header alone', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/backtests',
      token: trader.token,
      payload: {
        strategy_id: 1,
        instrument_id: 1,
        config: { rdx_lot_count: 1 },
        from: '2026-11-25',
        to: '2026-11-25',
        interval: '15m',
        price_source: 'model',
        fill_model: 'close',
      },
    });
    const { id } = created.json().data as { id: number };
    await t.request({ method: 'DELETE', url: `/api/backtests/${id}`, token: trader.token });
    await t.services.backtestsSettled();
    const res = await exportCsv(id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${HEADER}\r\n`);
  });
});
