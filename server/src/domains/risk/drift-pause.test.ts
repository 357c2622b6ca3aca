import type { ReconcileSymbol } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { unheldSymbols } from './drift-pause.js';

/** One NIFTY lot (65 from the January 2026 expiries). */
const LOT = 65;
const row = (trading_symbol: string, console_quantity: number, broker_quantity: number, in_flight = false) => ({
  trading_symbol,
  exchange: 'NFO',
  console_quantity,
  broker_quantity,
  drift: in_flight ? 0 : console_quantity - broker_quantity,
  in_flight,
});

describe('unheldSymbols (issue 27, 28)', () => {
  it('pauses on a leg the broker no longer holds, never on a symbol with an order in flight', () => {
    const symbols: ReconcileSymbol[] = [
      row('CLOSED_IN_KITE', LOT, 0),
      row('BUYING_BACK', LOT, 0, true), // the buy-back filled at the broker, not yet booked here
      row('BROKER_HOLDS_MORE', LOT, 2 * LOT),
    ];
    expect(unheldSymbols(symbols).map((s) => s.trading_symbol)).toEqual(['CLOSED_IN_KITE']);
  });
});
