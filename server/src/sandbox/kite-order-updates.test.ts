import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/provider-fixtures.js';
import { OrderBook, type OrderRequest } from './kite-order-book.js';
import { orderUpdatesFor } from './kite-order-updates.js';
import type { Depth } from './kite-quotes.js';

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
  quantity: 3 * LOT,
  pricePaise: 10_005,
  tag: 'rdx1',
  marketProtection: null,
  protectionPercent: null,
  autosliceParentId: null,
  sourceIp: '127.0.0.1',
  ...overrides,
});

/** One lot offered a tick above ₹100 each second, so a 3-lot BUY at 100.05 fills a lot a second. */
const oneLotASecond: Depth = {
  buy: [1, 2, 3, 4, 5].map((k) => ({ pricePaise: 10_000 - 5 * k, quantity: LOT, orders: 1 })),
  sell: [1, 2, 3, 4, 5].map((k) => ({ pricePaise: 10_000 + 5 * k, quantity: LOT, orders: 1 })),
};
const book = () =>
  new OrderBook({ depthAt: (token, second) => (token === TOKEN && second >= SECOND ? oneLotASecond : null) });
const statuses = (updates: ReturnType<typeof orderUpdatesFor>) => updates.map((u) => [u.status, u.filled_quantity]);

describe('order updates pushed on the Kite ticker', () => {
  it('carry exactly the fields of Kite’s postback payload, with the empty checksum of the WebSocket copy', () => {
    const order = book().place('AB1234', request({ quantity: LOT }), NOW);
    const [update] = orderUpdatesFor(order, 'placed');
    const fixture = readJsonFixture<Record<string, unknown>>('kite', 'postback.json');
    expect(Object.keys(update ?? {}).sort()).toEqual(Object.keys(fixture).sort());
    expect(update).toMatchObject({
      status: 'COMPLETE',
      order_id: order.orderId,
      user_id: 'AB1234',
      placed_by: 'AB1234',
      checksum: '',
      tag: 'rdx1',
      filled_quantity: LOT,
      pending_quantity: 0,
      unfilled_quantity: 0,
      average_price: 100.05,
      transaction_type: 'BUY',
      tradingsymbol: 'NIFTY25D1624000CE',
    });
  });

  it('report a partial fill as UPDATE (accepted as OPEN first) and the last fill as COMPLETE', () => {
    const b = book();
    const order = b.place('AB1234', request(), NOW);
    expect(statuses(orderUpdatesFor(order, 'placed'))).toEqual([
      ['OPEN', 0],
      ['UPDATE', LOT],
    ]);
    const [later] = b.matchOpen(NOW + 1000);
    expect(later && statuses(orderUpdatesFor(later, 'filled'))).toEqual([['UPDATE', 2 * LOT]]);
    const [last] = b.matchOpen(NOW + 2000);
    const [complete] = last ? orderUpdatesFor(last, 'filled') : [];
    expect(complete).toMatchObject({ status: 'COMPLETE', filled_quantity: 3 * LOT, pending_quantity: 0 });
  });

  it('report a resting order as OPEN, a modification as UPDATE, a cancel as CANCELLED and a refusal as REJECTED', () => {
    const b = book();
    const resting = b.place('AB1234', request({ pricePaise: 9_000 }), NOW);
    expect(statuses(orderUpdatesFor(resting, 'placed'))).toEqual([['OPEN', 0]]);
    const before = { filledQuantity: 0, filledValuePaise: 0 };
    const modified = b.modify('AB1234', resting.orderId, { pricePaise: 9_500 }, NOW + 10);
    if (!modified.ok) throw new Error(modified.message);
    expect(orderUpdatesFor(modified.order, 'modified', before)).toMatchObject([{ status: 'UPDATE', price: 95 }]);
    // A modification that makes it marketable: modified, then the fill it traded at once.
    const marketable = b.modify('AB1234', resting.orderId, { pricePaise: 10_005 }, NOW + 20);
    if (!marketable.ok) throw new Error(marketable.message);
    expect(statuses(orderUpdatesFor(marketable.order, 'modified', before))).toEqual([
      ['UPDATE', 0],
      ['UPDATE', LOT],
    ]);
    const cancelled = b.cancel('AB1234', resting.orderId, NOW + 30);
    if (!cancelled.ok) throw new Error(cancelled.message);
    expect(orderUpdatesFor(cancelled.order, 'cancelled')).toMatchObject([
      { status: 'CANCELLED', filled_quantity: LOT, cancelled_quantity: 2 * LOT, pending_quantity: 0 },
    ]);
    const refused = b.place('AB1234', request(), NOW, {
      message: 'Insufficient funds.',
      raw: 'RMS:Insufficient funds.',
    });
    expect(orderUpdatesFor(refused, 'placed')).toMatchObject([
      { status: 'REJECTED', status_message: 'Insufficient funds.', filled_quantity: 0 },
    ]);
  });
});
