import { toPaise } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildRunningLiveMapping,
  buildRunningPaperMapping,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { scheduleAt } from '../ledger/charges.logic.js';
import { contractNote } from '../ledger/contract-note.logic.js';
import { MODEL_SPREAD_PAISE } from './paper-price.js';

/*
 * Issue 28 item 3, through the sandbox exchange: a paper strategy and a live one deciding on the same candle
 * close trade at prices no further apart per unit than the spread model says; paper no longer sells at the
 * last price, a tick better than any live sell could.
 */

let t: TestApp;
let owner: TestUser;
const CLOSE = Date.parse('2026-11-23T05:00:00Z'); // Monday 10:30 IST
const NIFTY = '256265';
const PRICE = 2_450_000; // NIFTY 50 at 24,500

beforeEach(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function fillsOf(mappingId: number) {
  return t.database.db
    .selectFrom('transactions')
    .select(['tradingSymbol', 'quantity', 'pricePaise', 'priceSource'])
    .where('mappingId', '=', mappingId)
    .orderBy('id')
    .execute();
}

/** Per symbol and side: the fills' value per unit, in paise (exact, as a fraction of their units). */
function perUnit(fills: Awaited<ReturnType<typeof fillsOf>>) {
  const book = new Map<string, { units: number; value: number }>();
  for (const f of fills) {
    const key = `${f.tradingSymbol}|${f.quantity > 0 ? 'SELL' : 'BUY'}`;
    const row = book.get(key) ?? { units: 0, value: 0 };
    book.set(key, { units: row.units + Math.abs(f.quantity), value: row.value + Math.abs(f.quantity) * f.pricePaise });
  }
  return new Map([...book].map(([k, { units, value }]) => [k, value / units]));
}

/** The option's last price at the sandbox's current second, as Kite's `/quote/ltp` gives it. */
async function lastPricePaise(symbol: string, brokerToken: string) {
  const res = await fetch(`${t.sandbox.urls.kiteApi}/quote/ltp?i=NFO:${symbol}`, {
    headers: { 'X-Kite-Version': '3', Authorization: `token sandbox_api_key:${brokerToken}` },
  });
  const { data } = (await res.json()) as { data: Record<string, { last_price: number }> };
  return toPaise(data[`NFO:${symbol}`]?.last_price ?? 0);
}

describe('paper fills priced as a live order fills', () => {
  it('a paper and a live strategy selling and buying back at the same closes differ per unit within the model', async () => {
    const paper = await buildRunningPaperMapping(t, owner);
    const live = await buildRunningLiveMapping(t, owner, 'PP1234');
    await t.services.engine.evaluate(NIFTY, '15m', PRICE, CLOSE);
    // A sell fills at the bid, below the last price: not at the last price, a tick better than live, as paper did.
    const [firstSell] = await fillsOf(paper);
    const symbol = firstSell?.tradingSymbol ?? '';
    expect(firstSell?.pricePaise).toBeLessThan(await lastPricePaise(symbol, live.brokerToken));
    // NIFTY moves past the offset: both buy their legs back and sell the new ATM's, at the next close.
    t.clock.advance(60_000);
    await t.services.engine.evaluate(NIFTY, '15m', PRICE + 15_000, CLOSE + 900_000);

    const paperFills = await fillsOf(paper);
    const liveFills = await fillsOf(live.id);
    expect(paperFills.map((f) => f.priceSource)).toEqual(paperFills.map(() => 'quote_depth'));
    expect(liveFills.map((f) => f.priceSource)).toEqual(liveFills.map(() => null));
    const paperPrices = perUnit(paperFills);
    const livePrices = perUnit(liveFills);
    // Two sells at the entry, two buy-backs and two sells at the shift: the same orders on both sides.
    expect([...paperPrices.keys()].sort()).toEqual([...livePrices.keys()].sort());
    expect(paperPrices.size).toBe(6);
    for (const [key, price] of paperPrices) {
      const livePrice = livePrices.get(key) ?? 0;
      // The model's bound (docs/LEDGER.md)…
      expect(Math.abs(price - livePrice), key).toBeLessThanOrEqual(MODEL_SPREAD_PAISE);
      // …and, the depth being known and both orders going in the same second, the very price live got.
      expect(price, key).toBe(livePrice);
    }
  });

  it('a large paper order walks the book in several fills yet pays one brokerage, as a live order’s trades do', async () => {
    const paper = await buildRunningPaperMapping(t, owner);
    // 25 lots (1,625 units, under NIFTY's freeze quantity): more than any one level of the book holds (1–20 lots).
    await t.services.rdxConfigs.update({ userId: owner.id, role: owner.role }, paper, {
      rdx_lot_count: 25,
      interval: '15m',
    });
    await t.services.engine.evaluate(NIFTY, '15m', PRICE, CLOSE);
    const fills = await fillsOf(paper);
    expect(fills.length).toBeGreaterThan(2);
    expect(new Set(fills.map((f) => f.tradingSymbol)).size).toBe(2);

    const res = await t.request({ method: 'GET', url: '/api/positions', token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const row = res
      .json<{ data: { positions: Array<{ user_strategy_mapping_id: number; charges: number }> } }>()
      .data.positions.find((r) => r.user_strategy_mapping_id === paper);
    // The contract note of two orders (a call sold, a put sold), each filled in several trades.
    const orderOf = new Map([...new Set(fills.map((f) => f.tradingSymbol))].map((s, i) => [s, i + 1]));
    const twoOrders = contractNote(
      fills.map((f) => ({
        owner: 'paper',
        tradingSymbol: f.tradingSymbol,
        quantity: f.quantity,
        pricePaise: f.pricePaise,
        at: CLOSE,
        orderId: orderOf.get(f.tradingSymbol) ?? null,
      })),
      scheduleAt(CLOSE),
    ).charges;
    expect(twoOrders.brokeragePaise).toBe(2 * scheduleAt(CLOSE).brokeragePerOrderPaise);
    expect(toPaise(row?.charges ?? 0)).toBe(twoOrders.totalPaise);
  });

  it('sends a paper order above the freeze quantity as slices, each paying its brokerage, as live autoslice does', async () => {
    const paper = await buildRunningPaperMapping(t, owner);
    // 50 lots (3,250 units) is above NIFTY's freeze quantity of 1,800: 27 lots (1,755) and then 1,495, per leg.
    await t.services.rdxConfigs.update({ userId: owner.id, role: owner.role }, paper, {
      rdx_lot_count: 50,
      interval: '15m',
    });
    await t.services.engine.evaluate(NIFTY, '15m', PRICE, CLOSE);
    const fills = await t.database.db
      .selectFrom('transactions')
      .select(['tradingSymbol', 'quantity', 'pricePaise', 'paperOrder'])
      .where('mappingId', '=', paper)
      .orderBy('id')
      .execute();
    const symbols = [...new Set(fills.map((f) => f.tradingSymbol))];
    expect(symbols).toHaveLength(2);
    const unitsByOrder = new Map<string, number>();
    for (const f of fills) {
      const key = `${f.tradingSymbol}#${f.paperOrder}`;
      unitsByOrder.set(key, (unitsByOrder.get(key) ?? 0) + f.quantity);
    }
    expect([...unitsByOrder.values()].sort()).toEqual([1495, 1495, 1755, 1755]);

    const res = await t.request({ method: 'GET', url: '/api/positions', token: owner.token });
    const row = res
      .json<{ data: { positions: Array<{ user_strategy_mapping_id: number; charges: number }> } }>()
      .data.positions.find((r) => r.user_strategy_mapping_id === paper);
    const orderIds = [...unitsByOrder.keys()];
    const fourOrders = contractNote(
      fills.map((f) => ({
        owner: 'paper',
        tradingSymbol: f.tradingSymbol,
        quantity: f.quantity,
        pricePaise: f.pricePaise,
        at: CLOSE,
        orderId: orderIds.indexOf(`${f.tradingSymbol}#${f.paperOrder}`) + 1,
      })),
      scheduleAt(CLOSE),
    ).charges;
    expect(fourOrders.brokeragePaise).toBe(4 * scheduleAt(CLOSE).brokeragePerOrderPaise);
    expect(toPaise(row?.charges ?? 0)).toBe(fourOrders.totalPaise);
  });

  it('shows how each paper fill was priced on its row', async () => {
    const paper = await buildRunningPaperMapping(t, owner);
    await t.services.engine.evaluate(NIFTY, '15m', PRICE, CLOSE);
    const res = await t.request({ method: 'GET', url: '/api/transactions', token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{
      data: { transactions: Array<{ user_strategy_mapping_id: number; price_source?: string }> };
    }>();
    const rows = data.transactions.filter((x) => x.user_strategy_mapping_id === paper);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((x) => x.price_source)).toEqual(rows.map(() => 'quote_depth'));
  });
});
