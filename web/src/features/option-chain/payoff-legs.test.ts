import type { ChainStrike } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  addLeg,
  breakevensText,
  canAddLeg,
  extremeText,
  legName,
  netPremium,
  payoffRequest,
  payoffSummary,
  removeLeg,
  signedInr,
  updateLeg,
  type LegDraft,
} from './payoff-legs';

const row = (strike: number, ce: number | null, pe: number | null): ChainStrike => {
  const figures = (ltp: number | null) => ({ ltp, iv: null, delta: null, gamma: null, theta: null, vega: null });
  return { strike, ce: figures(ce), pe: figures(pe) };
};

const chain = {
  expiry: '2026-12-04',
  strikes: [row(9_950, 160.05, 95.4), row(10_000, 131.2, 116.85), row(10_050, 105, null)],
};

describe('adding legs', () => {
  it('adds the option on the chosen side, one lot at its LTP', () => {
    const legs = addLeg(addLeg([], chain, 10_000, 'CE', 'SELL'), chain, 10_000, 'PE', 'SELL');
    expect(legs).toEqual([
      { key: 1, option_type: 'CE', side: 'SELL', strike: 10_000, expiry: '2026-12-04', lots: '1', price: '131.20' },
      { key: 2, option_type: 'PE', side: 'SELL', strike: 10_000, expiry: '2026-12-04', lots: '1', price: '116.85' },
    ]);
  });

  it('adds a lot to the same option on the same side instead of a second row', () => {
    const once = addLeg([], chain, 9_950, 'CE', 'BUY');
    const twice = addLeg(once, chain, 9_950, 'CE', 'BUY');
    expect(twice).toHaveLength(1);
    expect(twice[0]?.lots).toBe('2');
    expect(addLeg(once, chain, 9_950, 'CE', 'SELL')).toHaveLength(2);
  });

  it('leaves the price empty for an option without an LTP, and stops at the leg limit', () => {
    expect(addLeg([], chain, 10_050, 'PE', 'BUY')[0]?.price).toBe('');
    const one = addLeg([], chain, 9_950, 'CE', 'BUY')[0]!;
    const many: LegDraft[] = Array.from({ length: 12 }, (_, i) => ({ ...one, key: i + 1, strike: 9_000 + i }));
    expect(canAddLeg(many.slice(1))).toBe(true);
    expect(canAddLeg(many)).toBe(false);
    expect(addLeg(many, chain, 10_000, 'CE', 'BUY')).toHaveLength(12);
  });
});

describe('editing legs', () => {
  const legs = addLeg([], chain, 10_000, 'CE', 'BUY');

  it('prices a new option from the chain, and keeps a typed price when only side or lots change', () => {
    const moved = updateLeg(legs, 1, { strike: 9_950 }, chain);
    expect(moved[0]).toMatchObject({ strike: 9_950, price: '160.05' });
    const typed = updateLeg(moved, 1, { price: '150' }, chain);
    expect(updateLeg(typed, 1, { side: 'SELL', lots: '3' }, chain)[0]).toMatchObject({
      side: 'SELL',
      lots: '3',
      price: '150',
    });
    expect(updateLeg(typed, 1, { option_type: 'PE' }, chain)[0]).toMatchObject({ option_type: 'PE', price: '95.40' });
  });

  it('keeps the price when the new option has no LTP, or the chain shown is of another expiry', () => {
    expect(updateLeg(legs, 1, { strike: 10_050, option_type: 'PE' }, chain)[0]?.price).toBe('131.20');
    const other = { ...chain, expiry: '2026-12-11' };
    expect(updateLeg(legs, 1, { strike: 9_950 }, other)[0]?.price).toBe('131.20');
  });

  it('removes a leg by its key', () => {
    const two = addLeg(legs, chain, 10_000, 'PE', 'BUY');
    expect(removeLeg(two, 1).map((l) => l.key)).toEqual([2]);
  });
});

