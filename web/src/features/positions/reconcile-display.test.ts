import type { ReconcileAccount } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { matchOffers, paperOnlyLine, reconcileAgreement, reconcileNotices } from './reconcile-display';

function account(overrides: Partial<ReconcileAccount> = {}): ReconcileAccount {
  return {
    user_broker_id: 4,
    user_id: 3,
    user_username: 'trader1',
    broker_username: 'AB1234',
    symbols: [],
    in_sync: true,
    error: null,
    ...overrides,
  };
}

const symbol = (trading_symbol: string, console_quantity: number, broker_quantity: number) => ({
  trading_symbol,
  exchange: 'NFO',
  console_quantity,
  broker_quantity,
  drift: broker_quantity - console_quantity,
});

describe('reconcileNotices', () => {
  it('says nothing while every account agrees', () => {
    const agreeing = account({ symbols: [symbol('NIFTY25D0924500CE', 75, 75)] });
    expect(reconcileNotices([agreeing], false)).toEqual({ drift: [], unchecked: [] });
  });

  it('names the broker account and each drifting symbol with both quantities', () => {
    const drifting = account({
      in_sync: false,
      symbols: [symbol('SANDBOX25D1210050CE', 0, 50), symbol('SANDBOX25D129950PE', 50, -25), symbol('X', 75, 75)],
    });
    expect(reconcileNotices([drifting], false).drift).toEqual([
      {
        key: 4,
        text: 'Broker positions differ for AB1234: SANDBOX25D1210050CE console flat vs broker short 50; SANDBOX25D129950PE console short 50 vs broker long 25.',
      },
    ]);
    expect(reconcileNotices([drifting], true).drift[0]?.text).toMatch(
      /^Broker positions differ for AB1234 \(user trader1\):/,
    );
  });

  it('mentions an account the broker could not be asked about only when the console holds something there', () => {
    const holding = account({ in_sync: false, error: 'Token expired', symbols: [symbol('A', 50, 0)] });
    const empty = account({ user_broker_id: 5, in_sync: false, error: 'No access token', symbols: [] });
    const notices = reconcileNotices([holding, empty], false);
    expect(notices.drift).toEqual([]);
    expect(notices.unchecked).toEqual([
      {
        key: 4,
        text: 'Could not compare positions with the broker for AB1234, where the console holds 1 symbol: Token expired',
      },
    ]);
  });
});

describe('matchOffers (issue 27)', () => {
  const holder = (id: number, quantity: number) => ({
    user_strategy_mapping_id: id,
    strategy_name: 'RDX',
    instrument_name: 'NIFTY 50',
    quantity,
  });

  it('offers each strategy holding a symbol the broker holds less of, up to what the broker lacks', () => {
    const drifted = account({
      in_sync: false,
      symbols: [
        { ...symbol('NIFTY25D0924500CE', 150, 75), holders: [holder(7, 75), holder(8, 75)] },
        { ...symbol('NIFTY25D0924300PE', 75, 75), holders: [holder(7, 75)] },
      ],
    });
    expect(matchOffers([drifted]).map((o) => [o.mappingId, o.tradingSymbol, o.quantity, o.strategy])).toEqual([
      [7, 'NIFTY25D0924500CE', 75, 'RDX on NIFTY 50'],
    ]);
  });

  it('offers nothing where the broker holds more than the console, or could not be asked', () => {
    const more = account({ in_sync: false, symbols: [{ ...symbol('X', 75, 150), holders: [holder(7, 75)] }] });
    const unasked = account({
      in_sync: false,
      error: 'Token expired',
      symbols: [{ ...symbol('X', 75, 0), holders: [holder(7, 75)] }],
    });
    expect(matchOffers([more, unasked])).toEqual([]);
  });

  it('a broker long of the symbol backs none of the console short: the whole leg is offered', () => {
    const flipped = account({ in_sync: false, symbols: [{ ...symbol('X', 75, -75), holders: [holder(7, 75)] }] });
    expect(matchOffers([flipped])[0]?.quantity).toBe(75);
  });

  it('offers a bought leg the broker no longer holds long, as a leg to book sold (issue 33)', () => {
    const sold = account({ in_sync: false, symbols: [{ ...symbol('X', -75, 0), holders: [holder(7, -75)] }] });
    expect(matchOffers([sold]).map((o) => [o.mappingId, o.quantity, o.leg])).toEqual([[7, 75, 'bought']]);
    const backed = account({ in_sync: false, symbols: [{ ...symbol('X', -75, -75), holders: [holder(7, -75)] }] });
    expect(matchOffers([backed])).toEqual([]);
  });
});

describe('paperOnlyLine (issue 27)', () => {
  it('says a paper-only console has no broker to compare, and nothing where a live account is checked', () => {
    expect(paperOnlyLine([], 2)).toBe(
      'Paper trading only (2 paper strategies): no broker positions to compare, as paper fills never reach a broker',
    );
    expect(paperOnlyLine([], 0)).toBeNull();
    expect(paperOnlyLine([account()], 2)).toBeNull();
  });
});

describe('an order in flight (issue 28)', () => {
  it('is no drift: no banner, no offer, and the agreement line says it is settling', () => {
    const settling = account({
      symbols: [{ ...symbol('NIFTY26D0124500CE', 0, 65), drift: 0, in_flight: true }, symbol('X', 65, 65)],
    });
    expect(reconcileNotices([settling], false)).toEqual({ drift: [], unchecked: [] });
    expect(matchOffers([settling])).toEqual([]);
    expect(reconcileAgreement([settling], '2026-11-23T05:12:05.000Z')).toBe(
      'Broker positions agree for 1 account (checked 10:42:05 IST); an order on NIFTY26D0124500CE is settling, compared again once it settles',
    );
    expect(reconcileAgreement([account()], '2026-11-23T05:12:05.000Z')).toBe(
      'Broker positions agree for 1 account (checked 10:42:05 IST)',
    );
  });
});
