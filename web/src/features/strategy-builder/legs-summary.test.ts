import { describe, expect, it } from 'vitest';
import { STRANGLE } from '../strategy-lab/lab-fixture';
import { entryPlanOfLegs, entryText, legsIntervalOf, legsSummaryLines, legText, strikeText } from './legs-summary';

const leg = STRANGLE.legs[0]!;

describe('a Multi-leg configuration in words', () => {
  it('says each leg as side, type, strike rule, lots and expiry', () => {
    expect(legText(leg)).toBe('SELL CE ATM+2 ×1 lot, current week');
    expect(legText({ ...leg, side: 'BUY', lots: 3, expiry: 'next_week', strike: { by: 'atm', steps: -1 } })).toBe(
      'BUY CE ATM-1 ×3 lots, next week',
    );
    expect(strikeText({ by: 'atm', steps: 0 })).toBe('ATM');
    expect(strikeText({ by: 'premium_at_least', premium: 50 })).toBe('premium ≥ ₹50.00');
    expect(
      legText({ ...leg, stop_loss: { unit: 'percent', value: 25 }, re_entry: { times: 1, when: 'at_once' } }),
    ).toBe('SELL CE ATM+2 ×1 lot, current week, stop-loss 25 %, 1 re-entry');
  });

  it('lists the legs, then the entry and the exit', () => {
    expect(legsSummaryLines(STRANGLE)).toEqual([
      'Leg 1: SELL CE ATM+2 ×1 lot, current week',
      'Leg 2: SELL PE ATM+2 ×1 lot, current week',
      'Entry at 09:20',
      'Exit at 15:15',
    ]);
    expect(entryText({ kind: 'candle_close', interval: '5m' })).toBe('Entry on the next 5m candle close');
    expect(legsSummaryLines({ ...STRANGLE, exit_at: null }).at(-1)).toBe('No exit time: held until expiry or Exit');
  });

  it('decides every minute for a timed entry, on the entry candle for a candle-close one', () => {
    expect(legsIntervalOf(STRANGLE)).toBe('1m');
    expect(legsIntervalOf({ entry: { kind: 'candle_close', interval: '15m' } })).toBe('15m');
  });

  it("tells a LIVE start's question what the entry sells and buys", () => {
    const condor = {
      ...STRANGLE,
      legs: [{ ...leg, side: 'BUY' as const, strike: { by: 'atm' as const, steps: 4 } }, leg],
    };
    const plan = entryPlanOfLegs(condor, 65);
    expect(plan).toMatchObject({ interval: '1m', sells: ['65 CE ATM+2'], thenWhat: 'squares every leg off at 15:15' });
    expect(plan.how).toBe('and buys 65 CE ATM+4 (entry at 09:20)');
    expect(entryPlanOfLegs(null, 65)).toMatchObject({ interval: null, sells: [] });
  });
});
