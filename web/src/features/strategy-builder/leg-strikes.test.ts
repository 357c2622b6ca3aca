import type { ChainStrike } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankLeg } from './builder-draft';
import {
  atmStrike,
  chooseStrike,
  expiryDays,
  netPremium,
  payoffLegsOf,
  resolveLeg,
  ruleOf,
  strikeStepPaise,
  type ChainQuote,
  type StrikeRule,
} from './leg-strikes';

/*
 * The builder shows the strike the engine will trade, by the contract's own rules (packages/contract/src/
 * leg-strikes.ts, whose tests these cases repeat where they overlap): pinned here as the builder reaches them.
 */

/** NIFTY-like: strikes 24,800 to 25,200 every ₹50. */
const STEP = 5_000;
const strikes = Array.from({ length: 9 }, (_, i) => 2_480_000 + i * STEP);
const chainOf = (last: (strike: number) => number | null): ChainQuote[] =>
  strikes.map((strikePaise) => ({ strikePaise, lastPaise: last(strikePaise) }));
/** CE premiums falling ₹25 a step from ₹200 at 24,800. */
const ceChain = chainOf((s) => 20_000 - ((s - 2_480_000) / STEP) * 2_500);
/** PE premiums rising ₹25 a step from ₹25 at 24,800. */
const peChain = chainOf((s) => 2_500 + ((s - 2_480_000) / STEP) * 2_500);

const choose = (rule: StrikeRule, optionType: 'CE' | 'PE' = 'CE', chain = ceChain, pricePaise = 2_501_000) =>
  chooseStrike({ pricePaise, stepPaise: STEP, optionType, chain, rule });

describe('atmStrike', () => {
  it('takes the nearest listed strike, and the lower of two equally near', () => {
    expect(atmStrike(ceChain, 2_501_000)).toBe(2_500_000);
    expect(atmStrike(ceChain, 2_504_000)).toBe(2_505_000);
    expect(atmStrike(ceChain, 2_502_500)).toBe(2_500_000);
    expect(atmStrike(ceChain, 9_999_999)).toBe(2_520_000);
    expect(atmStrike([], 2_500_000)).toBeNull();
  });
});

describe('chooseStrike as the engine chooses', () => {
  it('counts steps out of the money: up for a CE, down for a PE', () => {
    expect(choose({ by: 'atm', steps: 0 })).toEqual({ strikePaise: 2_500_000, lastPaise: 10_000 });
    expect(choose({ by: 'atm', steps: 2 })).toEqual({ strikePaise: 2_510_000, lastPaise: 5_000 });
    expect(choose({ by: 'atm', steps: 2 }, 'PE', peChain)).toEqual({ strikePaise: 2_490_000, lastPaise: 7_500 });
    expect(choose({ by: 'atm', steps: -1 }, 'PE', peChain)).toEqual({ strikePaise: 2_505_000, lastPaise: 15_000 });
  });

  it('says why a step lands on no listed strike, or there is no chain', () => {
    expect(choose({ by: 'atm', steps: 5 })).toEqual({ reason: 'strike not listed', detail: 'no CE at strike 25,250' });
    expect(choose({ by: 'atm', steps: 0 }, 'PE', [])).toEqual({
      reason: 'empty chain',
      detail: 'no PE listed for this expiry',
    });
  });

  it('takes the premium closest to ₹X, of two equally close the one further out of the money', () => {
    expect(choose({ by: 'premium_closest', premiumPaise: 6_250 })).toEqual({
      strikePaise: 2_510_000,
      lastPaise: 5_000,
    });
    expect(choose({ by: 'premium_closest', premiumPaise: 6_250 }, 'PE', peChain)).toEqual({
      strikePaise: 2_485_000,
      lastPaise: 5_000,
    });
  });

  it('takes the smallest premium at least ₹X and the largest at most ₹X, or says none is', () => {
    expect(choose({ by: 'premium_at_least', premiumPaise: 6_000 })).toEqual({
      strikePaise: 2_505_000,
      lastPaise: 7_500,
    });
    expect(choose({ by: 'premium_at_most', premiumPaise: 6_000 })).toEqual({
      strikePaise: 2_510_000,
      lastPaise: 5_000,
    });
    expect(choose({ by: 'premium_at_least', premiumPaise: 50_000 })).toEqual({
      reason: 'nothing within the bound',
      detail: 'no CE premium is at least ₹500',
    });
  });

  it('keeps every premium choice on its side of the bound and nearest to it', () => {
    const quotes = fc.array(fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }), {
      minLength: strikes.length,
      maxLength: strikes.length,
    });
    const rules = fc.constantFrom('premium_closest', 'premium_at_least', 'premium_at_most' as const);
    fc.assert(
      fc.property(quotes, rules, fc.integer({ min: 1, max: 50_000 }), (last, by, premium) => {
        const chain = strikes.map((strikePaise, i) => ({ strikePaise, lastPaise: last[i]! }));
        const choice = choose({ by, premiumPaise: premium }, 'CE', chain);
        const allowed = chain
          .map((q) => q.lastPaise ?? 0)
          .filter((p) => p > 0)
          .filter((p) => (by === 'premium_at_least' ? p >= premium : by === 'premium_at_most' ? p <= premium : true));
        if ('reason' in choice) {
          expect(allowed).toEqual([]);
          return;
        }
        for (const p of allowed)
          expect(Math.abs(choice.lastPaise! - premium)).toBeLessThanOrEqual(Math.abs(p - premium));
      }),
    );
  });
});

