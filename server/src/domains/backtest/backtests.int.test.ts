import { toPaise } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { storeRisingMinutes } from '../../../test/stored-minutes.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let trader: TestUser;
let other: TestUser;
const NIFTY = { id: 1, token: '256265' };
const EXPECTED_HASH = 'cc457049b3342b04c21aac731a78ff1faed04d2da18b2930186616d6d47f8a2b';

beforeAll(async () => {
  t = await buildTestApp();
  trader = await buildUser(t);
  other = await buildUser(t);
  await storeRisingMinutes(t, ['2026-11-25', '2026-11-26'], 2);
});
afterAll(async () => {
  await t?.close();
});

const RUN = {
  strategy_id: 1,
  instrument_id: NIFTY.id,
  config: { rdx_lot_count: 1, offset_value: 200 },
  from: '2026-11-25',
  to: '2026-11-26',
  interval: '15m',
  price_source: 'model',
  fill_model: 'close',
  slippage_ticks: 0,
  label: 'RDX ±200',
};
const create = (body: Record<string, unknown>, token = trader.token) =>
  t.request({ method: 'POST', url: '/api/backtests', token, payload: body });
const get = (path: string, token = trader.token) => t.request({ method: 'GET', url: `/api/backtests${path}`, token });

describe('backtests through the API', () => {
  it('runs RDX over two days of stored candles with modelled options: summary, every fill, equity by day', async () => {
    const created = await create(RUN);
    expect(created.statusCode, created.body).toBe(202);
    const { id } = created.json().data as { id: number };
    expect((await get(`/${id}`)).json().data).toMatchObject({ status: 'queued', progress: 0, label: 'RDX ±200' });

    await t.services.backtestsSettled();
    const run = (await get(`/${id}`)).json().data;
    expect(run).toMatchObject({
      status: 'done',
      progress: 1,
      strategy_name: 'RDX',
      instrument_name: 'NIFTY 50',
      price_source: 'model',
      fill_model: 'close',
      model_iv: 14,
      config: { rdx_lot_count: 1, offset_value: 200, atm_value: 0, interval: '15m' },
    });
    const { summary } = run;
    expect(summary.days).toBe(2);
    expect(summary.trades).toBeGreaterThan(2);
    expect(summary.charges).toBeGreaterThan(0);
    // The run happens on the backtest's own database, whatever the console's: this hash is the same on SQLite and
    // PostgreSQL (and changes when the engine, a charge or the model does).
    expect(summary.result_hash).toBe(EXPECTED_HASH);
    expect(summary.missing_prices).toEqual({ count: 0, first: null });

    const { trades } = (await get(`/${id}/trades`)).json().data;
    expect(trades).toHaveLength(summary.trades);
    // The first close (09:30 IST) sells a strangle ₹200 either side of the ATM, 65 units each (one lot).
    expect(trades.slice(0, 2)).toEqual([
      expect.objectContaining({ time: '2026-11-25T04:00:00.000Z', side: 'SELL', quantity: 65, reason: 'entry' }),
      expect.objectContaining({ time: '2026-11-25T04:00:00.000Z', side: 'SELL', quantity: 65, reason: 'entry' }),
    ]);
    expect(trades.some((x: { reason: string; side: string }) => x.reason === 'realign' && x.side === 'BUY')).toBe(true);
    const chargesSum = trades.reduce((s: number, x: { charges: number }) => s + toPaise(x.charges), 0);
    expect(chargesSum).toBe(toPaise(summary.charges));

    const equity = (await get(`/${id}/equity`)).json().data;
    expect(equity.daily.map((d: { day: string }) => d.day)).toEqual(['2026-11-25', '2026-11-26']);
    const dailyNet = equity.daily.reduce((s: number, d: { net_pnl: number }) => s + toPaise(d.net_pnl), 0);
    expect(dailyNet).toBe(toPaise(summary.net_pnl));
    expect(equity.points.at(-1).net_pnl).toBe(summary.net_pnl);

    // The same request gives the same result, to the hash.
    const again = (await create(RUN)).json().data as { id: number };
    await t.services.backtestsSettled();
    expect((await get(`/${again.id}`)).json().data.summary.result_hash).toBe(summary.result_hash);
  });

  it('sends an order above the freeze quantity as slices, each an order live would send, and counts them', async () => {
    const created = await create({ ...RUN, config: { ...RUN.config, rdx_lot_count: 50 }, label: 'fifty lots' });
    expect(created.statusCode, created.body).toBe(202);
    await t.services.backtestsSettled();
    const { id } = created.json().data as { id: number };
    const { summary } = (await get(`/${id}`)).json().data;
    const { trades } = (await get(`/${id}/trades`)).json().data as {
      trades: Array<{ time: string; trading_symbol: string; quantity: number; reason: string }>;
    };
    // 50 lots of 65 is 3250 units, above NIFTY's freeze quantity of 1800: 27 lots (1755), then the rest (1495).
    const entries = trades.filter((x) => x.reason === 'entry');
    const symbols = [...new Set(entries.map((x) => x.trading_symbol))];
    expect(symbols).toHaveLength(2);
    for (const symbol of symbols) {
      expect(entries.filter((x) => x.trading_symbol === symbol).map((x) => x.quantity)).toEqual([1755, 1495]);
    }
    // A model price fills an order at one price: one fill per order, settlements none.
    const settlements = trades.filter((x) => x.reason === 'expiry settlement').length;
    expect(summary.orders).toEqual({ count: trades.length - settlements, rate_limited: 0 });
  });

  it('keeps each trader’s runs their own; an admin sees every run', async () => {
    const { id } = (await create(RUN)).json().data as { id: number };
    await t.services.backtestsSettled();
    expect((await get(`/${id}`, other.token)).statusCode).toBe(404);
    expect((await get(`/${id}/trades`, other.token)).statusCode).toBe(404);
    expect((await get('', other.token)).json().data.backtests).toEqual([]);
    const del = await t.request({ method: 'DELETE', url: `/api/backtests/${id}`, token: other.token });
    expect(del.statusCode).toBe(404);
    const mine = (await get('')).json().data.backtests as Array<{ id: number }>;
    expect(mine.map((r) => r.id)).toContain(id);
  });

  it('refuses what it cannot run, naming the field', async () => {
    const refusal = async (patch: Record<string, unknown>) => {
      const r = await create({ ...RUN, ...patch });
      expect(r.statusCode, r.body).toBe(400);
      return r.json().error as string;
    };
    expect(await refusal({ from: '2026-10-01', to: '2026-10-02' })).toMatch(/^from: .*no candles of NIFTY 50/);
    expect(await refusal({ from: '2020-01-01', to: '2026-11-26' })).toMatch(/at most 5 years/);
    expect(await refusal({ to: '2026-11-24' })).toMatch(/to must be after from/);
    expect(await refusal({ config: { rdx_lot_count: 1, offset_valu: 200 } })).toMatch(/config\.offset_valu/);
    expect(await refusal({ config: { rdx_lot_count: 0 } })).toMatch(/config\.rdx_lot_count/);
    expect(await refusal({ price_source: 'recorded' })).toMatch(/^price_source: no option candles of NIFTY/);
    expect(await refusal({ fill_model: 'paper' })).toMatch(/^fill_model: /);
    expect(await refusal({ strategy_id: 999 })).toMatch(/^strategy_id/);
    expect(await refusal({ interval: '2m' })).toMatch(/interval/);
  });

  it('cancels a queued run, which then never runs, and removes it', async () => {
    const { id } = (await create(RUN)).json().data as { id: number };
    const cancelled = await t.request({ method: 'DELETE', url: `/api/backtests/${id}`, token: trader.token });
    expect(cancelled.json().data).toEqual({ id, status: 'cancelled' });
    await t.services.backtestsSettled();
    expect((await get(`/${id}`)).json().data.status).toBe('cancelled');
    const removed = await t.request({ method: 'DELETE', url: `/api/backtests/${id}`, token: trader.token });
    expect(removed.json().data).toEqual({ id, status: 'deleted' });
    expect((await get(`/${id}`)).statusCode).toBe(404);
  });
});

