/**
 * Black-76 implied volatility (issue 34): the σ at which `black76` gives a quoted price. Pure, floating point,
 * in the same units as `black76` (the price in the unit of F and K).
 */
import { black76, emptyGreeks, type OptionType } from './black76.logic.js';

/** The highest volatility searched (1000%): a price that needs more is treated as no answer. */
export const MAX_IMPLIED_VOL = 10;

const MAX_ITERATIONS = 100;

export interface ImpliedVolInput {
  optionType: OptionType;
  /** The quoted option price. */
  price: number;
  forward: number;
  strike: number;
  years: number;
  rate: number;
}

/** The prices no volatility can go below or above: the discounted intrinsic value and the discounted F (call) or K (put). */
export function noArbitrageBounds(input: Omit<ImpliedVolInput, 'price'>): { lower: number; upper: number } {
  const discount = Math.exp(-input.rate * input.years);
  const { forward: f, strike: k } = input;
  return input.optionType === 'CE'
    ? { lower: discount * Math.max(f - k, 0), upper: discount * f }
    : { lower: discount * Math.max(k - f, 0), upper: discount * k };
}

/**
 * The volatility that prices the option at `price`, or null: expired (years ≤ 0), non-positive F or K, a price
 * not strictly inside the no-arbitrage bounds (at the lower bound σ would be 0, at the upper infinite), or one
 * that needs more than MAX_IMPLIED_VOL.
 *
 * Newton's method on the price, kept inside a bracket that every step narrows: the price rises with σ, so a
 * price above the target moves the bracket's top down and one below moves its bottom up. When a Newton step
 * would leave the bracket (far out of the money, where vega is tiny) the next guess is the bracket's midpoint,
 * so the search always ends.
 */
export function impliedVolatility(input: ImpliedVolInput): number | null {
  const { price, forward, strike, years, rate } = input;
  if (!(years > 0) || !(forward > 0) || !(strike > 0) || !Number.isFinite(price) || !Number.isFinite(rate)) {
    return null;
  }
  const { lower, upper } = noArbitrageBounds(input);
  if (!(price > lower && price < upper)) return null;

  const model = { optionType: input.optionType, forward, strike, years, rate, vol: MAX_IMPLIED_VOL };
  const greeks = emptyGreeks();
  if (black76(model, greeks).price < price) return null;

  // Prices are only good to a few ulps of F and K: a smaller gap than this is as close as σ can get.
  const priceTolerance = 8 * Number.EPSILON * Math.max(forward, strike);
  let low = 0;
  let high = MAX_IMPLIED_VOL;
  let vol = initialGuess(input, price - lower);
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    model.vol = vol;
    black76(model, greeks);
    const gap = greeks.price - price;
    if (Math.abs(gap) <= priceTolerance) return vol;
    if (gap > 0) high = vol;
    else low = vol;
    // `vega` is per vol point; ∂price/∂σ is a hundred times that.
    const newton = vol - gap / (greeks.vega * 100);
    const next = newton > low && newton < high ? newton : 0.5 * (low + high);
    if (Math.abs(next - vol) <= 1e-14 * Math.max(vol, 1)) return next;
    vol = next;
  }
  return vol;
}

/**
 * A start near the answer: the Brenner–Subrahmanyam estimate σ ≈ √(2π/T)·(time value)/(D·F), exact in the limit
 * at the money; away from it at least the vol at which vega peaks for this moneyness, √(2|ln(F/K)|/T)
 * (Manaster–Koehler), from where Newton does not overshoot.
 */
function initialGuess({ forward, strike, years, rate }: ImpliedVolInput, timeValue: number): number {
  const atTheMoney = (Math.sqrt((2 * Math.PI) / years) * timeValue) / (Math.exp(-rate * years) * forward);
  const peakVega = Math.sqrt((2 * Math.abs(Math.log(forward / strike))) / years);
  const guess = Math.max(atTheMoney, peakVega);
  return Math.min(Math.max(guess, 0.01), MAX_IMPLIED_VOL / 2);
}
