import { describe, expect, it } from 'vitest';
import { DAY_ENDED_MESSAGE, OrderBook, type OrderRequest } from './kite-order-book.js';
import type { Depth } from './kite-quotes.js';
import { positionsJson } from './kite-presenters.js';
import type { DepthSource } from './order-matching.js';

const NOW = Date.UTC(2025, 11, 9, 4, 30);
const SECOND = NOW / 1000;
const TOKEN = 1234 * 256 + 2;
/** One NIFTY lot (NSE, from the January 2026 expiries). */
const LOT = 65;

const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  variety: 'regular',
  exchange: 'NFO',
  tradingsymbol: 'NIFTY25D1624000CE',
  instrumentToken: TOKEN,
  transactionType: 'BUY',
  orderType: 'LIMIT',
  product: 'NRML',
  validity: 'DAY',
  quantity: LOT,
  pricePaise: 10_500,
  tag: null,
  marketProtection: null,
  protectionPercent: null,
  autosliceParentId: null,
  sourceIp: '127.0.0.1',
  ...overrides,
});

/** Five levels a side one tick apart around `last`, `lots` lots each. */
const levels = (last: number, lots: number[]): Depth => ({
  buy: lots.map((n, k) => ({ pricePaise: last - 5 * (k + 1), quantity: LOT * n, orders: 1 })),
  sell: lots.map((n, k) => ({ pricePaise: last + 5 * (k + 1), quantity: LOT * n, orders: 1 })),
});

/** A market whose last price and depth per second a test writes down. */
function fakeMarket(bySecond: Record<number, Depth>): DepthSource {
  return { depthAt: (token, second) => (token === TOKEN ? (bySecond[second - SECOND] ?? null) : null) };
}

