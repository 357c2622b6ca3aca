/**
 * Which strike a leg of a `legs` strategy trades (issue 33), chosen from the option chain of its expiry and type.
 * Pure; money in integer paise. In the contract because the engine chooses by these rules and the builder shows
 * what they would choose now: one copy, so the two never disagree.
 *
 * Strike steps count out of the money for both types: a CE's +2 is two steps above the ATM, a PE's +2 two steps
 * below it (negative steps go into the money). A template then reads the same for both sides (a strangle is
 * CE +2 and PE +2, a condor's wings +4 each), and flipping a leg's type keeps it as far from the money.
 */
import type { LegStrike } from './legs.js';
import { toPaise, toRupees } from './money.js';

type OptionType = 'CE' | 'PE';

/** One listed strike of the leg's expiry and type, with its last traded price (null: not quoted). */
export interface ChainQuote {
  strikePaise: number;
  lastPaise: number | null;
}

/** A leg's strike rule with its premium in paise. */
export type StrikeRule =
  | { by: 'atm'; steps: number }
  | { by: 'premium_closest' | 'premium_at_least' | 'premium_at_most'; premiumPaise: number };

export type StrikeRefusal =
  'empty chain' | 'no strike step' | 'strike not listed' | 'no quote' | 'nothing within the bound';

export type StrikeChoice = ChainQuote | { reason: StrikeRefusal; detail: string };

/** The rule of a leg as the contract states it (rupees), in paise. */
export function strikeRuleOf(strike: LegStrike): StrikeRule {
  return strike.by === 'atm' ? strike : { by: strike.by, premiumPaise: toPaise(strike.premium) };
}

/** The listed strike nearest the underlying's price; of two equally near, the lower. Null for an empty chain. */
export function atmStrike(chain: readonly ChainQuote[], pricePaise: number): number | null {
  let best: number | null = null;
  for (const { strikePaise } of chain) {
    const distance = Math.abs(strikePaise - pricePaise);
    const bestDistance = best === null ? Infinity : Math.abs(best - pricePaise);
    if (distance < bestDistance || (distance === bestDistance && best !== null && strikePaise < best)) {
      best = strikePaise;
    }
  }
  return best;
}

/** Whether strike `a` is further out of the money than `b` for this type (CE: higher; PE: lower). */
const isFurtherOut = (type: OptionType, a: number, b: number) => (type === 'CE' ? a > b : a < b);

const rupees = (paise: number) => toRupees(paise).toLocaleString('en-IN');

/** What the leg's rule picks from its chain, or why it cannot pick. */
export function chooseStrike(input: {
  pricePaise: number;
  stepPaise: number;
  optionType: OptionType;
  chain: readonly ChainQuote[];
  rule: StrikeRule;
}): StrikeChoice {
  const { chain, rule, optionType } = input;
  if (chain.length === 0) return { reason: 'empty chain', detail: `no ${optionType} listed for this expiry` };
  if (rule.by === 'atm') return byAtmSteps(input, rule.steps);
  // A zero last price is an option that has not traded: no premium to match.
  const quoted = chain.filter((q): q is { strikePaise: number; lastPaise: number } => (q.lastPaise ?? 0) > 0);
  if (quoted.length === 0) return { reason: 'no quote', detail: `no ${optionType} of this expiry has a last price` };
  const target = rule.premiumPaise;
  const candidates =
    rule.by === 'premium_at_least'
      ? quoted.filter((q) => q.lastPaise >= target)
      : rule.by === 'premium_at_most'
        ? quoted.filter((q) => q.lastPaise <= target)
        : quoted;
  if (candidates.length === 0) {
    const bound = rule.by === 'premium_at_least' ? 'at least' : 'at most';
    return { reason: 'nothing within the bound', detail: `no ${optionType} premium is ${bound} ₹${rupees(target)}` };
  }
  // Each rule wants the premium nearest ₹X on its side of it; of equal premiums, the strike further out of the
  // money (less at risk for a seller, cheaper for a buyer).
  let best = candidates[0]!;
  for (const q of candidates.slice(1)) {
    const distance = Math.abs(q.lastPaise - target);
    const bestDistance = Math.abs(best.lastPaise - target);
    if (
      distance < bestDistance ||
      (distance === bestDistance && isFurtherOut(optionType, q.strikePaise, best.strikePaise))
    ) {
      best = q;
    }
  }
  return best;
}

function byAtmSteps(
  input: { pricePaise: number; stepPaise: number; optionType: OptionType; chain: readonly ChainQuote[] },
  steps: number,
): StrikeChoice {
  if (!(input.stepPaise > 0)) return { reason: 'no strike step', detail: 'the option chain has no strike step' };
  const atm = atmStrike(input.chain, input.pricePaise)!;
  const direction = input.optionType === 'CE' ? 1 : -1;
  const strikePaise = atm + direction * steps * input.stepPaise;
  const listed = input.chain.find((q) => q.strikePaise === strikePaise);
  if (!listed) {
    return { reason: 'strike not listed', detail: `no ${input.optionType} at strike ${rupees(strikePaise)}` };
  }
  return listed;
}

/** A chain's strike step: the smallest gap between two listed strikes, in paise (0 with fewer than two). */
export function strikeStepOf(strikesPaise: readonly number[]): number {
  const sorted = [...strikesPaise].sort((a, b) => a - b);
  let step = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > 0 && (step === 0 || gap < step)) step = gap;
  }
  return step;
}
