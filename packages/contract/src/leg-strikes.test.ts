import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atmStrike, chooseStrike, strikeRuleOf, type ChainQuote, type StrikeRule } from './leg-strikes.js';

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

  it('is always a listed strike no further from the price than any other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2_000_000, max: 3_000_000 }), (price) => {
        const atm = atmStrike(ceChain, price)!;
        expect(strikes).toContain(atm);
        for (const s of strikes) expect(Math.abs(atm - price)).toBeLessThanOrEqual(Math.abs(s - price));
      }),
    );
  });
});

describe('chooseStrike by ATM steps', () => {
  it('counts steps out of the money: up for a CE, down for a PE', () => {
    expect(choose({ by: 'atm', steps: 0 })).toEqual({ strikePaise: 2_500_000, lastPaise: 10_000 });
    expect(choose({ by: 'atm', steps: 2 })).toEqual({ strikePaise: 2_510_000, lastPaise: 5_000 });
    expect(choose({ by: 'atm', steps: 2 }, 'PE', peChain)).toEqual({ strikePaise: 2_490_000, lastPaise: 7_500 });
    expect(choose({ by: 'atm', steps: -1 }, 'PE', peChain)).toEqual({ strikePaise: 2_505_000, lastPaise: 15_000 });
  });

  it('needs no quote, but a listed strike and a step', () => {
    expect(
      choose(
        { by: 'atm', steps: 1 },
        'CE',
        chainOf(() => null),
      ),
    ).toEqual({
      strikePaise: 2_505_000,
      lastPaise: null,
    });
    expect(choose({ by: 'atm', steps: 5 })).toEqual({
      reason: 'strike not listed',
      detail: 'no CE at strike 25,250',
    });
    expect(
      chooseStrike({
        pricePaise: 2_500_000,
        stepPaise: 0,
        optionType: 'CE',
        chain: ceChain,
        rule: { by: 'atm', steps: 1 },
      }),
    ).toEqual({
      reason: 'no strike step',
      detail: 'the option chain has no strike step',
    });
    expect(choose({ by: 'atm', steps: 0 }, 'PE', [])).toEqual({
      reason: 'empty chain',
      detail: 'no PE listed for this expiry',
    });
  });
});

describe('chooseStrike by premium', () => {
  it('takes the premium closest to ₹X, of two equally close the one further out of the money', () => {
    expect(choose({ by: 'premium_closest', premiumPaise: 5_200 })).toEqual({
      strikePaise: 2_510_000,
      lastPaise: 5_000,
    });
    // ₹62.50 lies halfway between ₹75 and ₹50: the strike further out wins, CE 25,100 (not 25,050), PE 24,850.
    expect(choose({ by: 'premium_closest', premiumPaise: 6_250 })).toEqual({
      strikePaise: 2_510_000,
      lastPaise: 5_000,
    });
    expect(choose({ by: 'premium_closest', premiumPaise: 6_250 }, 'PE', peChain)).toEqual({
      strikePaise: 2_485_000,
      lastPaise: 5_000,
    });
  });

  it('takes the smallest premium at least ₹X, and the largest at most ₹X', () => {
    expect(choose({ by: 'premium_at_least', premiumPaise: 6_000 })).toEqual({
      strikePaise: 2_505_000,
      lastPaise: 7_500,
    });
    expect(choose({ by: 'premium_at_most', premiumPaise: 6_000 })).toEqual({
      strikePaise: 2_510_000,
      lastPaise: 5_000,
    });
    expect(choose({ by: 'premium_at_least', premiumPaise: 7_500 })).toEqual({
      strikePaise: 2_505_000,
      lastPaise: 7_500,
    });
  });

  it('says why it cannot choose: nothing within the bound, or no quote at all', () => {
    expect(choose({ by: 'premium_at_least', premiumPaise: 50_000 })).toEqual({
      reason: 'nothing within the bound',
      detail: 'no CE premium is at least ₹500',
    });
    expect(choose({ by: 'premium_at_most', premiumPaise: 100 })).toEqual({
      reason: 'nothing within the bound',
      detail: 'no CE premium is at most ₹1',
    });
    expect(
      choose(
        { by: 'premium_closest', premiumPaise: 5_000 },
        'CE',
        chainOf(() => null),
      ),
    ).toEqual({
      reason: 'no quote',
      detail: 'no CE of this expiry has a last price',
    });
    // A zero last price has not traded: skipped, as an unquoted strike is.
    expect(
      choose(
        { by: 'premium_at_most', premiumPaise: 3_000 },
        'CE',
        chainOf((s) => (s === 2_520_000 ? 0 : 9_000)),
      ),
    ).toEqual({
      reason: 'nothing within the bound',
      detail: 'no CE premium is at most ₹30',
    });
  });

  it('keeps every choice on its side of the bound and nearest to it, whatever the quotes', () => {
    const quotes = fc.array(fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }), {
      minLength: strikes.length,
      maxLength: strikes.length,
    });
    const rules = fc.constantFrom('premium_closest', 'premium_at_least', 'premium_at_most' as const);
    fc.assert(
      fc.property(
        quotes,
        rules,
        fc.integer({ min: 1, max: 50_000 }),
        fc.constantFrom('CE', 'PE' as const),
        (last, by, premium, type) => {
          const chain = strikes.map((strikePaise, i) => ({ strikePaise, lastPaise: last[i]! }));
          const choice = chooseStrike({
            pricePaise: 2_500_000,
            stepPaise: STEP,
            optionType: type,
            chain,
            rule: { by, premiumPaise: premium },
          });
          const quoted = chain.filter((q) => (q.lastPaise ?? 0) > 0).map((q) => q.lastPaise);
          const allowed = quoted.filter((p) =>
            by === 'premium_at_least' ? p >= premium : by === 'premium_at_most' ? p <= premium : true,
          );
          if ('reason' in choice) {
            expect(allowed).toEqual([]);
            return;
          }
          expect(allowed).toContain(choice.lastPaise);
          for (const p of allowed)
            expect(Math.abs(choice.lastPaise! - premium)).toBeLessThanOrEqual(Math.abs(p - premium));
        },
      ),
    );
  });
});

describe('strikeRuleOf', () => {
  it('holds a premium in paise and steps as they are', () => {
    expect(strikeRuleOf({ by: 'premium_closest', premium: 50.05 })).toEqual({
      by: 'premium_closest',
      premiumPaise: 5_005,
    });
    expect(strikeRuleOf({ by: 'atm', steps: -3 })).toEqual({ by: 'atm', steps: -3 });
  });
});
