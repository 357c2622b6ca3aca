import { toPaise } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildMapping, buildUser, type TestUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Issue 30, item 6: backtest = paper. A paper RDX strategy trades on the sandbox for several 1-minute closes while
 * the console records what it sees (live sync on: the ATM±10 sweep, and the quotes the paper fills read). Then the
 * same window is backtested from that recording with the `paper` fill model: the same fills (time, symbol, side,
 * quantity, price) and the same realized P&L and charges, to the paisa.
 */

let t: TestApp;
let trader: TestUser;
const SANDBOX_TOKEN = '99000073';
const MINUTE = 60_000;
const CLOSES = 8;

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

describe('a backtest over what the console recorded fills as paper trading did', () => {
  it('gives the same fills and the same P&L to the paisa', async () => {
    const instrument = await t.database.db
      .selectFrom('instruments')
      .select('id')
      .where('instrumentToken', '=', SANDBOX_TOKEN)
      .executeTakeFirstOrThrow();
    await t.services.liveConfigs.create({ source: 'kite', instrument_token: SANDBOX_TOKEN, interval: '1m' });
    await t.services.liveSync.start();
    const actor = { userId: trader.id, role: 'user' as const };
    const mapping = await buildMapping(t, trader, { instrument_id: instrument.id });
    const config = { rdx_lot_count: 2, atm_value: 0, offset_value: 100 };
    await t.services.rdxConfigs.create(actor, mapping.id, { ...config, interval: '1m' });
    await t.services.mappings.setRunningStatus(actor, mapping.id, 1);

    // Each minute: the leader's recording tick (the sweep, and the finished minutes written) and the engine's close
    // on the underlying's price.
    // The index near its sandbox price, walking ₹40 a minute up and back: the strangle realigns.
    const base = (await t.services.optionChains.underlyingPaise(SANDBOX_TOKEN))!;
    const walk = [0, 4_000, 8_000, 12_000, 8_000, 4_000, 0, -4_000];
    const closes: Array<{ ts: number; close: string }> = [];
    const first = t.clock.now();
    for (let i = 0; i < CLOSES; i++) {
      t.clock.advance(MINUTE);
      const at = t.clock.now();
      await t.services.optionHistoryTick(at);
      const price = base + walk[i]!;
      closes.push({ ts: at - MINUTE, close: (price / 100).toFixed(2) });
      await t.services.engine.evaluate(SANDBOX_TOKEN, '1m', price, at);
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
    // The strategy entered and moved: there is something to compare.
    expect(paper.length).toBeGreaterThanOrEqual(4);
    // …bought some back as it realigned, so realized P&L is compared too.
    expect(paper.some((f) => f.quantity < 0)).toBe(true);

    const from = new Date(first + 5.5 * 3_600_000).toISOString().slice(0, 16);
    const to = new Date(first + CLOSES * MINUTE + 5.5 * 3_600_000).toISOString().slice(0, 16);
    const created = await t.request({
      method: 'POST',
      url: '/api/backtests',
      token: trader.token,
      payload: {
        strategy_id: 1,
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