describe('the queue across consoles', () => {
  const row = (status: 'queued' | 'running', attempts: number, heartbeatAt: number | null) => ({
    userId: trader.id,
    sweepId: null,
    label: null,
    status,
    progress: 0.4,
    error: null,
    strategyId: 1,
    instrumentId: NIFTY.id,
    config: JSON.stringify({ rdx_lot_count: 1, atm_value: 0, offset_value: 200, interval: '15m' }),
    fromText: '2026-11-25',
    toText: '2026-11-26',
    fromAt: Date.parse('2026-11-25T00:00:00+05:30'),
    toAt: Date.parse('2026-11-27T00:00:00+05:30'),
    interval: '15m',
    priceSource: 'model' as const,
    fillModel: 'close' as const,
    slippageTicks: 0,
    modelIv: 14,
    summary: null,
    attempts,
    claimedBy: status === 'running' ? 'console-that-died' : null,
    heartbeatAt,
    createdAt: t.clock.now(),
    finishedAt: null,
  });
  const insert = async (r: ReturnType<typeof row>) =>
    (await t.database.db.insertInto('backtests').values(r).returning('id').executeTakeFirstOrThrow()).id;

  it('takes up once more a run whose console stopped beating, and fails one that died twice', async () => {
    const stale = t.clock.now() - 60_000;
    const once = await insert(row('running', 1, stale));
    const twice = await insert(row('running', 2, stale));
    const alive = await insert(row('running', 1, t.clock.now()));
    await t.services.backtestsSettled();
    expect((await get(`/${once}`)).json().data).toMatchObject({ status: 'done', progress: 1 });
    expect((await get(`/${twice}`)).json().data).toMatchObject({
      status: 'failed',
      error: 'the console running it stopped twice',
    });
    // Another console is still running this one: it is left alone.
    expect((await get(`/${alive}`)).json().data).toMatchObject({ status: 'running', progress: 0.4 });
    await t.database.db.deleteFrom('backtests').where('id', '=', alive).execute();
  });
});