describe('OrderBook', () => {
  it('fills a marketable order against the offers within its limit, with Kite-style ids', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [1, 2, 3, 4, 5]) }));
    const order = book.place('AB1234', request({ quantity: 2 * LOT, pricePaise: 10_010 }), NOW);
    expect(order.orderId).toBe('251209000000001');
    // One lot at 100.05, one at 100.10: the average is quantity-weighted.
    expect(order).toMatchObject({
      status: 'COMPLETE',
      filledQuantity: 2 * LOT,
      filledValuePaise: LOT * 10_005 + LOT * 10_010,
    });
  });

  it('places every order of a repeated tag: tags are labels, not keys', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [20, 20, 20, 20, 20]) }));
    const first = book.place('AB1234', request({ tag: 't1' }), NOW);
    const again = book.place('AB1234', request({ tag: 't1' }), NOW + 10);
    expect(again.orderId).not.toBe(first.orderId);
    expect(book.list('AB1234', NOW + 10).map((o) => [o.tag, o.status])).toEqual([
      ['t1', 'COMPLETE'],
      ['t1', 'COMPLETE'],
    ]);
  });

  it('leaves what the thin book cannot fill OPEN and completes it over later steps, deterministically', () => {
    const market = {
      0: levels(10_000, [1, 1, 1, 1, 1]),
      1: levels(10_000, [2, 1, 1, 1, 1]),
      2: levels(10_200, [9, 9, 9, 9, 9]), // out of the limit's reach
      3: levels(10_000, [1, 1, 1, 1, 1]),
    };
    const run = () => {
      const book = new OrderBook(fakeMarket(market));
      // A limit of 100.10 reaches two levels a step: 2 lots now, 2 + 1 next step, none at step 2, the last 1 at step 3.
      const order = book.place('AB1234', request({ quantity: LOT * 6, pricePaise: 10_010 }), NOW);
      const seen = [[order.status, order.filledQuantity]];
      for (const step of [1, 2, 3]) {
        book.matchOpen(NOW + step * 1000);
        seen.push([order.status, order.filledQuantity]);
      }
      return { seen, value: order.filledValuePaise };
    };
    const first = run();
    expect(first.seen).toEqual([
      ['OPEN', 2 * LOT],
      ['OPEN', 5 * LOT],
      ['OPEN', 5 * LOT],
      ['COMPLETE', 6 * LOT],
    ]);
    expect(run()).toEqual(first);
  });

  it("keeps the day's orders only, as Kite: an earlier day's are neither listed nor found, and none rests overnight", () => {
    const lastSecondOfDay = Date.UTC(2025, 11, 9, 18, 29, 59); // 23:59:59 IST
    const nextMorning = lastSecondOfDay + 2_000;
    // One lot within the limit now, nothing more that day, and plenty the next: a resting order that traded
    // across the night would fill.
    const market: DepthSource = {
      depthAt: (token, second) => {
        if (token !== TOKEN) return null;
        if (second === SECOND) return levels(10_000, [1, 1, 1, 1, 1]);
        return second * 1000 > lastSecondOfDay ? levels(10_000, [9, 9, 9, 9, 9]) : null;
      },
    };
    const book = new OrderBook(market);
    const order = book.place('AB1234', request({ quantity: LOT * 3, pricePaise: 10_005 }), NOW);
    expect(order).toMatchObject({ status: 'OPEN', filledQuantity: LOT });
    book.matchOpen(lastSecondOfDay);
    expect(book.list('AB1234', lastSecondOfDay)).toEqual([order]);
    expect(book.get('AB1234', order.orderId, lastSecondOfDay)).toBe(order);

    expect(book.matchOpen(nextMorning)).toEqual([]);
    expect(book.expireEarlierDays(nextMorning)).toEqual([order]);
    expect(order).toMatchObject({ status: 'CANCELLED', statusMessage: DAY_ENDED_MESSAGE, filledQuantity: LOT });
    expect(book.list('AB1234', nextMorning)).toEqual([]);
    expect(book.get('AB1234', order.orderId, nextMorning)).toBeUndefined();
    expect(book.cancel('AB1234', order.orderId, nextMorning)).toMatchObject({ ok: false, type: 'InputException' });
    // What filled stays held: positions outlive the order book.
    expect(book.positions('AB1234')).toMatchObject([{ buyQuantity: LOT }]);
  });

  it('catches up on the steps it missed when matching runs late', () => {
    const market = { 0: levels(10_000, [1, 1, 1, 1, 1]), 1: levels(10_000, [1, 1, 1, 1, 1]) };
    const book = new OrderBook(fakeMarket(market));
    const order = book.place('AB1234', request({ quantity: LOT * 4, pricePaise: 10_010 }), NOW);
    book.matchOpen(NOW + 5000);
    expect(order).toMatchObject({ status: 'COMPLETE', filledQuantity: 4 * LOT });
  });

  it('shares a level between orders of the same step: what one takes, the next cannot', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [1, 1, 1, 1, 1]) }));
    const first = book.place('AB1234', request({ pricePaise: 10_005 }), NOW);
    const second = book.place('CD5678', request({ pricePaise: 10_005 }), NOW);
    expect([first.status, second.status]).toEqual(['COMPLETE', 'OPEN']);
  });

  it('cancels the rest of a partly filled order and keeps the filled part in positions', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [1, 1, 1, 1, 1]) }));
    const order = book.place('AB1234', request({ quantity: LOT * 3, pricePaise: 10_005 }), NOW);
    expect(book.cancel('AB1234', order.orderId, NOW + 500)).toMatchObject({ ok: true, order: { status: 'CANCELLED' } });
    expect(order.filledQuantity).toBe(LOT);
    expect(book.cancel('AB1234', order.orderId, NOW + 600)).toMatchObject({ ok: false, type: 'OrderException' });
    expect(book.positions('AB1234')).toMatchObject([{ buyQuantity: LOT, buyValue: LOT * 10_005 }]);
  });

  it('modifies an open order, which trades at once when the new price reaches the book', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [5, 5, 5, 5, 5]) }));
    const order = book.place('AB1234', request({ pricePaise: 9_000 }), NOW);
    expect(order.status).toBe('OPEN');
    expect(book.modify('AB1234', order.orderId, { quantity: 0 }, NOW)).toMatchObject({ ok: false });
    const modified = book.modify('AB1234', order.orderId, { pricePaise: 10_005, quantity: 2 * LOT }, NOW + 100);
    expect(modified).toMatchObject({
      ok: true,
      order: { status: 'COMPLETE', filledQuantity: 2 * LOT, modifiedMs: NOW + 100 },
    });
  });

  it('places a rejected order as REJECTED with its message and no fill', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [5, 5, 5, 5, 5]) }));
    const order = book.place('AB1234', request(), NOW, {
      message: 'Insufficient funds.',
      raw: 'RMS:Insufficient funds.',
    });
    expect(order).toMatchObject({ status: 'REJECTED', statusMessage: 'Insufficient funds.', filledQuantity: 0 });
    expect(book.positions('AB1234')).toEqual([]);
  });

  it('computes positions and P&L in paise from fills, and settles a leg to quantity 0', () => {
    const book = new OrderBook(fakeMarket({ 0: levels(10_000, [5, 5, 5, 5, 5]) }));
    book.place('AB1234', request({ quantity: 2 * LOT, pricePaise: 10_005 }), NOW); // buys 130 @ 100.05
    book.place('AB1234', request({ transactionType: 'SELL', quantity: LOT, pricePaise: 9_995 }), NOW); // sells 65 @ 99.95
    const { net } = positionsJson(book.positions('AB1234'), () => 11_000) as { net: Record<string, number>[] };
    // 130 @ 100.05 bought, 65 @ 99.95 sold, 65 left marked at 110: P&L = −65×0.10 + 65×9.95 = 640.25.
    expect(net[0]).toMatchObject({ quantity: LOT, average_price: 100.05, pnl: 640.25 });
    const [leg] = book.openLegs();
    if (leg) book.settle(leg, 12_000);
    const settled = positionsJson(book.positions('AB1234'), () => 5) as { net: Record<string, number>[] };
    // The last 65 settle at 120: P&L = 65×(99.95 + 120) − 130×100.05 = 1,290.25.
    expect(settled.net[0]).toMatchObject({ quantity: 0, pnl: 1_290.25 });
    expect(book.openLegs()).toEqual([]);
  });
});
