import { describe, expect, it } from 'vitest';
import { OrderBook, type OrderRequest } from './kite-order-book.js';
import { positionsJson } from './kite-presenters.js';

const NOW = Date.UTC(2025, 11, 9, 4, 30);
const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  variety: 'regular',
  exchange: 'NFO',
  tradingsymbol: 'NIFTY25D1624000CE',
  instrumentToken: 1234 * 256 + 2,
  transactionType: 'BUY',
  orderType: 'MARKET',
  product: 'NRML',
  validity: 'DAY',
  quantity: 75,
  pricePaise: 0,
  tag: null,
  ...overrides,
});

describe('OrderBook', () => {
  it('fills MARKET orders at the last price with Kite-style ids', () => {
    const book = new OrderBook();
    const placed = book.place('AB1234', request(), 12_345, NOW);
    expect(placed).toMatchObject({
      ok: true,
      isReplay: false,
      order: { status: 'COMPLETE', averagePricePaise: 12_345 },
    });
    if (placed.ok) expect(placed.order.orderId).toBe('251209000000001');
  });

  it('replays a repeated tag per user and refuses it with other parameters', () => {
    const book = new OrderBook();
    const first = book.place('AB1234', request({ tag: 't1' }), 100, NOW);
    const again = book.place('AB1234', request({ tag: 't1' }), 999, NOW + 1000);
    expect(again).toMatchObject({ ok: true, isReplay: true });
    if (first.ok && again.ok) expect(again.order.orderId).toBe(first.order.orderId);
    expect(book.place('AB1234', request({ tag: 't1', quantity: 150 }), 100, NOW)).toMatchObject({
      ok: false,
      type: 'InputException',
    });
    // Tags are per user.
    expect(book.place('CD5678', request({ tag: 't1' }), 100, NOW)).toMatchObject({ ok: true, isReplay: false });
    expect(book.list('AB1234')).toHaveLength(1);
  });

  it('rests LIMIT orders until the price reaches them and fills at the limit', () => {
    const book = new OrderBook();
    const placed = book.place('AB1234', request({ orderType: 'LIMIT', pricePaise: 9_000 }), 10_000, NOW);
    expect(placed).toMatchObject({ ok: true, order: { status: 'OPEN' } });
    expect(book.matchOpen(() => 9_500, NOW)).toHaveLength(0);
    const filled = book.matchOpen(() => 8_950, NOW + 1000);
    expect(filled.map((o) => [o.status, o.averagePricePaise])).toEqual([['COMPLETE', 9_000]]);
    expect(book.cancel('AB1234', filled[0]?.orderId ?? '', NOW)).toMatchObject({ ok: false, type: 'OrderException' });
  });

  it('computes positions and P&L in paise from fills', () => {
    const book = new OrderBook();
    book.place('AB1234', request({ quantity: 150 }), 10_000, NOW);
    book.place('AB1234', request({ transactionType: 'SELL', quantity: 75 }), 12_000, NOW);
    const { net } = positionsJson(book.list('AB1234'), () => 11_000) as { net: Record<string, number>[] };
    // Bought 150 @ 100, sold 75 @ 120, 75 left marked at 110: P&L = 75×20 + 75×10 = 2250.
    expect(net[0]).toMatchObject({ quantity: 75, average_price: 100, pnl: 2250, buy_value: 15_000, sell_value: 9_000 });
  });
});
