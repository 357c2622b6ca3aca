/**
 * A strategy's payoff (issue 34; the builder's diagram in issue 33): P&L at expiry and today (T+0) over a grid of
 * underlying prices, with the breakevens and the max profit and max loss. The same function serves the builder's
 * draft and the live view of open legs. Pure; money in integer paise.
 *
 * The T+0 curve values every leg by Black-76 on the forward of the axis price, F = U·e^{rT} (no dividends; pass
 * rate 0 to read the axis as the forward itself), and is rounded to the paisa. The expiry curve is exact.
 */
import { black76, emptyGreeks, forwardFromSpot } from './black76.logic.js';
import {
  expiryBreakevens,
  expiryExtremes,
  expiryPnlPaise,
  signedQuantity,
  type PayoffLeg,
} from './expiry-payoff.logic.js';

/** One point of a payoff curve. */
export interface PayoffPoint {
  underlyingPaise: number;
  pnlPaise: number;
}

export interface StrategyPayoff {
  atExpiry: PayoffPoint[];
  today: PayoffPoint[];
  breakevensPaise: number[];
  /** Null: unlimited. */
  maxProfitPaise: number | null;
  /** The lowest P&L (negative for a loss); null: unlimited. */
  maxLossPaise: number | null;
}

export type PayoffRefusal = { reason: 'no legs' | 'mixed expiries'; detail: string };

export interface PayoffInput {
  legs: readonly PayoffLeg[];
  /** Today's model: time to the legs' expiry (`yearsToExpiry`), the annual rate, and the vol of legs without one. */
  today: { years: number; rate: number; vol: number };
  /** The underlying's price now, kept inside the grid and on it. */
  underlyingPaise?: number;
  /** The grid: this many even steps (default 100) past the outermost strike, breakeven or price by this fraction (default 0.1). */
  grid?: { steps?: number; margin?: number };
}

/**
 * The payoff of a strategy whose legs share one expiry. Legs of different expiries (a calendar) have no single
 * expiry payoff in this exact form, so they are refused rather than drawn wrong.
 */
export function strategyPayoff(input: PayoffInput): StrategyPayoff | PayoffRefusal {
  const { legs } = input;
  if (legs.length === 0) return { reason: 'no legs', detail: 'a payoff needs at least one leg' };
  const expiries = new Set(legs.map((l) => l.expiry));
  if (expiries.size > 1) {
    return { reason: 'mixed expiries', detail: `legs expire on ${[...expiries].sort().join(', ')}` };
  }
  const breakevensPaise = expiryBreakevens(legs);
  const grid = payoffGrid(
    legs,
    [...breakevensPaise, ...(input.underlyingPaise === undefined ? [] : [input.underlyingPaise])],
    input.grid,
  );
  return {
    atExpiry: grid.map((u) => ({ underlyingPaise: u, pnlPaise: expiryPnlPaise(legs, u) })),
    today: grid.map((u) => ({ underlyingPaise: u, pnlPaise: todayPnlPaise(legs, u, input.today) })),
    breakevensPaise,
    ...expiryExtremes(legs),
  };
}

/**
 * Underlying prices to draw at, ascending whole paise: even steps from `margin` below the lowest strike,
 * breakeven or extra price to `margin` above the highest (never below 0), with every one of those points on it
 * so the expiry curve's corners and zeros are drawn where they are.
 */
export function payoffGrid(
  legs: readonly PayoffLeg[],
  extraPaise: readonly number[],
  options: { steps?: number; margin?: number } = {},
): number[] {
  const steps = Math.max(1, Math.floor(options.steps ?? 100));
  const margin = options.margin ?? 0.1;
  const marks = [...legs.map((l) => l.strikePaise), ...extraPaise];
  const from = Math.max(0, Math.floor(Math.min(...marks) * (1 - margin)));
  const to = Math.ceil(Math.max(...marks) * (1 + margin));
  const points = new Set(marks);
  for (let i = 0; i <= steps; i++) points.add(from + Math.round(((to - from) * i) / steps));
  return [...points].sort((a, b) => a - b);
}

/** Today's (T+0) P&L with the underlying at `underlyingPaise`: each leg at its Black-76 value, rounded to the paisa. */
export function todayPnlPaise(
  legs: readonly PayoffLeg[],
  underlyingPaise: number,
  model: { years: number; rate: number; vol: number },
): number {
  const forward = forwardFromSpot(underlyingPaise, model.rate, model.years);
  const greeks = emptyGreeks();
  let total = 0;
  for (const leg of legs) {
    const { optionType, strikePaise: strike } = leg;
    black76({ optionType, forward, strike, years: model.years, rate: model.rate, vol: leg.vol ?? model.vol }, greeks);
    total += signedQuantity(leg) * (greeks.price - leg.pricePaise);
  }
  return Math.round(total);
}
