import { describe, expect, it } from 'vitest';
import { compareHoldings } from './reconcile.logic.js';

const leg = (tradingSymbol: string, quantity: number) => ({ exchange: 'NFO', tradingSymbol, quantity });

describe('compareHoldings', () => {
  it('agrees when the broker is short what the console sold (Kite counts short as negative)', () => {
    // One NIFTY lot (65 from the January 2026 expiries).
    expect(compareHoldings([leg('NIFTY26D0124600CE', 65)], [leg('NIFTY26D0124600CE', -65)])).toEqual([
      { trading_symbol: 'NIFTY26D0124600CE', exchange: 'NFO', console_quantity: 65, broker_quantity: 65, drift: 0 },
    ]);
  });

  it('lists drifting symbols first: one the broker holds alone, one the console holds more of', () => {
    const rows = compareHoldings(
      [leg('A', 75), leg('A', 75), leg('B', 65)],
      [leg('A', -75), leg('B', -65), leg('C', 25)],
    );
    expect(rows.map((r) => [r.trading_symbol, r.console_quantity, r.broker_quantity, r.drift])).toEqual([
      ['A', 150, 75, 75],
      ['C', 0, -25, 25],
      ['B', 65, 65, 0],
    ]);
  });

  it('sums the broker rows of one symbol across products, and drops symbols both sides hold none of', () => {
    expect(compareHoldings([], [leg('A', -75), leg('A', 75)])).toEqual([]);
    expect(compareHoldings([leg('A', 75)], [leg('A', -50), leg('A', -25)])[0]?.drift).toBe(0);
  });
});
