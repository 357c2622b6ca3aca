import { LegSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { legAuditEntries } from './leg-audit.logic.js';
import { enteredLeg, type LegsMemo } from './legs-memo.logic.js';

const leg = LegSchema.parse({
  option_type: 'CE',
  side: 'SELL',
  lots: 1,
  expiry: 'current_week',
  strike: { by: 'atm', steps: 1 },
  stop_loss: { unit: 'percent', value: 25 },
  re_entry: { times: 2, when: 'at_once' },
});
const config = { legs: [leg] };
const memoWith = (over: Partial<LegsMemo['legs'][number]>): LegsMemo => ({
  legs: [{ ...enteredLeg('CE1'), ...over }],
  entry: null,
});

describe('legAuditEntries', () => {
  it('names a leg closed by its own stop, with its average price over the slices', () => {
    const memo = memoWith({ out: { reason: 'stop-loss', atPaise: 18_240, isWaiting: true } });
    const fills = [
      { tradingSymbol: 'CE1', quantity: -65, pricePaise: 18_250 },
      { tradingSymbol: 'CE1', quantity: -65, pricePaise: 18_260 },
    ];
    expect(legAuditEntries(config, memo, fills)).toEqual([
      {
        action: 'mapping.leg_stopped',
        detail: { leg: 'Leg 1 CE', trading_symbol: 'CE1', quantity: 130, price: '182.55', reason: 'stop-loss' },
      },
    ]);
  });

  it('names a re-entry with its count, and says nothing of a first entry or a square-off of every leg', () => {
    const sale = [{ tradingSymbol: 'CE1', quantity: 65, pricePaise: 15_000 }];
    const again = memoWith({ reEntries: 1, out: { reason: 'stop-loss', atPaise: 18_240, isWaiting: false } });
    expect(legAuditEntries(config, again, sale)).toEqual([
      {
        action: 'mapping.leg_reentered',
        detail: { leg: 'Leg 1 CE', trading_symbol: 'CE1', quantity: 65, price: '150.00', re_entry: '1 of 2' },
      },
    ]);
    expect(legAuditEntries(config, memoWith({}), sale)).toEqual([]);
    expect(legAuditEntries(config, memoWith({}), [{ ...sale[0]!, quantity: -65 }])).toEqual([]);
    // A contract no leg entered is not a leg's.
    expect(legAuditEntries(config, again, [{ ...sale[0]!, tradingSymbol: 'OTHER' }])).toEqual([]);
  });
});
