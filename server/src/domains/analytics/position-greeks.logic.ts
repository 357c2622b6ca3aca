/**
 * The greeks of held option legs (issue 34, docs/ANALYTICS.md "Greeks on positions"): each leg's IV from its last
 * price by Black-76 on F = S·e^{rT}, its per-unit greeks at that IV, then scaled by the units held, and summed per
 * strategy. Pure; money in paise inside (the model's unit), rounded to the wire's precision per leg so that a
 * strategy's totals are exactly the sum of the legs it shows.
 */
import { istDay } from '@app/contract';
import { black76, forwardFromSpot, type OptionType } from './black76.logic.js';
import { yearsToExpiry } from './expiry-time.logic.js';
import { impliedVolatility } from './implied-volatility.logic.js';
import { riskFreeRateOn } from './risk-free-rates.js';

/** One listed option and its last traded price. */
export interface QuotedOption {
  optionType: OptionType;
  strikePaise: number;
  /** The IST expiry day, `YYYY-MM-DD`. */
  expiry: string;
  ltpPaise: number;
}

/** What every option of one underlying is priced against now. */
export interface GreeksMarket {
  /** The underlying's last price, paise. */
  spotPaise: number;
  now: number;
  /** NSE holidays (`YYYY-MM-DD`): their sessions do not count towards the time to expiry. */
  holidays: ReadonlySet<string>;
}

/**
 * One unit's IV and greeks in the model's units: delta ∂V/∂F, gamma per paisa of F, theta paise per trading day,
 * vega paise per vol point.
 */
export interface UnitGreeks {
  vol: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
}

/**
 * The IV of `option` from its last price and its Black-76 greeks at that IV, per unit, on the forward S·e^{rT}
 * (the payoff's `quote` volatility: the same F, T and r). Null when no volatility reprices the price: expired
 * (no trading minute left), at or outside the no-arbitrage bounds, or no usable spot.
 */
export function unitGreeks(option: QuotedOption, market: GreeksMarket): UnitGreeks | null {
  if (!(market.spotPaise > 0) || !(option.ltpPaise > 0)) return null;
  const years = yearsToExpiry({ now: market.now, expiryDay: option.expiry, holidays: market.holidays });
  const rate = riskFreeRateOn(istDay(market.now)).percent / 100;
  const input = {
    optionType: option.optionType,
    forward: forwardFromSpot(market.spotPaise, rate, years),
    strike: option.strikePaise,
    years,
    rate,
  };
  const vol = impliedVolatility({ ...input, price: option.ltpPaise });
  if (vol === null) return null;
  const g = black76({ ...input, vol });
  return { vol, delta: g.delta, gamma: g.gamma, theta: g.theta, vega: g.vega };
}

/**
 * A leg's position greeks as the wire carries them: `iv` in percent; delta in units of the underlying per point
 * of the forward, gamma per point per point, both × the units held (bought +, sold −); theta and vega in whole
 * paise (per trading day, per vol point) for the units held.
 */
export interface LegGreeks {
  iv: number;
  delta: number;
  gamma: number;
  thetaPaise: number;
  vegaPaise: number;
}

/** A strategy's (or a user's) sums over the legs that have greeks, and how many open legs have none. */
export interface GreeksTotals {
  delta: number;
  gamma: number;
  thetaPaise: number;
  vegaPaise: number;
  legsLeftOut: number;
}

export const ZERO_GREEKS: GreeksTotals = { delta: 0, gamma: 0, thetaPaise: 0, vegaPaise: 0, legsLeftOut: 0 };

/** Decimals on the wire: delta to 1e-4 of a unit, gamma to 1e-8, IV to a millionth of a vol point. */
const DELTA_DIGITS = 4;
const GAMMA_DIGITS = 8;
const IV_DIGITS = 6;

/** `x` to `digits` decimals; -0 becomes 0. */
const fixed = (x: number, digits: number): number => Number(x.toFixed(digits)) || 0;

/**
 * Per-unit greeks × the position. `quantity` is in SPEC's sign (> 0 sold, short), so a short's greeks are the
 * negated long's: a sold call has negative delta, and a sold option positive theta and negative vega.
 */
export function legGreeks(unit: UnitGreeks, quantity: number): LegGreeks {
  const units = -quantity;
  return {
    iv: fixed(unit.vol * 100, IV_DIGITS),
    delta: fixed(unit.delta * units, DELTA_DIGITS),
    // Per paisa of the forward in the model; a point (rupee) is a hundred paise.
    gamma: fixed(unit.gamma * 100 * units, GAMMA_DIGITS),
    thetaPaise: Math.round(unit.theta * units) || 0,
    vegaPaise: Math.round(unit.vega * units) || 0,
  };
}

/**
 * A leg's delta in ten-thousandths and vega in paise: exactly `legGreeks`' delta (×10⁴) and vega, without the
 * IV and gamma a portfolio limit does not read (the portfolio tick does this for every open leg of every user).
 */
export function legDeltaVega(unit: UnitGreeks, quantity: number): { deltaE4: number; vegaPaise: number } {
  const units = -quantity;
  return {
    deltaE4: Math.round(fixed(unit.delta * units, DELTA_DIGITS) * 10 ** DELTA_DIGITS),
    vegaPaise: Math.round(unit.vega * units) || 0,
  };
}

/** Sums of the legs that have greeks (as rounded for the wire); a leg without (null) counts in `legsLeftOut`. */
export function sumGreeks(legs: ReadonlyArray<LegGreeks | null>): GreeksTotals {
  let totals = ZERO_GREEKS;
  for (const leg of legs) {
    totals = addGreeks(
      totals,
      leg === null
        ? { ...ZERO_GREEKS, legsLeftOut: 1 }
        : { delta: leg.delta, gamma: leg.gamma, thetaPaise: leg.thetaPaise, vegaPaise: leg.vegaPaise, legsLeftOut: 0 },
    );
  }
  return totals;
}

/** Two sums added; delta and gamma re-rounded to their decimals, so float noise never shows. */
export function addGreeks(a: GreeksTotals, b: GreeksTotals): GreeksTotals {
  return {
    delta: fixed(a.delta + b.delta, DELTA_DIGITS),
    gamma: fixed(a.gamma + b.gamma, GAMMA_DIGITS),
    thetaPaise: a.thetaPaise + b.thetaPaise,
    vegaPaise: a.vegaPaise + b.vegaPaise,
    legsLeftOut: a.legsLeftOut + b.legsLeftOut,
  };
}
