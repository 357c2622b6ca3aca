import {
  atmStrike,
  chooseStrike,
  expiryFor,
  PayoffRequestSchema,
  strikeStepOf,
  toPaise,
  toRupees,
  type ChainQuote,
  type OptionChain,
  type PayoffRequest,
  type StrikeChoice,
  type StrikeRule,
} from '@app/contract';
import type { LegDraft, LegExpiry, Side } from './builder-draft';

/*
 * Which strike and premium each leg would trade now, for the builder to show (issue 33), by the engine's own rules
 * (the contract's leg-strikes.ts and leg-expiries.ts, which the engine decides by). Money in integer paise inside;
 * rupees out.
 */

export { atmStrike, chooseStrike, type ChainQuote, type StrikeChoice, type StrikeRule };

/**
 * The day each expiry choice means, from the underlying's listed expiries (nearest first): this week's is the
 * nearest, next week's the one after it, and this month's the last one listed in the nearest expiry's month (the
 * monthly contract). Null where the list has none.
 */
export function expiryDays(expiries: readonly string[]): Record<LegExpiry, string | null> {
  return {
    current_week: expiryFor('current_week', expiries),
    next_week: expiryFor('next_week', expiries),
    current_month: expiryFor('current_month', expiries),
  };
}

/** The chain's strike step in paise: the smallest gap between two listed strikes (0 with fewer than two). */
export const strikeStepPaise = (strikes: readonly number[]): number => strikeStepOf(strikes.map(toPaise));

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
