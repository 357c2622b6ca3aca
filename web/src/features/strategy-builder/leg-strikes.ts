import { PayoffRequestSchema, toPaise, toRupees, type OptionChain, type PayoffRequest } from '@app/contract';
import type { LegDraft, LegExpiry, OptionType, Side } from './builder-draft';

/*
 * Which strike and premium each leg would trade now, for the builder to show (issue 33): the same rules as the
 * engine's server/src/domains/legs/leg-strikes.logic.ts, kept here line for line (the web cannot import the
 * server) and pinned by the same cases in leg-strikes.test.ts. Money in integer paise inside; rupees out.
 */

/** One listed strike of the leg's expiry and type, with its last traded price (null: not quoted). */
export interface ChainQuote {
  strikePaise: number;
  lastPaise: number | null;
}

export type StrikeRule =
  | { by: 'atm'; steps: number }
  | { by: 'premium_closest' | 'premium_at_least' | 'premium_at_most'; premiumPaise: number };

export type StrikeChoice = ChainQuote | { reason: string; detail: string };

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

/** What the leg's rule picks from its chain, or why it cannot pick (the engine's chooseStrike). */
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
  // The premium nearest ₹X on the rule's side of it; of equal premiums, the strike further out of the money.
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

/**
 * The day each expiry choice means, from the underlying's listed expiries (nearest first): this week's is the
 * nearest, next week's the one after it, and this month's the last one listed in the nearest expiry's month (the
 * monthly contract). Null where the list has none.
 */
export function expiryDays(expiries: readonly string[]): Record<LegExpiry, string | null> {
  const nearest = expiries[0] ?? null;
  const month = nearest?.slice(0, 7);
  const inMonth = expiries.filter((d) => d.slice(0, 7) === month);
  return {
    current_week: nearest,
    next_week: expiries[1] ?? null,
    current_month: inMonth[inMonth.length - 1] ?? null,
  };
}

/** The chain's strike step in paise: the smallest gap between two listed strikes (0 with fewer than two). */
export function strikeStepPaise(strikes: readonly number[]): number {
  const sorted = strikes.map(toPaise).sort((a, b) => a - b);
  let step = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > 0 && (step === 0 || gap < step)) step = gap;
  }
  return step;
}

/** The leg's strike rule as typed, in paise; null while its number is not a valid one yet (its field says why). */
export function ruleOf(leg: Pick<LegDraft, 'strike_by' | 'steps' | 'premium'>): StrikeRule | null {
  if (leg.strike_by === 'atm') {
    const steps = Number(leg.steps);
    return leg.steps.trim() !== '' && Number.isInteger(steps) ? { by: 'atm', steps } : null;
  }
  const premium = Number(leg.premium);
  if (leg.premium.trim() === '' || !Number.isFinite(premium) || premium <= 0) return null;
  return { by: leg.strike_by, premiumPaise: toPaise(premium) };
}

/** A leg's strike and premium now (rupees), or why there is none; `expiry` is the day it resolved to. */
export type ResolvedLeg =
  { ok: true; expiry: string; strike: number; premium: number | null } | { ok: false; reason: string };

/** The strike leg `leg` would trade in `chain` (the chain of its expiry), as the engine would choose it. */
export function resolveLeg(
  leg: Pick<LegDraft, 'option_type' | 'strike_by' | 'steps' | 'premium'>,
  chain: Pick<OptionChain, 'strikes' | 'underlying_price' | 'expiry'>,
): ResolvedLeg {
  const rule = ruleOf(leg);
  if (!rule) return { ok: false, reason: 'the strike rule is not complete' };
  const quotes = chain.strikes.map((s) => {
    const ltp = leg.option_type === 'CE' ? s.ce.ltp : s.pe.ltp;
    return { strikePaise: toPaise(s.strike), lastPaise: ltp === null ? null : toPaise(ltp) };
  });
  const choice = chooseStrike({
    pricePaise: toPaise(chain.underlying_price),
    stepPaise: strikeStepPaise(chain.strikes.map((s) => s.strike)),
    optionType: leg.option_type,
    chain: quotes,
    rule,
  });
  if ('reason' in choice) return { ok: false, reason: choice.detail };
  return {
    ok: true,
    expiry: chain.expiry,
    strike: toRupees(choice.strikePaise),
    premium: choice.lastPaise === null ? null : toRupees(choice.lastPaise),
  };
}

/** A leg as priced: its side, lots (a whole number ≥ 1) and premium a unit in rupees. */
export interface PricedLeg {
  side: Side;
  lots: number;
  premium: number;
}

/**
 * What the legs take in (positive: a credit) or pay (negative) in rupees: Σ ±premium × lots × lot size, summed in
 * paise. Null with no leg.
 */
export function netPremium(legs: readonly PricedLeg[], lotSize: number): number | null {
  if (legs.length === 0) return null;
  let paise = 0;
  for (const l of legs) paise += (l.side === 'SELL' ? 1 : -1) * toPaise(l.premium) * l.lots * lotSize;
  return toRupees(paise);
}

/** A whole number of lots as typed, or null. */
export function lotsOf(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * The payoff call for the legs as resolved, or why there is none yet: every leg needs its strike, a premium and
 * its lots. The contract's own schema then checks it (one expiry for all legs, the rails).
 */
export function payoffLegsOf(
  instrumentId: number,
  legs: readonly Pick<LegDraft, 'option_type' | 'side' | 'lots'>[],
  resolved: readonly (ResolvedLeg | null)[],
): { ok: true; request: PayoffRequest } | { ok: false; reason: string } {
  const out: PayoffRequest['legs'] = [];
  for (const [i, leg] of legs.entries()) {
    const r = resolved[i];
    const lots = lotsOf(leg.lots);
    if (!r || !r.ok) return { ok: false, reason: `Leg ${i + 1} has no strike yet` };
    if (r.premium === null) return { ok: false, reason: `Leg ${i + 1} has no last price to draw the payoff with` };
    if (lots === null) return { ok: false, reason: `Leg ${i + 1} Lots must be a whole number of at least 1` };
    out.push({
      option_type: leg.option_type,
      side: leg.side,
      strike: r.strike,
      expiry: r.expiry,
      lots,
      price: r.premium,
    });
  }
  const parsed = PayoffRequestSchema.safeParse({ instrument_id: instrumentId, legs: out });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'The legs cannot be drawn' };
  return { ok: true, request: parsed.data };
}
