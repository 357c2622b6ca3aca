import { describe, expect, it } from 'vitest';
import { ordersOf } from './backtest-results.logic.js';
import type { BacktestFill } from './backtest.types.js';

const AT = Date.parse('2026-11-23T05:00:00Z');
let nextId = 1;
const fill = (at: number, paperOrder: number | null, kind: BacktestFill['kind'] = 'trade'): BacktestFill => ({
  id: nextId++,
  at,
  tradingSymbol: 'NIFTY26D0124600CE',
  quantity: 65,
  pricePaise: 10_000,
  kind,
  reason: 'entry',
  paperOrder,
});

describe('a backtest’s orders against the broker’s order rate', () => {
  it('counts one order per paper order of an instant, its depth-level fills together', () => {
    const fills = [fill(AT, 1), fill(AT, 1), fill(AT, 2), fill(AT + 60_000, 1)];
    expect(ordersOf(fills, 10)).toEqual({ count: 3, rateLimited: 0 });
  });

  it('holds back the orders of an instant beyond the limit a second, as live sends them', () => {
    const burst = Array.from({ length: 13 }, (_, i) => fill(AT, i + 1));
    expect(ordersOf([...burst, fill(AT + 60_000, 1)], 10)).toEqual({ count: 14, rateLimited: 3 });
  });

  it('counts no order for an expiry settlement', () => {
    expect(ordersOf([fill(AT, 1, 'settlement')], 10)).toEqual({ count: 0, rateLimited: 0 });
  });
});
