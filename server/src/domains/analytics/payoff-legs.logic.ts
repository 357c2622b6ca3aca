/**
 * A payoff request's legs as the pure payoff code takes them (issue 34, docs/ANALYTICS.md): rupees to paise,
 * lots to units, and the volatility each leg's today curve is drawn at. Pure.
 */
import { toPaise, type PayoffLegInput } from '@app/contract';
import type { PayoffLeg } from './expiry-payoff.logic.js';

/** Where a leg's volatility came from: its own quote, the expiry's ATM IV, the other legs' mean, or none needed. */
export type VolSource = 'quote' | 'atm' | 'legs' | 'expired';

/** The request's legs in paise and units (lots × the instrument's lot size). */
export function toPayoffLegs(legs: readonly PayoffLegInput[], lotSize: number): PayoffLeg[] {
  return legs.map((l) => ({
    optionType: l.option_type,
    side: l.side,
    strikePaise: toPaise(l.strike),
    quantity: l.lots * lotSize,
    pricePaise: toPaise(l.price),
    expiry: l.expiry,
  }));
}

/**
 * Each leg's volatility for the today curve: its own IV (from its option's last price) when there is one, else
 * the expiry's ATM IV, else the mean of the IVs the other legs have. Null when no leg has one and there is no ATM
 * IV either, while time is left (the curve cannot be drawn). Once expired no volatility is needed: all 0.
 */
export function legVols(
  own: ReadonlyArray<number | null>,
  atm: number | null,
  years: number,
): Array<{ vol: number; source: VolSource }> | null {
  if (!(years > 0)) return own.map(() => ({ vol: 0, source: 'expired' }));
  const found = own.filter((v): v is number => v !== null);
  const mean = found.length === 0 ? null : found.reduce((a, b) => a + b, 0) / found.length;
  const fallback: { vol: number; source: VolSource } | null =
    atm !== null ? { vol: atm, source: 'atm' } : mean !== null ? { vol: mean, source: 'legs' } : null;
  const out: Array<{ vol: number; source: VolSource }> = [];
  for (const v of own) {
    if (v !== null) out.push({ vol: v, source: 'quote' });
    else if (fallback) out.push(fallback);
    else return null;
  }
  return out;
}
