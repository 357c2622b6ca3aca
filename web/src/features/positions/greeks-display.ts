import type { GreeksTotals } from '@app/contract';
import { formatPnl, toPaise, toRupees } from './pnl-display';

/*
 * Greeks on the positions screen (issue 34, docs/ANALYTICS.md "Greeks on positions"): delta in units of the
 * underlying (a sold call negative), theta in rupees a trading day (a sold option earns it: positive).
 */

const deltaFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Delta to two decimals with its sign (−24.67, +3.10); zero unsigned. */
export function formatDelta(delta: number): string {
  const text = deltaFormat.format(Math.abs(delta));
  if (text === deltaFormat.format(0)) return text;
  return `${delta < 0 ? '−' : '+'}${text}`;
}

/** Theta as a signed rupee figure a day (+₹1,234.50). */
export const formatTheta = (theta: number): string => formatPnl(theta).text;

/** Why a leg shows no greeks. */
export const NO_GREEKS_TITLE =
  'No implied volatility: no live quote, a price outside the no-arbitrage bounds, or expired';

/** A strategy's note when some of its open legs have no greeks: the sums leave them out. */
export function leftOutNote(totals: Pick<GreeksTotals, 'legs_left_out'>): string | null {
  const n = totals.legs_left_out;
  if (n === 0) return null;
  return `${n} leg${n === 1 ? '' : 's'} without greeks left out`;
}

export const ZERO_GREEKS: GreeksTotals = { delta: 0, gamma: 0, theta: 0, vega: 0, legs_left_out: 0 };

const round = (x: number, digits: number) => Number(x.toFixed(digits)) || 0;

/**
 * `base` + `added` − `removed`, the sums the server makes: delta to 1e-4, gamma to 1e-8, theta and vega in
 * integer paise, legs left out counted.
 */
export function shiftGreeks(base: GreeksTotals, added: GreeksTotals, removed: GreeksTotals | undefined): GreeksTotals {
  const r = removed ?? ZERO_GREEKS;
  const money = (k: 'theta' | 'vega') => toRupees(toPaise(base[k]) + toPaise(added[k]) - toPaise(r[k]));
  return {
    delta: round(base.delta + added.delta - r.delta, 4),
    gamma: round(base.gamma + added.gamma - r.gamma, 8),
    theta: money('theta'),
    vega: money('vega'),
    legs_left_out: base.legs_left_out + added.legs_left_out - r.legs_left_out,
  };
}

const gammaFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** Gamma to four decimals with its sign (a position's gamma is small: delta moves that much per point). */
export function formatGamma(gamma: number): string {
  const text = gammaFormat.format(Math.abs(gamma));
  if (text === gammaFormat.format(0)) return text;
  return `${gamma < 0 ? '−' : '+'}${text}`;
}

/** Vega as a signed rupee figure per vol point (a sold option loses as IV rises: negative). */
export const formatVega = (vega: number): string => formatPnl(vega).text;

/** IV as the percent the server gives it (14.23%). */
export const formatIv = (iv: number): string => `${iv.toFixed(2)}%`;
