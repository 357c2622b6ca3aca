import { describe, expect, it } from 'vitest';
import { instrumentOf, positionPayoff } from './position-payoff';
import { legFixture } from './position-fixture';

const sandbox = { id: 7, name: 'SANDBOX 24x7', lot_size: 25 };

describe('positionPayoff', () => {
  it('takes a sold leg (quantity > 0) as SELL and a bought one as BUY, in lots, at the entry price', () => {
    const built = positionPayoff(sandbox, [legFixture(), legFixture({ quantity: -75, entry_price: 10.05 })]);
    expect(built).toEqual({
      ok: true,
      request: {
        instrument_id: 7,
        legs: [
          { option_type: 'CE', side: 'SELL', strike: 10050, expiry: '2025-12-12', lots: 2, price: 120.5 },
          { option_type: 'CE', side: 'BUY', strike: 10050, expiry: '2025-12-12', lots: 3, price: 10.05 },
        ],
      },
    });
  });

  it('refuses a leg not in whole lots, or one whose option is not known, naming it', () => {
    expect(positionPayoff(sandbox, [legFixture({ quantity: 30 })])).toEqual({
      ok: false,
      reason: 'SANDBOX25D1210050CE holds 30 units, not whole lots of 25, so the payoff is not drawn',
    });
    expect(positionPayoff(sandbox, [legFixture({ strike: null })])).toEqual({
      ok: false,
      reason: 'SANDBOX25D1210050CE is not a known option leg, so the payoff is not drawn',
    });
  });

  it('finds the instrument by its name, none for an unknown or missing one', () => {
    expect(instrumentOf([sandbox], 'SANDBOX 24x7')).toBe(sandbox);
    expect(instrumentOf([sandbox], 'NIFTY 50')).toBeNull();
    expect(instrumentOf([sandbox], null)).toBeNull();
  });
});
