/**
 * An expiry's chain around the money with each option's implied volatility and Black-76 greeks (issue 34,
 * docs/ANALYTICS.md). Pure; money in paise (the model's unit here, so a greek's money is paise too).
 */
import { atmWindow } from '../option-history/atm-window.logic.js';
import { black76, type OptionGreeks, type OptionType } from './black76.logic.js';
import { impliedVolatility } from './implied-volatility.logic.js';

/** A listed option as the chain service gives it. */
export interface ListedOption {
  tradingSymbol: string;
  exchange: string;
  /** `YYYY-MM-DD` */
  expiry: string;
  strikePaise: number;
  optionType: OptionType;
}

/** Time to expiry (years, in trading minutes) and the annual rate (0.0525). */
export interface PricingModel {
  years: number;
  rate: number;
}

/** One option's figures: its last price, the volatility that reprices it, and its greeks at that volatility. */
export interface OptionFigures {
  ltpPaise: number | null;
  vol: number | null;
  greeks: OptionGreeks | null;
}

export interface ChainRow {
  strikePaise: number;
  ce: OptionFigures;
  pe: OptionFigures;
}

/** `EXCHANGE:SYMBOL`, the key quotes are asked for and answered by. */
export const quoteKey = (o: Pick<ListedOption, 'exchange' | 'tradingSymbol'>): string =>
  `${o.exchange}:${o.tradingSymbol}`;

/** Every expiry of the chain on or after `today`, nearest first. */
export function listedExpiries(chain: readonly ListedOption[], today: string): string[] {
  return [...new Set(chain.map((o) => o.expiry).filter((e) => e >= today))].sort();
}

/** The options of `expiry` within ATM ± `width` listed strikes of `spotPaise` (option-history's ATM window). */
export function chainWindow<T extends ListedOption>(
  chain: readonly T[],
  expiry: string,
  spotPaise: number,
  width?: number,
): T[] {
  // Given only this expiry, the window's "nearest expiry on or after the day" is this one.
  return atmWindow(
    chain.filter((o) => o.expiry === expiry),
    spotPaise,
    expiry,
    width,
  );
}

/** The listed strike nearest `spotPaise` (the lower on a tie), or null for no strikes. */
export function atmStrike(strikesPaise: readonly number[], spotPaise: number): number | null {
  let best: number | null = null;
  for (const k of [...strikesPaise].sort((a, b) => a - b)) {
    if (best === null || Math.abs(k - spotPaise) < Math.abs(best - spotPaise)) best = k;
  }
  return best;
}

/**
 * The expiry's forward in whole paise. From put–call parity at the ATM strike when both its options are quoted,
 * F = K + (C − P)·e^{rT}: the market's own forward, carry and dividends included. Otherwise the spot carried at
 * the rate, S·e^{rT} (no dividends). Past expiry, the spot.
 */
export function forwardPaise(
  options: readonly ListedOption[],
  ltpOf: (o: ListedOption) => number | null,
  spotPaise: number,
  model: PricingModel,
): { paise: number; isSynthetic: boolean } {
  if (!(model.years > 0)) return { paise: spotPaise, isSynthetic: false };
  const growth = Math.exp(model.rate * model.years);
  const atm = atmStrike(
    options.map((o) => o.strikePaise),
    spotPaise,
  );
  const at = (type: OptionType) => options.find((o) => o.strikePaise === atm && o.optionType === type);
  const call = at('CE');
  const put = at('PE');
  const c = call ? ltpOf(call) : null;
  const p = put ? ltpOf(put) : null;
  if (atm !== null && c !== null && p !== null) {
    const synthetic = Math.round(atm + (c - p) * growth);
    if (synthetic > 0) return { paise: synthetic, isSynthetic: true };
  }
  return { paise: Math.round(spotPaise * growth), isSynthetic: false };
}

/** An option's IV from its last price on `forward`, and its greeks at that IV; nulls where there is none. */
export function optionFigures(
  optionType: OptionType,
  strikePaise: number,
  ltpPaise: number | null,
  forward: number,
  model: PricingModel,
): OptionFigures {
  if (ltpPaise === null) return { ltpPaise: null, vol: null, greeks: null };
  const input = { optionType, forward, strike: strikePaise, years: model.years, rate: model.rate };
  const vol = impliedVolatility({ ...input, price: ltpPaise });
  return { ltpPaise, vol, greeks: vol === null ? null : black76({ ...input, vol }) };
}

/** The window's strikes ascending, each with its call's and put's figures (a side not listed: all null). */
export function chainRows(
  window: readonly ListedOption[],
  ltpOf: (o: ListedOption) => number | null,
  forward: number,
  model: PricingModel,
): ChainRow[] {
  const strikes = [...new Set(window.map((o) => o.strikePaise))].sort((a, b) => a - b);
  return strikes.map((strikePaise) => {
    const side = (type: OptionType) => {
      const o = window.find((x) => x.strikePaise === strikePaise && x.optionType === type);
      return optionFigures(type, strikePaise, o ? ltpOf(o) : null, forward, model);
    };
    return { strikePaise, ce: side('CE'), pe: side('PE') };
  });
}

/** The at-the-money volatility: the mean of the ATM strike's call and put IVs, those there are; null for none. */
export function atmVol(rows: readonly ChainRow[], spotPaise: number): number | null {
  const atm = atmStrike(
    rows.map((r) => r.strikePaise),
    spotPaise,
  );
  const row = rows.find((r) => r.strikePaise === atm);
  const vols = row ? [row.ce.vol, row.pe.vol].filter((v): v is number => v !== null) : [];
  return vols.length === 0 ? null : vols.reduce((a, b) => a + b, 0) / vols.length;
}
