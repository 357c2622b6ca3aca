import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { INDIA_VIX } from './india-vix.js';

/*
 * Issue 30 item 3: a `model` run priced at India VIX's reading at each close, from the console's stored
 * INDIA VIX candles, instead of one stated volatility.
 */
let t: TestApp;
let trader: TestUser;
const NIFTY = { id: 1, token: '256265' };
const MINUTE = 60_000;
const DAY = '2026-11-25';
const OPEN = Date.parse(`${DAY}T09:15:00+05:30`);

/** One day of 1-minute candles over NSE hours: `close(m)` at minute m, for `token`. */
async function storeDay(token: string, close: (m: number) => number, fromMinute = 0) {
  const rows = [];
  for (let m = fromMinute; m < 375; m++) {
    const c = close(m).toFixed(2);
    rows.push({
      source: 'kite' as const,
      instrumentToken: token,
      interval: '1m' as const,
      ts: OPEN + m * MINUTE,
      open: c,
      high: c,
      low: c,
      close: c,
      volume: '0',
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await t.database.db
      .insertInto('candles')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

const clearVix = () =>
  t.database.db.deleteFrom('candles').where('instrumentToken', '=', INDIA_VIX.instrumentToken).execute();

beforeAll(async () => {
  t = await buildTestApp();
  trader = await buildUser(t);
  await storeDay(NIFTY.token, (m) => 24_000 + 2 * m);
});
afterAll(async () => {
  await t?.close();
});

const RUN = {
  strategy_id: 1,
  instrument_id: NIFTY.id,
  config: { rdx_lot_count: 1, offset_value: 200 },
  from: DAY,
  to: DAY,
  interval: '15m',
  price_source: 'model',
  fill_model: 'close',
  slippage_ticks: 0,
};
const create = (body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/backtests', token: trader.token, payload: body });
const get = (path: string) => t.request({ method: 'GET', url: `/api/backtests${path}`, token: trader.token });

async function ran(body: Record<string, unknown>) {
  const created = await create(body);
  expect(created.statusCode, created.body).toBe(202);
  const { id } = created.json().data as { id: number };
  await t.services.backtestsSettled();
  const run = (await get(`/${id}`)).json().data;
  const { trades } = (await get(`/${id}/trades`)).json().data;
  return { run, trades };
}

describe('a model run priced at India VIX', () => {
  it('refuses India VIX with no INDIA VIX candles in the range, naming the field and what to do', async () => {
    await clearVix();
    const res = await create({ ...RUN, model_iv_source: 'india_vix' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^model_iv_source: .*INDIA VIX.*Data tab/);
  });

  it('refuses model_iv beside India VIX, and India VIX on prices that are not modelled', async () => {
    const both = await create({ ...RUN, model_iv_source: 'india_vix', model_iv: 20 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatch(/^model_iv: /);
    const recorded = await create({ ...RUN, price_source: 'recorded', model_iv_source: 'india_vix' });
    expect(recorded.statusCode).toBe(400);
    expect(recorded.json().error).toMatch(/^model_iv_source: /);
  });

  it('at a steady VIX of 20 fills exactly as a run at a fixed 20 % does; a VIX of 30 prices the same trades higher', async () => {
    await clearVix();
    await storeDay(INDIA_VIX.instrumentToken, () => 20);
    const atVix = await ran({ ...RUN, model_iv_source: 'india_vix' });
    expect(atVix.run).toMatchObject({ status: 'done', model_iv_source: 'india_vix', model_iv: null });
    expect(atVix.run.summary.missing_prices).toEqual({ count: 0, first: null });
    const fixed = await ran({ ...RUN, model_iv: 20 });
    expect(fixed.run).toMatchObject({ status: 'done', model_iv_source: 'fixed', model_iv: 20 });
    expect(atVix.trades.length).toBeGreaterThan(2);
    expect(atVix.trades).toEqual(fixed.trades);

    await clearVix();
    await storeDay(INDIA_VIX.instrumentToken, () => 30);
    const higher = await ran({ ...RUN, model_iv_source: 'india_vix' });
    const entry = (r: { trades: Array<{ reason: string; price: number }> }) =>
      r.trades.filter((x) => x.reason === 'entry').map((x) => x.price);
    expect(entry(higher).length).toBe(2);
    entry(higher).forEach((price, i) => expect(price).toBeGreaterThan(entry(atVix)[i]!));
  });

  it('counts the closes before the first VIX reading as missing prices, and trades none of them', async () => {
    await clearVix();
    // VIX from 11:00 IST only (its first minute closes 11:01): the 15-minute closes before that have no volatility.
    await storeDay(INDIA_VIX.instrumentToken, () => 20, 105);
    const { run, trades } = await ran({ ...RUN, model_iv_source: 'india_vix' });
    expect(run.status).toBe('done');
    // Closes at 09:30 … 11:00 IST: seven, the first at 09:30 (04:00 UTC).
    expect(run.summary.missing_prices).toEqual({ count: 7, first: '2026-11-25T04:00:00.000Z' });
    expect(trades.every((x: { time: string }) => Date.parse(x.time) > Date.parse('2026-11-25T05:30:00.000Z'))).toBe(
      true,
    );
  });
});