describe('payoffRequest', () => {
  const straddle = addLeg(addLeg([], chain, 10_000, 'CE', 'SELL'), chain, 10_000, 'PE', 'SELL');

  it('builds the call from the legs, lots and price as numbers', () => {
    expect(payoffRequest(4, straddle)).toEqual({
      ok: true,
      request: {
        instrument_id: 4,
        legs: [
          { option_type: 'CE', side: 'SELL', strike: 10_000, expiry: '2026-12-04', lots: 1, price: 131.2 },
          { option_type: 'PE', side: 'SELL', strike: 10_000, expiry: '2026-12-04', lots: 1, price: 116.85 },
        ],
      },
    });
  });

  it("refuses in the contract's words, naming the leg", () => {
    const noLots = updateLeg(straddle, 2, { lots: '0' }, chain);
    expect(payoffRequest(4, noLots)).toEqual({ ok: false, error: 'Leg 2 Lots must be at least 1' });
    const badPrice = updateLeg(straddle, 1, { price: '' }, chain);
    expect(payoffRequest(4, badPrice)).toEqual({ ok: false, error: 'Leg 1 Price must be a number in rupees' });
    const paise = updateLeg(straddle, 1, { price: '1.005' }, chain);
    expect(payoffRequest(4, paise)).toEqual({ ok: false, error: 'Leg 1 Price may have at most two decimals' });
    expect(payoffRequest(4, [])).toEqual({ ok: false, error: 'Legs: add at least one leg' });
  });

  it('refuses a calendar (legs of two expiries)', () => {
    const later = addLeg(straddle, { ...chain, expiry: '2026-12-11' }, 10_000, 'CE', 'BUY');
    const built = payoffRequest(4, later);
    expect(built.ok).toBe(false);
    expect(!built.ok && built.error).toMatch(
      /^Legs must all share one expiry \(these expire on 2026-12-04, 2026-12-11\)/,
    );
  });
});

describe('figures', () => {
  const straddle = addLeg(addLeg([], chain, 10_000, 'CE', 'SELL'), chain, 10_000, 'PE', 'SELL');

  it('adds the premium in paise: a credit positive, a debit negative; none while a figure is missing', () => {
    expect(netPremium(straddle, 50)).toBe(12_402.5);
    expect(netPremium(updateLeg(straddle, 1, { side: 'BUY' }, chain), 50)).toBe(-717.5);
    expect(netPremium(updateLeg(straddle, 1, { lots: '' }, chain), 50)).toBeNull();
    expect(netPremium([], 50)).toBe(0);
  });

  it('names a leg, and writes rupees with Indian grouping and a sign', () => {
    expect(legName(straddle[0]!)).toBe('Sell 1 × 10,000 CE');
    expect(signedInr(-123_456.5)).toBe('−₹1,23,456.50');
    expect(signedInr(800)).toBe('+₹800.00');
    expect(signedInr(0)).toBe('₹0.00');
  });

  it('says Unlimited for a null extreme and lists the breakevens', () => {
    expect(extremeText(null)).toBe('Unlimited');
    expect(extremeText(12_402.5)).toBe('+₹12,402.50');
    expect(breakevensText([9_751.95, 10_248.05])).toBe('₹9,751.95 and ₹10,248.05');
    expect(breakevensText([9_000, 9_500, 10_100])).toBe('₹9,000.00, ₹9,500.00 and ₹10,100.00');
    expect(breakevensText([])).toBe('None');
    expect(payoffSummary({ breakevens: [9_751.95], max_profit: 12_402.5, max_loss: null })).toEqual([
      { label: 'Breakevens', value: '₹9,751.95', testId: 'payoff-breakevens' },
      { label: 'Max profit', value: '+₹12,402.50', testId: 'payoff-max-profit' },
      { label: 'Max loss', value: 'Unlimited', testId: 'payoff-max-loss' },
    ]);
  });
});
