import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 30, item 3: a backtest priced from option candles an admin imported (a broker's expired-options export),
 * each fill at the imported candle of its minute, and a minute the file lacks reported, never filled.
 */

let t: TestApp;
let admin: TestUser;
let trader: TestUser;
const MINUTE = 60_000;
const DAY = '2026-11-25';
const OPEN = Date.parse(`${DAY}T09:15:00+05:30`);
const istMinute = (m: number) =>
  new Date(OPEN + m * MINUTE + 5.5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** An option's imported close in minute `m` (a rupee a minute down from its strike's own level). */
const closeOf = (strike: number, type: 'CE' | 'PE', m: number) =>
  (type === 'CE' ? 150 - (strike - 24_000) / 2 : 150 + (strike - 24_000) / 2) - m * 0.5;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
  trader = await buildUser(t);
  // NIFTY flat at ₹24,000 for the first hour.
  const rows = Array.from({ length: 60 }, (_, m) => ({
    source: 'kite' as const,
    instrumentToken: '256265',
    interval: '1m' as const,
    ts: OPEN + m * MINUTE,
    open: '24000.00',
    high: '24000.00',
    low: '24000.00',
    close: '24000.00',
    volume: '0',
  }));
  await t.database.db.insertInto('candles').values(rows).execute();
  // The 1 Dec weekly, strikes 23,800–24,200, each minute of the hour but 09:44 of the 24,100 CE.
  const lines = ['time,underlying,expiry,strike,option_type,open,high,low,close,volume,oi'];
  for (let m = 0; m < 60; m++) {
    for (let strike = 23_800; strike <= 24_200; strike += 50) {
      for (const type of ['CE', 'PE'] as const) {
        if (strike === 24_100 && type === 'CE' && m === 29) continue;
        const c = closeOf(strike, type, m).toFixed(2);
        lines.push(`${istMinute(m)},NIFTY,2026-12-01,${strike},${type},${c},${c},${c},${c},10,100`);
      }
    }
  }
  const imported = await t.request({
    method: 'POST',
    url: '/api/data/option-candles/import',
    token: admin.token,
    headers: { 'content-type': 'text/csv' },
    payload: lines.join('\n'),
  });
  expect(imported.statusCode, imported.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const run = async (patch: Record<string, unknown>) => {
  const created = await t.request({
    method: 'POST',
    url: '/api/backtests',
    token: trader.token,
    payload: {
      strategy_id: 1,
      instrument_id: 1,
      config: { rdx_lot_count: 1, offset_value: 100 },
      from: `${DAY}T09:15`,
      to: `${DAY}T10:15`,
      interval: '15m',
      price_source: 'imported',
      fill_model: 'close',
      ...patch,
    },
  });
  expect(created.statusCode, created.body).toBe(202);
  const { id } = created.json().data as { id: number };
  await t.services.backtestsSettled();
  const get = (path: string) => t.request({ method: 'GET', url: `/api/backtests/${id}${path}`, token: trader.token });
  return { run: (await get('')).json().data, trades: (await get('/trades')).json().data.trades };
};

describe('a backtest over imported option candles', () => {
  it('fills the entry at the imported closes of its minute', async () => {
    const { run: r, trades } = await run({});
    expect(r.status, r.error).toBe('done');
    // 09:30: ATM 24,000, CE 24,100 and PE 23,900 sold at their 09:29 closes.
    expect(trades).toEqual([
      expect.objectContaining({
        time: '2026-11-25T04:00:00.000Z',
        trading_symbol: 'NIFTY26D0124100CE',
        quantity: 65,
        price: closeOf(24_100, 'CE', 14),
      }),
      expect.objectContaining({
        time: '2026-11-25T04:00:00.000Z',
        trading_symbol: 'NIFTY26D0123900PE',
        quantity: 65,
        price: closeOf(23_900, 'PE', 14),
      }),
    ]);
    expect(r.summary.missing_prices).toEqual({ count: 0, first: null });
    // The open legs are marked at the imported closes: net equity moved as the options fell.
    expect(r.summary.net_pnl).toBeGreaterThan(0);
  });

  it('reports a minute the file lacks instead of filling it', async () => {
    // Entering at 09:45 needs the 24,100 CE's 09:44 minute, which the file lacks: no entry, and it says so.
    const { run: r, trades } = await run({ from: `${DAY}T09:30`, to: `${DAY}T09:45` });
    expect(r.status, r.error).toBe('done');
    expect(trades).toEqual([]);
    expect(r.summary.missing_prices).toEqual({ count: 1, first: '2026-11-25T04:15:00.000Z' });
  });
});
