import { toPaise, type LegsConfigInput } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 33's done-when, on the engine's path: backtest = paper for a Multi-leg strategy whose leg is stopped and
 * entered again. A paper short strangle on the sandbox (Leg 1 with a 25 % stop and one re-entry at once) trades for
 * several 1-minute closes while the console records what it sees; the index's implied volatility jumps, the call's
 * premium passes its stop, it is bought back and sold again on the next close. The same window backtested from the
 * recording with the `paper` fill model gives the same fills (time, symbol, side, quantity, price), the same
 * realized P&L and charges, to the paisa. (The RDX case: backtest/backtest-parity.int.test.ts.)
 */

let t: TestApp;
let trader: TestUser;
const SANDBOX_TOKEN = '99000073';
const MINUTE = 60_000;
const CLOSES = 7;

interface Fill {
  time: string;
  trading_symbol: string;
  quantity: number;
  price: number;
}

beforeAll(async () => {
  t = await buildTestApp();
  await buildAdmin(t);
  trader = await buildUser(t);
});
afterAll(async () => {
  await t?.close();
});

describe('a Multi-leg backtest over what the console recorded', () => {
  it('stops and re-enters the leg on the same minutes, with the same fills and P&L to the paisa', async () => {
    const instrument = await t.database.db
      .selectFrom('instruments')
      .select('id')
      .where('instrumentToken', '=', SANDBOX_TOKEN)
      .executeTakeFirstOrThrow();
    await t.services.liveConfigs.create({ source: 'kite', instrument_token: SANDBOX_TOKEN, interval: '1m' });
    await t.services.liveSync.start();
    const actor = { userId: trader.id, role: 'user' as const };
    const list = await t.request({ method: 'GET', url: '/api/strategies/list', token: trader.token });
    const legsId = list
      .json<{ data: Array<{ id: number; type: string | null }> }>()
      .data.find((s) => s.type === 'legs')!.id;
    const mapping = await buildMapping(t, trader, { instrument_id: instrument.id, strategy_id: legsId });
    const config: LegsConfigInput = {
      legs: [
        {
          option_type: 'CE',
          side: 'SELL',
          lots: 1,
          expiry: 'current_week',
          strike: { by: 'atm', steps: 2 },
          stop_loss: { unit: 'percent', value: 25 },
          re_entry: { times: 1, when: 'at_once' },
        },
        { option_type: 'PE', side: 'SELL', lots: 1, expiry: 'current_week', strike: { by: 'atm', steps: 2 } },
      ],
      entry: { kind: 'candle_close', interval: '1m' },
      exit_at: null,
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/strategies/user-mappings/${mapping.id}/config`,
      token: trader.token,
      payload: config,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.mappings.setRunningStatus(actor, mapping.id, 1);

    // Each minute: the leader's recording tick (the sweep, and the finished minutes written) and the engine's close
    // on the underlying's price.
    // The index still at its sandbox price; after the second close its implied volatility triples (from the next
    // second on), so the third close finds the sold call past its 25 % stop and the fourth enters it again.
    const base = (await t.services.optionChains.underlyingPaise(SANDBOX_TOKEN))!;
    const walk = [0, 1_000, 2_000, 1_000, 0, -1_000, 0];
    const closes: Array<{ ts: number; close: string }> = [];
    const first = t.clock.now();
    for (let i = 0; i < CLOSES; i++) {
      t.clock.advance(MINUTE);
      const at = t.clock.now();
      await t.services.optionHistoryTick(at);
      const price = base + walk[i]!;
      closes.push({ ts: at - MINUTE, close: (price / 100).toFixed(2) });
      await t.services.engine.evaluate(SANDBOX_TOKEN, '1m', price, at);
      if (i === 1) t.sandbox.control.shockVolatility('SANDBOX', 3);
    }
    t.clock.advance(MINUTE);
    await t.services.optionHistoryTick(t.clock.now());
    // The underlying's candles as live sync would have closed them on those prices. Live sync stops first: its own
    // candles of these minutes (from the sandbox's ticks, flushed on its own time) must not replace them after.
    await t.services.liveSync.stop();
    for (const { ts, close } of closes) {
      const candle = { open: close, high: close, low: close, close };
      await t.database.db
        .insertInto('candles')
        .values({ source: 'kite', instrumentToken: SANDBOX_TOKEN, interval: '1m', ts, volume: '0', ...candle })
        .onConflict((oc) => oc.columns(['source', 'instrumentToken', 'interval', 'ts']).doUpdateSet(candle))
        .execute();
    }

    const paper = await t.database.db
      .selectFrom('transactions')
      .select(['transactionDate', 'tradingSymbol', 'quantity', 'pricePaise'])
      .where('mappingId', '=', mapping.id)
      .orderBy('id')
      .execute();
    // Both legs sold, the call bought back at its stop and sold again: there is something to compare.
    const ce = paper.filter((f) => f.tradingSymbol.endsWith('CE')).map((f) => f.quantity);
    expect(ce).toEqual([50, -50, 50]);

    const from = new Date(first + 5.5 * 3_600_000).toISOString().slice(0, 16);
    const to = new Date(first + CLOSES * MINUTE + 5.5 * 3_600_000).toISOString().slice(0, 16);
    const created = await t.request({
      method: 'POST',
      url: '/api/backtests',
      token: trader.token,
      payload: {
        strategy_id: legsId,
        instrument_id: instrument.id,
        config,
        from,
        to,
        interval: '1m',
        price_source: 'recorded',
        fill_model: 'paper',
        slippage_ticks: 0,
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const { id } = created.json().data as { id: number };
    await t.services.backtestsSettled();
    const run = (await t.request({ method: 'GET', url: `/api/backtests/${id}`, token: trader.token })).json().data;
    expect(run.status, run.error).toBe('done');
    const trades = (await t.request({ method: 'GET', url: `/api/backtests/${id}/trades`, token: trader.token })).json()
      .data.trades as Fill[];

    const asFills = (rows: typeof paper): Fill[] =>
      rows.map((r) => ({
        time: new Date(Number(r.transactionDate)).toISOString(),
        trading_symbol: r.tradingSymbol,
        quantity: r.quantity,
        price: Number(r.pricePaise) / 100,
      }));
    const pick = (f: Fill) => ({
      time: f.time,
      trading_symbol: f.trading_symbol,
      quantity: f.quantity,
      price: f.price,
    });
    expect(trades.map(pick)).toEqual(asFills(paper));

    // The ledger's figures for the paper strategy, beside the backtest's.
    const positions = (await t.request({ method: 'GET', url: '/api/positions', token: trader.token })).json().data;
    const row = (
      positions.positions as Array<{ user_strategy_mapping_id: number; realized_pnl: number; charges: number }>
    ).find((p) => p.user_strategy_mapping_id === mapping.id)!;
    expect(toPaise(run.summary.realized_pnl)).toBe(toPaise(row.realized_pnl));
    expect(toPaise(run.summary.charges)).toBe(toPaise(row.charges));
  });
});
