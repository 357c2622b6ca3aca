/**
 * The margin NSE Clearing blocks for index option positions, approximated the way its SPAN® does it, pure.
 * All money is paise; quantities are units (lots × lot size), signed (short < 0).
 *
 * - SPAN (initial margin): the largest loss of the portfolio of each underlying over SPAN's 16 risk
 *   scenarios: the underlying moved by 0, ±⅓, ±⅔ and ±1 price scan range (PSR), each with volatility up and
 *   down by the volatility scan range (VSR), plus ±2 PSR at unchanged volatility counted at 35%. Options are
 *   valued by Black–Scholes at the time left, so a spread's hedge lowers its margin as at NSE.
 *   PSR: "six standard deviations (6 sigma) scaled up by √2 subject to 9.3% of underlying price" for index
 *   derivatives; VSR: "25% of annualized EWMA volatility subject to minimum 4%" (NSE Clearing, "SPAN Risk
 *   Parameters", nseclearing.in, updated 4 Jul 2024). The sandbox's daily σ is its annual volatility / √252.
 *   NSE's calendar-spread charge and net option value are left out.
 * - Exposure (extreme loss margin): 2% of the notional (underlying price × units) of short index options,
 *   and 2% more on a contract's expiry day (NSE Clearing circular NCL/CMPT/64639, 21 Oct 2024, from SEBI's
 *   circular of 1 Oct 2024, from 20 Nov 2024). The 2% base is our reading of SEBI's ELM for index derivatives;
 *   NSE computes notional on the previous close, the sandbox on the price now.
 * Long options need no SPAN: their premium is paid in full (account-margins.ts).
 */
import { blackScholesPrice, YEAR_MS } from './black-scholes.js';
import type { OptionContract } from './option-chain.js';

/** One position (or order as if filled) in a contract. */
export interface MarginPosition {
  contract: OptionContract;
  /** Units, negative for a short. */
  quantity: number;
}

/** What the scenarios are measured from, per contract's underlying and root. */
export interface MarginMarket {
  nowMs: number;
  /** The underlying's price now. */
  spotPaise(contract: OptionContract): number;
  /** The contract's implied volatility now (annual). */
  volatility(contract: OptionContract): number;
  /** Whether the contract expires on today's IST date. */
  expiresToday(contract: OptionContract): boolean;
}

/** SPAN and exposure of a portfolio, paise. */
export interface MarginFigures {
  spanPaise: number;
  exposurePaise: number;
}

const PSR_SIGMAS = 6 * Math.SQRT2;
const PSR_FLOOR = 0.093;
const VSR_SHARE = 0.25;
const VSR_FLOOR = 0.04;
const TRADING_DAYS = 252;
const EXTREME_WEIGHT = 0.35;
const EXPOSURE_SHARE = 0.02;
const EXPIRY_DAY_EXPOSURE_SHARE = 0.02;

/** SPAN's 16 scenarios: a price move in PSRs, a volatility shift in VSRs, and the share of loss counted. */
const SCENARIOS: readonly { move: number; vol: number; weight: number }[] = [
  ...[0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1].flatMap((move) => [
    { move, vol: 1, weight: 1 },
    { move, vol: -1, weight: 1 },
  ]),
  { move: 2, vol: 0, weight: EXTREME_WEIGHT },
  { move: -2, vol: 0, weight: EXTREME_WEIGHT },
];

/** The price scan range of an underlying whose annual volatility is `volatility`, as a share of its price. */
export function priceScanRange(volatility: number): number {
  return Math.max(PSR_FLOOR, (PSR_SIGMAS * volatility) / Math.sqrt(TRADING_DAYS));
}

/** The volatility scan range, in volatility points. */
export function volatilityScanRange(volatility: number): number {
  return Math.max(VSR_FLOOR, VSR_SHARE * volatility);
}

function value(p: MarginPosition, spot: number, volatility: number, years: number): number {
  const { strikePaise: strike, type } = p.contract;
  return blackScholesPrice({ spot, strike, years, volatility: Math.max(volatility, 0.0001), type });
}

/**
 * The SPAN requirement of one underlying's positions: the scanning risk less the value of the long options
 * (SPAN's net option value; shorts' value is not credited here, as their premium is held against them in the
 * account: account-margins.ts). Long options alone therefore need none: their premium is paid in full.
 */
function spanRequirement(positions: readonly MarginPosition[], market: MarginMarket): number {
  const first = positions[0];
  if (!first) return 0;
  const spot = market.spotPaise(first.contract);
  const base = positions.map((p) => {
    const years = Math.max(0, p.contract.expiryMs - market.nowMs) / YEAR_MS;
    const volatility = market.volatility(p.contract);
    return { p, years, volatility, now: value(p, spot, volatility, years) };
  });
  const psr = priceScanRange(market.volatility(first.contract)) * spot;
  const longValue = base.reduce((sum, b) => sum + Math.max(0, b.p.quantity) * b.now, 0);
  let worst = 0;
  for (const s of SCENARIOS) {
    let loss = 0;
    for (const b of base) {
      const shifted = b.volatility + s.vol * volatilityScanRange(b.volatility);
      loss -= b.p.quantity * (value(b.p, spot + s.move * psr, shifted, b.years) - b.now);
    }
    worst = Math.max(worst, loss * s.weight);
  }
  return Math.max(0, worst - longValue);
}

/** SPAN and exposure of `positions`, netted per underlying (as SPAN nets a client's portfolio). */
export function portfolioMargin(positions: readonly MarginPosition[], market: MarginMarket): MarginFigures {
  const byUnderlying = new Map<string, MarginPosition[]>();
  for (const p of positions) {
    if (p.quantity === 0 || p.contract.expiryMs <= market.nowMs) continue;
    const key = p.contract.root.underlyingKey;
    byUnderlying.set(key, [...(byUnderlying.get(key) ?? []), p]);
  }
  let span = 0;
  let exposure = 0;
  for (const group of byUnderlying.values()) {
    span += spanRequirement(group, market);
    for (const p of group) {
      if (p.quantity >= 0) continue;
      const share = EXPOSURE_SHARE + (market.expiresToday(p.contract) ? EXPIRY_DAY_EXPOSURE_SHARE : 0);
      exposure += share * market.spotPaise(p.contract) * -p.quantity;
    }
  }
  return { spanPaise: Math.round(span), exposurePaise: Math.round(exposure) };
}
