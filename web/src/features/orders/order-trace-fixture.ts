import type { BookOrder, OrderTrace } from '@app/contract';

/** A filled live SELL of the RDX strategy on NIFTY, as `GET /orders` lists it; override what a test needs. */
export function bookOrderFixture(overrides: Partial<BookOrder> = {}): BookOrder {
  return {
    kind: 'live',
    id: 12,
    time: '2026-11-23T05:00:02.000Z',
    user_strategy_mapping_id: 3,
    strategy_name: 'RDX',
    instrument_name: 'NIFTY',
    account: 'AB1234',
    tag: 'rdx3',
    broker_order_id: '250101000000123',
    trading_symbol: 'NIFTY26N2424600CE',
    side: 'SELL',
    quantity: 65,
    filled_quantity: 65,
    average_price: 101.5,
    status: 'complete',
    message: null,
    ...overrides,
  };
}

/** The trace of {@link bookOrderFixture}: the engine's entry on the 10:30 IST candle, filled in two trades. */
export function orderTraceFixture(overrides: Partial<OrderTrace> = {}): OrderTrace {
  return {
    order: bookOrderFixture(),
    strategy: { type: 'RDX', version: 1, algo_id: 'RDX-1' },
    decision: {
      action: 'enter',
      reason: null,
      at: '2026-11-23T05:00:00.000Z',
      underlying_price: 24500,
      atm: 24500,
      config: { lotCount: 1, atm: 24500, offset: 100, interval: '15m' },
      config_version: '1a2b3c4d5e6f',
    },
    author: { kind: 'engine', username: null },
    fills: [
      { id: 41, time: '2026-11-23T05:00:03.000Z', trade_id: 'T-9001', quantity: 40, price: 101.25 },
      { id: 42, time: '2026-11-23T05:00:04.000Z', trade_id: null, quantity: 25, price: 101.9 },
    ],
    ...overrides,
  };
}
