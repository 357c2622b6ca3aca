/**
 * Black-76 (issue 34): the price and greeks of a European option on a forward, pure and in floating point.
 *
 * Conventions, fixed here for every caller:
 * - **Forward, not spot.** The model takes the forward F of the option's expiry. NSE index options are European
 *   and settle to the index on expiry day, so the future of the same expiry (or the synthetic forward from the ATM
 *   call and put) is the market's own F, carry and dividends included. `forwardFromSpot` gives S·e^{rT} for
 *   when only the spot is at hand; it ignores dividends, so it overstates F a little for a dividend-paying index.
 * - **Unit-free prices.** Price, delta's denominator and gamma follow the unit F and K are given in (rupees or
 *   paise as floats); nothing here rounds. Money turns into integer paise in the callers (`payoff.logic.ts`).
 * - **Time** `years` is the year fraction to expiry; `expiry-time.logic.ts` counts it in trading minutes.
 * - **Delta** is ∂V/∂F. **Gamma** is ∂²V/∂F². **Vega** is per vol point (σ up by 0.01). **Theta** is per trading
 *   day: the change in value as 1/252 of a year passes, which is one session under `expiry-time`'s default year
 *   of 252 × 375 trading minutes (time does not pass over a weekend there, so a calendar-day theta would be wrong).
 */

/** Sessions in the year that `theta` is quoted against (NSE trades about 252 days a year). */
export const TRADING_DAYS_PER_YEAR = 252;

const INV_SQRT_2PI = 0.3989422804014327;

/** The standard normal density n(x). */
export function normalPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/**
 * The standard normal distribution N(x), by Hart's (1968) double-precision rational approximation as set out by
 * G. West, "Better approximations to cumulative normal functions" (Wilmott, 2005). Absolute error ≤ 2.3e-16
 * (checked against scipy's `norm.cdf` on two million points over [-38, 38]); relative error in the left tail ≤ 1e-8.
 * Abramowitz–Stegun 26.2.17 (error 7.5e-8) would be too coarse for implied vols solved to 1e-10 and for greeks
 * checked by finite differences.
 */
export function normalCdf(x: number): number {
  const a = Math.abs(x);
  let tail: number;
  if (a > 37) {
    tail = 0;
  } else if (a < 7.07106781186547) {
    let num = 3.52624965998911e-2 * a + 0.700383064443688;
    num = num * a + 6.37396220353165;
    num = num * a + 33.912866078383;
    num = num * a + 112.079291497871;
    num = num * a + 221.213596169931;
    num = num * a + 220.206867912376;
    let den = 8.83883476483184e-2 * a + 1.75566716318264;
    den = den * a + 16.064177579207;
    den = den * a + 86.7807322029461;
    den = den * a + 296.564248779674;
    den = den * a + 637.333633378831;
    den = den * a + 793.826512519948;
    den = den * a + 440.413735824752;
    tail = (Math.exp(-0.5 * a * a) * num) / den;
  } else {
    // A continued fraction past 5σ/√2, where the rational form loses its accuracy.
    let cf = a + 0.65;
    cf = a + 4 / cf;
    cf = a + 3 / cf;
    cf = a + 2 / cf;
    cf = a + 1 / cf;
    tail = Math.exp(-0.5 * a * a) / cf / 2.506628274631;
  }
  return x > 0 ? 1 - tail : tail;
}

export type OptionType = 'CE' | 'PE';

export interface Black76Input {
  optionType: OptionType;
  /** The forward (future) price of the expiry. */
  forward: number;
  strike: number;
  /** Time to expiry as a year fraction; ≤ 0 means expired (worth its intrinsic value). */
  years: number;
  /** Continuously compounded annual risk-free rate, 0.065 for 6.5%. */
  rate: number;
  /** Annual volatility, 0.15 for 15%. */
  vol: number;
}

/** Price and greeks of one option, in the units set out at the top of this file. */
export interface OptionGreeks {
  price: number;
  delta: number;
  gamma: number;
  /** Per trading day (1/252 of a year); negative for a bought option losing time value. */
  theta: number;
  /** Per vol point (σ up by 0.01). */
  vega: number;
}

/** A blank result to pass back into `black76` again and again (one per leg), so a tick allocates nothing. */
export const emptyGreeks = (): OptionGreeks => ({ price: 0, delta: 0, gamma: 0, theta: 0, vega: 0 });

/** F = S·e^{rT}: the forward implied by a spot price with no dividends (prefer the future's own price). */
export function forwardFromSpot(spot: number, rate: number, years: number): number {
  return spot * Math.exp(rate * Math.max(years, 0));
}

/**
 * Black-76 price, delta, gamma, theta and vega from one d1/d2, written into `into` (a fresh object when omitted).
 * At or past expiry, or with no volatility, the option is worth its discounted intrinsic value and has only delta.
 */
export function black76(input: Black76Input, into: OptionGreeks = emptyGreeks()): OptionGreeks {
  const { forward: f, strike: k, rate, vol } = input;
  const years = Math.max(input.years, 0);
  const isCall = input.optionType === 'CE';
  const discount = Math.exp(-rate * years);
  const stdDev = vol * Math.sqrt(years);
  if (!(stdDev > 0)) return intrinsic(isCall, f, k, discount, years > 0 ? rate : 0, into);

  const d1 = (Math.log(f / k) + 0.5 * stdDev * stdDev) / stdDev;
  const d2 = d1 - stdDev;
  const density = normalPdf(d1);
  // N(-x) is computed as its own tail, not 1 - N(x), so deep out-of-the-money prices keep their digits.
  const price = isCall
    ? discount * (f * normalCdf(d1) - k * normalCdf(d2))
    : discount * (k * normalCdf(-d2) - f * normalCdf(-d1));
  // ∂V/∂T = -rV + D·F·n(d1)·σ/(2√T), the same for both types (F·n(d1) = K·n(d2)); theta is time passing, -∂V/∂T.
  const timeDecay = (discount * f * density * vol) / (2 * Math.sqrt(years));

  into.price = price;
  into.delta = isCall ? discount * normalCdf(d1) : -discount * normalCdf(-d1);
  into.gamma = (discount * density) / (f * stdDev);
  into.theta = (rate * price - timeDecay) / TRADING_DAYS_PER_YEAR;
  into.vega = (discount * f * density * Math.sqrt(years)) / 100;
  return into;
}

/** No uncertainty left: the discounted payoff, which only accrues at `rate` (0 once expired) as time passes. */
function intrinsic(
  isCall: boolean,
  forward: number,
  strike: number,
  discount: number,
  rate: number,
  into: OptionGreeks,
): OptionGreeks {
  const inTheMoney = isCall ? forward > strike : forward < strike;
  into.price = discount * Math.max(isCall ? forward - strike : strike - forward, 0);
  // At the money the step has no slope; half is the limit from both sides as σ√T → 0.
  const step = forward === strike ? 0.5 : inTheMoney ? 1 : 0;
  into.delta = step === 0 ? 0 : (isCall ? 1 : -1) * discount * step;
  into.gamma = 0;
  into.theta = (rate * into.price) / TRADING_DAYS_PER_YEAR;
  into.vega = 0;
  return into;
}