describe('expiryDays', () => {
  it('reads this week as the nearest, next week as the one after, this month as the nearest month’s last', () => {
    expect(expiryDays(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-29', '2027-01-26'])).toEqual({
      current_week: '2026-12-01',
      next_week: '2026-12-08',
      current_month: '2026-12-29',
    });
  });

  it('says none where the list has none', () => {
    expect(expiryDays(['2026-12-29'])).toEqual({
      current_week: '2026-12-29',
      next_week: null,
      current_month: '2026-12-29',
    });
    expect(expiryDays([])).toEqual({ current_week: null, next_week: null, current_month: null });
  });
});

describe('strikeStepPaise', () => {
  it('is the smallest gap between listed strikes, whatever their order', () => {
    expect(strikeStepPaise([25_100, 25_000, 25_050, 25_200])).toBe(5_000);
    expect(strikeStepPaise([100.5, 101])).toBe(50);
    expect(strikeStepPaise([25_000])).toBe(0);
  });
});

const option = (ltp: number | null) => ({ ltp, iv: null, delta: null, gamma: null, theta: null, vega: null });
/** A chain in rupees: CE ₹100 at 25,000 falling ₹25 a step, PE rising. */
const chainStrikes: ChainStrike[] = [24_900, 24_950, 25_000, 25_050, 25_100].map((strike, i) => ({
  strike,
  ce: option(150 - i * 25),
  pe: option(50 + i * 25),
}));
const chain = { strikes: chainStrikes, underlying_price: 25_012.4, expiry: '2026-12-01' };

