/**
 * Analytics figures for the wire (issue 34): paise to rupees with two decimals, volatility and rate to percent,
 * greeks to the units docs/ANALYTICS.md states. Pure.
 */
import { toRupees, type ChainOptionFigures, type ChainStrike, type Payoff } from '@app/contract';
import type { ChainRow, OptionFigures } from './chain-greeks.logic.js';
import type { StrategyPayoff } from './payoff.logic.js';
import type { VolSource } from './payoff-legs.logic.js';

/** `x` to `digits` decimals; -0 becomes 0. */
const fixed = (x: number, digits: number): number => Number(x.toFixed(digits)) || 0;

/** A volatility (0.1423) in percent (14.23), to a millionth of a vol point. */
export const volPercent = (vol: number): number => fixed(vol * 100, 6);

/** Paise as float (a model's price or greek) to rupees with two decimals. */
const rupeesOfPaise = (paise: number): number => toRupees(Math.round(paise)) || 0;

/** One option: its last price in rupees, IV in percent, delta, gamma per rupee, theta and vega in rupees. */
export function toChainOption(f: OptionFigures): ChainOptionFigures {
  const g = f.greeks;
  return {
    ltp: f.ltpPaise === null ? null : toRupees(f.ltpPaise),
    iv: f.vol === null ? null : volPercent(f.vol),
    delta: g ? fixed(g.delta, 6) : null,
    // Per paisa of the forward in the model's unit; a rupee is a hundred of them.
    gamma: g ? fixed(g.gamma * 100, 8) : null,
    theta: g ? rupeesOfPaise(g.theta) : null,
    vega: g ? rupeesOfPaise(g.vega) : null,
  };
}

export const toChainStrike = (row: ChainRow): ChainStrike => ({
  strike: toRupees(row.strikePaise),
  ce: toChainOption(row.ce),
  pe: toChainOption(row.pe),
});

/** The payoff's curves and figures in rupees, with the volatility each leg was drawn at. */
export function toPayoff(
  payoff: StrategyPayoff,
  vols: ReadonlyArray<{ vol: number; source: VolSource }>,
): Pick<Payoff, 'at_expiry' | 'today' | 'breakevens' | 'max_profit' | 'max_loss' | 'leg_ivs'> {
  const points = (list: StrategyPayoff['atExpiry']) =>
    list.map((p) => ({ underlying: toRupees(p.underlyingPaise), pnl: toRupees(p.pnlPaise) }));
  return {
    at_expiry: points(payoff.atExpiry),
    today: points(payoff.today),
    breakevens: payoff.breakevensPaise.map(toRupees),
    max_profit: payoff.maxProfitPaise === null ? null : toRupees(payoff.maxProfitPaise),
    max_loss: payoff.maxLossPaise === null ? null : toRupees(payoff.maxLossPaise),
    leg_ivs: vols.map((v) => ({ iv: volPercent(v.vol), source: v.source })),
  };
}
