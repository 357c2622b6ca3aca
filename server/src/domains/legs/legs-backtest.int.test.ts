import { toPaise, type LegsConfigInput } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { storeRisingMinutes } from '../../../test/stored-minutes.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 33: a Multi-leg backtest takes the configuration the strategy saves and runs it through the same engine
 * (engine-replay): each day's entry at its time with every leg, its exit at its exit time, charges on each fill.
 */

let t: TestApp;
let trader: TestUser;
const NIFTY = { id: 1 };

beforeAll(async () => {
  t = await buildTestApp();
  trader = await buildUser(t);
  await storeRisingMinutes(t, ['2026-11-25', '2026-11-26'], 1);
});
afterAll(async () => {
  await t?.close();
});

const STRANGLE: LegsConfigInput = {
  legs: [
    { option_type: 'CE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 2 } },
    { option_type: 'PE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 2 } },
  ],
  entry: { kind: 'time', at: '09:20' },
  exit_at: '15:15',
};

const get = (path: string) => t.request({ method: 'GET', url: `/api/backtests${path}`, token: trader.token });

describe('a Multi-leg backtest', () => {
  it('enters every leg at its time and squares off at its exit, each day, with the charges of each fill', async () => {
    const list = await t.request({ method: 'GET', url: '/api/strategies/list', token: trader.token });
    const multiLeg = list
      .json<{ data: Array<{ id: number; type: string | null }> }>()
      .data.find((s) => s.type === 'legs')!;
    const created = await t.request({
      method: 'POST',
      url: '/api/backtests',
      token: trader.token,
      payload: {
        strategy_id: multiLeg.id,
        instrument_id: NIFTY.id,
        config: STRANGLE,
        from: '2026-11-25',
        to: '2026-11-26',
        interval: '1m',
        price_source: 'model',
        fill_model: 'close',
        slippage_ticks: 0,
        label: 'strangle',
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    await t.services.backtestsSettled();
    const { id } = created.json().data as { id: number };
    const run = (await get(`/${id}`)).json().data;
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'done', strategy_name: 'Multi-leg' });
    expect(run.config.legs).toEqual(
      STRANGLE.legs.map((l) => expect.objectContaining({ option_type: l.option_type, side: l.side })),
    );
    const { trades } = (await get(`/${id}/trades`)).json().data as {
      trades: Array<{ time: string; side: string; quantity: number; reason: string; charges: number }>;
    };
    // Two legs in at 09:20 IST and out at 15:15 IST, on each of the two days.
    const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`).toISOString();
    const summary = (x: { time: string; side: string }) => `${x.time} ${x.side}`;
    expect(trades.map(summary)).toEqual([
      `${at('2026-11-25', '09:20')} SELL`,
      `${at('2026-11-25', '09:20')} SELL`,
      `${at('2026-11-25', '15:15')} BUY`,
      `${at('2026-11-25', '15:15')} BUY`,
      `${at('2026-11-26', '09:20')} SELL`,
      `${at('2026-11-26', '09:20')} SELL`,
      `${at('2026-11-26', '15:15')} BUY`,
      `${at('2026-11-26', '15:15')} BUY`,
    ]);
    // One lot each way: sold +65 at entry, bought back −65 at the exit time.
    expect(trades.map((x) => `${x.quantity} ${x.reason}`)).toEqual(
      Array.from({ length: 2 }, () => ['65 entry', '65 entry', '-65 window end', '-65 window end']).flat(),
    );
    expect(trades.every((x) => x.charges > 0)).toBe(true);
    const chargesSum = trades.reduce((s, x) => s + toPaise(x.charges), 0);
    expect(chargesSum).toBe(toPaise(run.summary.charges));
  });

  it('closes a leg at its stop-loss on the minute its modelled premium reaches it, and says so in the trade', async () => {
    const list = await t.request({ method: 'GET', url: '/api/strategies/list', token: trader.token });
    const multiLeg = list
      .json<{ data: Array<{ id: number; type: string | null }> }>()
      .data.find((s) => s.type === 'legs')!;
    const stopped: LegsConfigInput = {
      ...STRANGLE,
      legs: STRANGLE.legs.map((l) =>
        l.option_type === 'CE' ? { ...l, stop_loss: { unit: 'percent' as const, value: 25 } } : l,
      ),
    };
    const created = await t.request({
      method: 'POST',
      url: '/api/backtests',
      token: trader.token,
      payload: {
        strategy_id: multiLeg.id,
        instrument_id: NIFTY.id,
        config: stopped,
        from: '2026-11-25',
        to: '2026-11-25',
        interval: '1m',
        price_source: 'model',
        fill_model: 'close',
        slippage_ticks: 0,
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    await t.services.backtestsSettled();
    const { id } = created.json().data as { id: number };
    const { trades } = (await get(`/${id}/trades`)).json().data as {
      trades: Array<{ time: string; trading_symbol: string; quantity: number; price: number; reason: string }>;
    };
    // The index climbs ₹1 a minute: the sold call's premium passes 125 % of its entry before 15:15.
    const [ceIn] = trades.filter((x) => x.trading_symbol.endsWith('CE') && x.reason === 'entry');
    const ceOut = trades.find((x) => x.trading_symbol === ceIn!.trading_symbol && x.quantity < 0)!;
    expect(ceOut.reason).toBe('stop-loss');
    expect(toPaise(ceOut.price)).toBeGreaterThanOrEqual(Math.ceil(toPaise(ceIn!.price) * 1.25));
    expect(ceOut.time < new Date('2026-11-25T15:15:00+05:30').toISOString()).toBe(true);
    // The put has no stop: it leaves at the exit time.
    const peOut = trades.find((x) => x.trading_symbol.endsWith('PE') && x.quantity < 0)!;
    expect(peOut).toMatchObject({ reason: 'window end', time: new Date('2026-11-25T15:15:00+05:30').toISOString() });
  });

  it('enters a stopped leg again on the next minute, once, in the same contract, as paper does', async () => {
    const list = await t.request({ method: 'GET', url: '/api/strategies/list', token: trader.token });
    const multiLeg = list
      .json<{ data: Array<{ id: number; type: string | null }> }>()
      .data.find((s) => s.type === 'legs')!;
    const once: LegsConfigInput = {
      ...STRANGLE,
      legs: STRANGLE.legs.map((l) =>
        l.option_type === 'CE'
          ? {
              ...l,
              stop_loss: { unit: 'percent' as const, value: 25 },
              re_entry: { times: 1, when: 'at_once' as const },
            }
          : l,
      ),
    };
    const created = await t.request({
      method: 'POST',
      url: '/api/backtests',
      token: trader.token,
      payload: {
        strategy_id: multiLeg.id,
        instrument_id: NIFTY.id,
        config: once,
        from: '2026-11-25',
        to: '2026-11-25',
        interval: '1m',
        price_source: 'model',
        fill_model: 'close',
        slippage_ticks: 0,
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    await t.services.backtestsSettled();
    const { id } = created.json().data as { id: number };
    const { trades } = (await get(`/${id}/trades`)).json().data as {
      trades: Array<{ time: string; trading_symbol: string; quantity: number; reason: string }>;
    };
    const [ceIn] = trades.filter((x) => x.trading_symbol.endsWith('CE'));
    const ce = trades.filter((x) => x.trading_symbol === ceIn!.trading_symbol);
    // Sold, stopped, sold again the minute after (its one re-entry), then out by a stop or at the exit time.
    expect(ce.map((x) => `${x.quantity} ${x.reason}`).slice(0, 3)).toEqual(['65 entry', '-65 stop-loss', '65 entry']);
    const minute = 60_000;
    expect(Date.parse(ce[2]!.time) - Date.parse(ce[1]!.time)).toBe(minute);
    expect(ce.filter((x) => x.quantity > 0)).toHaveLength(2);
    expect(ce.reduce((n, x) => n + x.quantity, 0)).toBe(0);
  });
});