describe('resolveLeg', () => {
  it('gives the strike and last price in rupees the leg’s rule picks', () => {
    expect(resolveLeg({ ...blankLeg(1), option_type: 'CE', steps: '1' }, chain)).toEqual({
      ok: true,
      expiry: '2026-12-01',
      strike: 25_050,
      premium: 75,
    });
    expect(resolveLeg({ ...blankLeg(1), option_type: 'PE', steps: '2' }, chain)).toEqual({
      ok: true,
      expiry: '2026-12-01',
      strike: 24_900,
      premium: 50,
    });
    expect(
      resolveLeg({ ...blankLeg(1), option_type: 'PE', strike_by: 'premium_at_most', premium: '99.99' }, chain),
    ).toEqual({ ok: true, expiry: '2026-12-01', strike: 24_950, premium: 75 });
  });

  it('says why not: a rule not complete, a step off the chain', () => {
    expect(resolveLeg({ ...blankLeg(1), steps: '1.5' }, chain)).toEqual({
      ok: false,
      reason: 'the strike rule is not complete',
    });
    expect(resolveLeg({ ...blankLeg(1), steps: '3' }, chain)).toEqual({
      ok: false,
      reason: 'no CE at strike 25,150',
    });
  });

  it('reads the rule as typed: steps whole, a premium above zero in paise', () => {
    expect(ruleOf({ strike_by: 'atm', steps: '-2', premium: '' })).toEqual({ by: 'atm', steps: -2 });
    expect(ruleOf({ strike_by: 'premium_closest', steps: '0', premium: '50.05' })).toEqual({
      by: 'premium_closest',
      premiumPaise: 5_005,
    });
    expect(ruleOf({ strike_by: 'premium_closest', steps: '0', premium: '0' })).toBeNull();
    expect(ruleOf({ strike_by: 'atm', steps: '', premium: '' })).toBeNull();
  });
});

describe('netPremium', () => {
  it('is a credit for sold premium and a debit for bought, lots × lot size × price, to the paisa', () => {
    // Sell 2 lots at ₹110.80 and buy 2 at ₹35.15 on a 75 lot: (110.80 − 35.15) × 150 = ₹11,347.50.
    const legs = [
      { side: 'SELL' as const, lots: 2, premium: 110.8 },
      { side: 'BUY' as const, lots: 2, premium: 35.15 },
    ];
    expect(netPremium(legs, 75)).toBe(11_347.5);
    expect(netPremium([{ side: 'BUY', lots: 1, premium: 0.1 }], 3)).toBe(-0.3);
    expect(netPremium([], 75)).toBeNull();
  });
});

describe('payoffLegsOf', () => {
  const resolved = (strike: number, premium: number | null, expiry = '2026-12-01') =>
    ({ ok: true, strike, premium, expiry }) as const;

  it('builds the payoff call from the strikes and last prices', () => {
    const legs = [
      { option_type: 'CE' as const, side: 'SELL' as const, lots: '2' },
      { option_type: 'PE' as const, side: 'SELL' as const, lots: '2' },
    ];
    expect(payoffLegsOf(7, legs, [resolved(25_050, 75), resolved(24_950, 75)])).toEqual({
      ok: true,
      request: {
        instrument_id: 7,
        legs: [
          { option_type: 'CE', side: 'SELL', strike: 25_050, expiry: '2026-12-01', lots: 2, price: 75 },
          { option_type: 'PE', side: 'SELL', strike: 24_950, expiry: '2026-12-01', lots: 2, price: 75 },
        ],
      },
    });
  });

  it('says which leg is missing what, and refuses two expiries in the contract’s words', () => {
    const legs = [
      { option_type: 'CE' as const, side: 'SELL' as const, lots: '1' },
      { option_type: 'PE' as const, side: 'BUY' as const, lots: '1' },
    ];
    expect(payoffLegsOf(7, legs, [resolved(25_050, 75), null])).toEqual({
      ok: false,
      reason: 'Leg 2 has no strike yet',
    });
    expect(payoffLegsOf(7, legs, [resolved(25_050, 75), resolved(24_950, null)])).toEqual({
      ok: false,
      reason: 'Leg 2 has no last price to draw the payoff with',
    });
    const twoExpiries = payoffLegsOf(7, legs, [resolved(25_050, 75), resolved(24_950, 75, '2026-12-08')]);
    expect(twoExpiries).toEqual({
      ok: false,
      reason:
        "Legs must all share one expiry (these expire on 2026-12-01, 2026-12-08): a calendar spread's payoff is not drawn",
    });
  });
});
