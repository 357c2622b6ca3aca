import type { ReconcileAccount } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { reconcileNotices } from './reconcile-display';

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
