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

/** The caps an admin set on a user's portfolio limits (issue 34 item 4), in the same units; null = none. */
export interface AdminPortfolioCaps {
  adminMaxNetDeltaHundredths: number | null;
  adminMaxNetVegaPaise: number | null;
  adminMaxMarginUsedPaise: number | null;
}

/** The caps in the order PAIRS holds their columns. */
const CAP_ORDER: readonly PortfolioCap[] = ['max_net_delta', 'max_net_vega', 'max_margin_used'];
/** Each cap's own column beside its admin's. */
const PAIRS = [
  ['maxNetDeltaHundredths', 'adminMaxNetDeltaHundredths'],
  ['maxNetVegaPaise', 'adminMaxNetVegaPaise'],
  ['maxMarginUsedPaise', 'adminMaxMarginUsedPaise'],
] as const;

/** The tighter of two caps, null = none: either binds alone, both the smaller. */
export const tighterCap = (own: number | null, admin: number | null): number | null =>
  own === null ? admin : admin === null ? own : Math.min(own, admin);

/**
 * The caps a user is held to: for each, the tighter of their own and the admin's. The user cannot raise theirs
 * past the admin's through the API, but a cap the engine reads must not depend on that having held.
 */
export function effectiveCaps<T extends PortfolioCaps & AdminPortfolioCaps>(row: T): T {
  const out = { ...row };
  for (const [own, admin] of PAIRS) out[own] = tighterCap(row[own], row[admin]);
  return out;
}

/** Whether the cap that binds is the admin's: then only an admin can raise it, and a refusal must not say "raise". */
export function isAdminCapBinding(cap: PortfolioCap, caps: PortfolioCaps & AdminPortfolioCaps): boolean {
  const [own, admin] = PAIRS[CAP_ORDER.indexOf(cap)]!;
  const adminCap = caps[admin];
  return adminCap !== null && (caps[own] === null || adminCap <= caps[own]);
}

/** A figure or cap in its own unit as the trader reads it: delta as a number, vega and margin in rupees. */
export function capFigureText(cap: PortfolioCap, value: number): string {
  return cap === 'max_net_delta' ? deltaText(value) : signedRupees(value);
}

/** What a cap is called in a sentence ("net delta"). */
export const capName = (cap: PortfolioCap): string => NAMED[cap];

/**
 * Why a user's own portfolio cap may not be saved under the cap an admin set: removing it or raising it above
 * the admin's would loosen the desk's limit. `value` in the cap's stored unit (delta in hundredths). Null when it
 * may (no admin cap, left out, or at or below it).
 */
export function portfolioCapRefusal(
  cap: PortfolioCap,
  adminCap: number | null,
  value: number | null | undefined,
): string | null {
  if (adminCap === null || value === undefined || (value !== null && value <= adminCap)) return null;
  // Delta is stored in hundredths; its text takes ten-thousandths.
  const shown = cap === 'max_net_delta' ? deltaText(adminCap * 100) : signedRupees(adminCap);
  return `An admin set your max ${NAMED[cap]} at ${shown}: you can lower it, not ${value === null ? 'remove it' : 'raise it'}`;
}
