/**
 * A strategy's P&L at expiry (issue 34), exact: integer paise × integer units, so the curve, its breakevens and
 * its extremes need no rounding beyond the breakeven itself. Pure.
 *
 * At expiry each option is worth its intrinsic value, so the P&L is piecewise linear in the underlying with
 * kinks only at strikes. Between two kinks the slope is a whole number of units (the net calls bought at or below
 * less the net puts bought at or above), which is what makes every breakeven a fraction with an integer
 * denominator, and "unlimited" a question of the slope past the highest strike (puts stop at an underlying of 0).
 */
import type { OptionType } from './black76.logic.js';

export type Side = 'BUY' | 'SELL';

/** One leg of a strategy: an open position or a builder's draft. */
export interface PayoffLeg {
  optionType: OptionType;
  side: Side;
  strikePaise: number;
  /** Units, lots × lot size; always positive (the side says which way). */
  quantity: number;
  /** The premium a unit paid (BUY) or received (SELL). */
  pricePaise: number;
  /** The IST expiry day, `YYYY-MM-DD`. */
  expiry: string;
  /** This leg's volatility for the T+0 curve (its own IV); the strategy's when omitted. */
  vol?: number;
}

/** Units held: positive bought, negative sold. */
export const signedQuantity = (leg: PayoffLeg): number => (leg.side === 'BUY' ? leg.quantity : -leg.quantity);

/** The strategy's P&L at expiry with the underlying settling at `underlyingPaise` (whole paise in, whole paise out). */
export function expiryPnlPaise(legs: readonly PayoffLeg[], underlyingPaise: number): number {
  let total = 0;
  for (const leg of legs) {
    const intrinsic =
      leg.optionType === 'CE'
        ? Math.max(underlyingPaise - leg.strikePaise, 0)
        : Math.max(leg.strikePaise - underlyingPaise, 0);
    total += signedQuantity(leg) * (intrinsic - leg.pricePaise);
  }
  return total;
}

/** The slope (paise of P&L per paisa of underlying) just above `underlyingPaise`: a whole number of units. */
export function expirySlopeAbove(legs: readonly PayoffLeg[], underlyingPaise: number): number {
  let slope = 0;
  for (const leg of legs) {
    if (leg.optionType === 'CE' && leg.strikePaise <= underlyingPaise) slope += signedQuantity(leg);
    if (leg.optionType === 'PE' && leg.strikePaise > underlyingPaise) slope -= signedQuantity(leg);
  }
  return slope;
}

/** Where the payoff may bend: 0 (the lowest an underlying goes) and every strike, ascending, once each. */
export function kinksOf(legs: readonly PayoffLeg[]): number[] {
  return [...new Set([0, ...legs.map((l) => l.strikePaise)])].sort((a, b) => a - b);
}

/**
 * Underlying prices where the P&L at expiry is zero, ascending, each the exact root rounded to the nearest paisa
 * (a root is a whole number of paise over a whole number of units). A stretch that is flat at zero gives its two
 * ends, the prices where the P&L leaves zero.
 */
export function expiryBreakevens(legs: readonly PayoffLeg[]): number[] {
  const kinks = kinksOf(legs);
  const values = kinks.map((k) => expiryPnlPaise(legs, k));
  const tailSlope = expirySlopeAbove(legs, kinks[kinks.length - 1]!);
  const found = new Set<number>();
  for (let i = 0; i < kinks.length; i++) {
    const at = kinks[i]!;
    const value = values[i]!;
    const isLast = i === kinks.length - 1;
    // The stretches either side are flat at zero when both their ends are zero (beyond the last kink, no slope).
    const isFlatBelow = i === 0 || values[i - 1] === 0;
    const isFlatAbove = isLast ? tailSlope === 0 : values[i + 1] === 0;
    if (value === 0) {
      if (!(isFlatBelow && isFlatAbove)) found.add(at);
      continue;
    }
    const slope = isLast ? tailSlope : (values[i + 1]! - value) / (kinks[i + 1]! - at);
    const crosses = isLast ? Math.sign(slope) === -Math.sign(value) : Math.sign(values[i + 1]!) === -Math.sign(value);
    // `-value / slope` is a quotient of two integers below 2^53: the float division is exact to far under half a
    // paisa, so rounding it gives the nearest paisa (halves upward).
    if (crosses) found.add(at + Math.round(-value / slope));
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The best and worst P&L at expiry over every underlying price ≥ 0 (paise; the worst is negative for a loss),
 * null for a side that has no bound: past the highest strike only calls move the P&L, so a net bought call makes
 * the profit unlimited and a net sold call the loss. Otherwise the extremes sit at a kink.
 */
export function expiryExtremes(legs: readonly PayoffLeg[]): {
  maxProfitPaise: number | null;
  maxLossPaise: number | null;
} {
  const kinks = kinksOf(legs);
  const values = kinks.map((k) => expiryPnlPaise(legs, k));
  const tailSlope = expirySlopeAbove(legs, kinks[kinks.length - 1]!);
  return {
    maxProfitPaise: tailSlope > 0 ? null : Math.max(...values),
    maxLossPaise: tailSlope < 0 ? null : Math.min(...values),
  };
}
