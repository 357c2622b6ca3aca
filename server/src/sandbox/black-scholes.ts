/**
 * Black–Scholes pricing for the sandbox's option chains, pure. Prices are homogeneous in spot and
 * strike, so callers may work in paise throughout.
 */

export type OptionType = 'CE' | 'PE';

/** Inputs in one currency unit (e.g. paise); `years` to expiry; annualised volatility and rate. */
export interface BlackScholesInput {
  spot: number;
  strike: number;
  years: number;
  volatility: number;
  /** Continuously compounded; the sandbox uses 0 (no carry). */
  rate?: number;
  type: OptionType;
}

/** A 365-day year, the convention for Indian index options. */
export const YEAR_MS = 365 * 86_400_000;

/**
 * The standard normal CDF to double precision (Hart 1968 as given by G. West, "Better approximations
 * to cumulative normal functions", 2005): put-call parity then holds to ~1e-12, not merely to 1e-7.
 */
export function normalCdf(x: number): number {
  const a = Math.abs(x);
  let tail: number;
  if (a > 37) {
    tail = 0;
  } else if (a < 7.07106781186547) {
    const e = Math.exp((-a * a) / 2);
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
    tail = (e * num) / den;
  } else {
    const e = Math.exp((-a * a) / 2);
    let b = a + 0.65;
    b = a + 4 / b;
    b = a + 3 / b;
    b = a + 2 / b;
    b = a + 1 / b;
    tail = e / b / 2.506628274631;
  }
  return x > 0 ? 1 - tail : tail;
}

/** The Black–Scholes value of a European option; at or after expiry, its intrinsic value. */
export function blackScholesPrice(input: BlackScholesInput): number {
  const { spot, strike, years, volatility, type } = input;
  const rate = input.rate ?? 0;
  const discountedStrike = strike * Math.exp(-rate * Math.max(years, 0));
  if (years <= 0 || volatility <= 0) {
    return Math.max(type === 'CE' ? spot - discountedStrike : discountedStrike - spot, 0);
  }
  const spread = volatility * Math.sqrt(years);
  const d1 = (Math.log(spot / strike) + (rate + (volatility * volatility) / 2) * years) / spread;
  const d2 = d1 - spread;
  return type === 'CE'
    ? spot * normalCdf(d1) - discountedStrike * normalCdf(d2)
    : discountedStrike * normalCdf(-d2) - spot * normalCdf(-d1);
}

/** Rounds a premium to the nearest tick, never below one tick (exchanges do not quote zero). */
export function roundPremium(value: number, tick: number): number {
  return Math.max(tick, Math.round(value / tick) * tick);
}

/** The traded premium: Black–Scholes in minor units, rounded to `tickMinor` (5 paise for NFO). */
export function optionPremiumMinor(input: BlackScholesInput & { tickMinor: number }): number {
  return roundPremium(blackScholesPrice(input), input.tickMinor);
}