describe('sweeps', () => {
  const sweep = (body: Record<string, unknown>, token = trader.token) =>
    t.request({ method: 'POST', url: '/api/backtests/sweeps', token, payload: body });

  it('runs offset × interval, each combination a run of its own, and lists them best first', async () => {
    const created = await sweep({ base: RUN, grid: { offset_value: [0, 100, 300], interval: ['5m', '15m'] } });
    expect(created.statusCode, created.body).toBe(202);
    const { id, backtest_ids } = created.json().data as { id: number; backtest_ids: number[] };
    expect(backtest_ids).toHaveLength(6);
    await t.services.backtestsSettled();
    const result = (await get(`/sweeps/${id}`)).json().data as {
      runs: Array<{ id: number; status: string; config: Record<string, unknown>; summary: { net_pnl: number } }>;
    };
    expect(result.runs).toHaveLength(6);
    expect(result.runs.every((r) => r.status === 'done')).toBe(true);
    const nets = result.runs.map((r) => r.summary.net_pnl);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    const combos = result.runs.map((r) => `${String(r.config.offset_value)}|${String(r.config.interval)}`);
    expect(new Set(combos).size).toBe(6);
    // Each run is listed with its combination in its label, and is its owner's alone.
    const one = (await get(`/${backtest_ids[1]}`)).json().data;
    expect(one).toMatchObject({ sweep_id: id, interval: '15m', label: 'RDX ±200: offset_value=0, interval=15m' });
    expect((await get(`/sweeps/${id}`, other.token)).statusCode).toBe(404);
  });

  it('refuses a grid it cannot run, naming the field, and makes no run', async () => {
    const before = (await get('')).json().data.backtests.length as number;
    const refused = async (grid: Record<string, unknown>) => {
      const r = await sweep({ base: RUN, grid });
      expect(r.statusCode, r.body).toBe(400);
      return r.json().error as string;
    };
    expect(await refused({ offset: [1, 2] })).toMatch(/^grid\.offset is not a setting of RDX/);
    expect(
      await refused({
        offset_value: Array.from({ length: 30 }, (_, i) => i),
        rdx_lot_count: Array.from({ length: 20 }, (_, i) => i + 1),
      }),
    ).toMatch(/^grid: 600 runs; a sweep makes at most 500/);
    expect(await refused({ rdx_lot_count: [1, 0] })).toMatch(/config\.rdx_lot_count/);
    expect((await get('')).json().data.backtests).toHaveLength(before);
  });
});
