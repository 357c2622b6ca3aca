/** An option of a chain as the ATM sweep reads it. */
export interface ListedOption {
  tradingSymbol: string;
  exchange: string;
  /** YYYY-MM-DD */
  expiry: string;
  strikePaise: number;
  optionType: 'CE' | 'PE';
}

/** Strikes on each side of the at-the-money one the leader quotes every minute (issue 30: ATM±10). */
export const ATM_STRIKES_EACH_SIDE = 10;

/**
 * The options of the nearest expiry on or after `today` (IST, YYYY-MM-DD) whose strike is within `width`
 * strikes of the one nearest `spotPaise` (the lower on a tie), calls and puts alike.
 */
export function atmWindow<T extends ListedOption>(
  chain: readonly T[],
  spotPaise: number,
  today: string,
  width = ATM_STRIKES_EACH_SIDE,
): T[] {
  const expiry = chain
    .map((o) => o.expiry)
    .filter((e) => e >= today)
    .sort()[0];
  if (expiry === undefined) return [];
  const ofExpiry = chain.filter((o) => o.expiry === expiry);
  const strikes = [...new Set(ofExpiry.map((o) => o.strikePaise))].sort((a, b) => a - b);
  let atm = 0;
  for (let i = 1; i < strikes.length; i += 1) {
    if (Math.abs(strikes[i]! - spotPaise) < Math.abs(strikes[atm]! - spotPaise)) atm = i;
  }
  const kept = new Set(strikes.slice(Math.max(0, atm - width), atm + width + 1));
  return ofExpiry.filter((o) => kept.has(o.strikePaise));
}
