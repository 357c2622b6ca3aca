import { groupedRupeesText } from '@app/contract';

/*
 * Portfolio limits per user (issue 34 item 4): caps on the absolute net delta, the absolute net vega and the
 * margin used across all the user's strategies and accounts. Pure rules: which cap a user's figures are beyond,
 * and the words the row, the refusal and the alert say it in. Everything is in integers: delta in
 * ten-thousandths of a unit (the ledger's legs carry four decimals), vega and margin in paise.
 */

/** A portfolio cap, by its field name on the wire. */
export type PortfolioCap = 'max_net_delta' | 'max_net_vega' | 'max_margin_used';

/** The user's caps, null = none: delta in hundredths of a unit (as stored), vega and margin in paise. */
export interface PortfolioCaps {
  maxNetDeltaHundredths: number | null;
  maxNetVegaPaise: number | null;
  maxMarginUsedPaise: number | null;
}

/** The user's figures now: delta in ten-thousandths, vega in paise; margin null when no account could say. */
export interface PortfolioFigures {
  netDeltaE4: number;
  netVegaPaise: number;
  marginUsedPaise: number | null;
}

/** A cap the figures are beyond: the signed figure and the cap, in the cap's own integer unit (delta: E4). */
export interface PortfolioBreach {
  cap: PortfolioCap;
  figure: number;
  limit: number;
}

/** Ten-thousandths of a unit from a delta as the ledger reports it (four decimals), exact for those. */
export const deltaE4 = (delta: number): number => Math.round(delta * 10_000);

/** Whether any cap is set: a user without one is never priced for them. */
export function hasPortfolioCaps(caps: PortfolioCaps): boolean {
  return caps.maxNetDeltaHundredths !== null || caps.maxNetVegaPaise !== null || caps.maxMarginUsedPaise !== null;
}

/** Whether the margin figure is wanted at all (it is asked of the brokers, so only when capped). */
export const capsMargin = (caps: PortfolioCaps): boolean => caps.maxMarginUsedPaise !== null;

/**
 * The caps the figures are beyond, in the order delta, vega, margin. "Beyond" is strictly past the cap: a net
 * delta of exactly 300 under a cap of 300 is at it, not beyond. Delta and vega are compared by absolute value
 * (short or long, the exposure is the size); a null cap never binds; an unknown margin never breaches.
 */
export function portfolioBreaches(figures: PortfolioFigures, caps: PortfolioCaps): PortfolioBreach[] {
  const found: PortfolioBreach[] = [];
  if (caps.maxNetDeltaHundredths !== null) {
    const limit = caps.maxNetDeltaHundredths * 100;
    if (Math.abs(figures.netDeltaE4) > limit) found.push({ cap: 'max_net_delta', figure: figures.netDeltaE4, limit });
  }
  if (caps.maxNetVegaPaise !== null && Math.abs(figures.netVegaPaise) > caps.maxNetVegaPaise) {
    found.push({ cap: 'max_net_vega', figure: figures.netVegaPaise, limit: caps.maxNetVegaPaise });
  }
  if (
    caps.maxMarginUsedPaise !== null &&
    figures.marginUsedPaise !== null &&
    figures.marginUsedPaise > caps.maxMarginUsedPaise
  ) {
    found.push({ cap: 'max_margin_used', figure: figures.marginUsedPaise, limit: caps.maxMarginUsedPaise });
  }
  return found;
}

/** −412.5: a delta in ten-thousandths as a trader reads it (trailing zeros dropped, a real minus sign). */
export function deltaText(e4: number): string {
  const abs = Math.abs(e4);
  const whole = Math.floor(abs / 10_000);
  const fraction = String(abs % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${e4 < 0 ? '−' : ''}${whole.toLocaleString('en-IN')}${fraction ? `.${fraction}` : ''}`;
}

const signedRupees = (paise: number) => `${paise < 0 ? '−' : ''}₹${groupedRupeesText(Math.abs(paise))}`;

/** What each cap is called in a sentence. */
const NAMED: Record<PortfolioCap, string> = {
  max_net_delta: 'net delta',
  max_net_vega: 'net vega',
  max_margin_used: 'margin used',
};

/**
 * "net delta −412.5 beyond the cap of 300", "net vega −₹1,786.54 beyond the cap of ₹1,500.00",
 * "margin used ₹2,10,000.00 beyond the cap of ₹2,00,000.00".
 */
export function breachText(b: PortfolioBreach): string {
  const [figure, limit] =
    b.cap === 'max_net_delta'
      ? [deltaText(b.figure), deltaText(b.limit)]
      : [signedRupees(b.figure), signedRupees(b.limit)];
  return `${NAMED[b.cap]} ${figure} beyond the cap of ${limit}`;
}

/** Every breach in one sentence, joined by "and". */
export const breachesText = (breaches: readonly PortfolioBreach[]): string => breaches.map(breachText).join(' and ');

/**
 * What a refused entry's row says after "Cannot trade: ": the caps and figures, and that nothing went.
 * "net delta −412.5 beyond the cap of 300 (portfolio limits); nothing was sent".
 */
export const entryRefusalNote = (breaches: readonly PortfolioBreach[]): string =>
  `${breachesText(breaches)} (portfolio limits); nothing was sent`;

/** What a stop on a breach says beside "Stopped at a portfolio limit". */
export const breachStopNote = (breaches: readonly PortfolioBreach[]): string => breachesText(breaches);

/** A breach's identity for telling it once: the cap and its limit (a cap set anew is a new breach). */
export const breachKey = (b: Pick<PortfolioBreach, 'cap' | 'limit'>): string => `${b.cap}:${b.limit}`;

/**
 * The breaches that are new since the last look, and what to remember for the next: one alert per breach, not
 * one per tick. A cap back within its limit is forgotten, so crossing it again alerts again.
 */
export function newBreaches(
  told: ReadonlySet<string>,
  now: readonly PortfolioBreach[],
): { fresh: PortfolioBreach[]; told: Set<string> } {
  return {
    fresh: now.filter((b) => !told.has(breachKey(b))),
    told: new Set(now.map(breachKey)),
  };
}
