import { IST_OFFSET_MS } from '@app/contract';
import { blackScholesPrice, roundPremium, YEAR_MS } from '../../sandbox/black-scholes.js';
import { OPTION_TICK_PAISE, optionTradingSymbol } from '../../sandbox/option-chain.js';
import type { ChainOption } from '../strategies/decision.logic.js';
import { dayNumber } from '../market-rules/calendar-days.logic.js';
import type { ListedRoot } from './option-roots.logic.js';

/*
 * The `model` price source: every option priced by Black–Scholes (the sandbox's own pricing code) on the
 * underlying's price at the instant, at a stated volatility or India VIX's, no rate, rounded to the ₹0.05 tick. Pure.
 */

/** How many strikes each side of the centre a modelled chain lists (the sandbox lists 30 too). */
export const MODEL_STRIKES_EACH_SIDE = 30;
/** Expiries a modelled chain lists: this week's (or month's), the next and the one after. */
export const MODEL_EXPIRIES = 3;
const DAY_MS = 86_400_000;

/** What a modelled contract is priced from. */
interface Modelled {
  strikePaise: number;
  optionType: 'CE' | 'PE';
  expiresAt: number;
}

export interface ModelMarket {
  /** The chain listed on `at`'s IST day around `underlyingPaise` (cached until the price walks off its edge). */
  chainAt(at: number, underlyingPaise: number): ChainOption[];
  /** A listed option's model price at an instant and underlying price; null for a symbol never listed. */
  pricePaise(tradingSymbol: string, at: number, underlyingPaise: number): number | null;
}

/**
 * The volatility options are priced at: one stated figure, or the market's own at each instant (India VIX,
 * india-vix.logic.ts), null where it is not known (the price is then missing, never guessed).
 */
export type Volatility = number | ((at: number) => number | null);

export function createModelMarket(root: ListedRoot, volatility: Volatility): ModelMarket {
  const contracts = new Map<string, Modelled>();
  let cached: { dayNumber: number; centrePaise: number; chain: ChainOption[] } | null = null;
  const step = root.strikeStepPaise;

  function build(day: string, centrePaise: number): ChainOption[] {
    const chain: ChainOption[] = [];
    for (const expiry of root.expiriesOn(day, MODEL_EXPIRIES)) {
      const expiresAt = dayNumber(expiry.date) * DAY_MS - IST_OFFSET_MS + root.expiryMinuteIst * 60_000;
      const lotSize = root.lotOn(expiry.date, day);
      for (let k = -MODEL_STRIKES_EACH_SIDE; k <= MODEL_STRIKES_EACH_SIDE; k++) {
        const strikePaise = centrePaise + k * step;
        if (strikePaise <= 0) continue;
        for (const optionType of ['CE', 'PE'] as const) {
          const tradingSymbol = optionTradingSymbol(root.root, expiry, strikePaise, optionType);
          contracts.set(tradingSymbol, { strikePaise, optionType, expiresAt });
          chain.push({
            tradingSymbol,
            exchange: 'NFO',
            strikePaise,
            expiry: expiry.date,
            optionType,
            lotSize,
            instrumentToken: 0,
          });
        }
      }
    }
    return chain;
  }

  return {
    chainAt(at, underlyingPaise) {
      const dayNumber = Math.floor((at + IST_OFFSET_MS) / DAY_MS);
      const nearest = Math.round(underlyingPaise / step) * step;
      // A third of the listed width from the centre: rebuilt around the price before a strategy's strikes leave it.
      if (
        cached === null ||
        cached.dayNumber !== dayNumber ||
        Math.abs(nearest - cached.centrePaise) > (MODEL_STRIKES_EACH_SIDE / 3) * step
      ) {
        const day = new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
        cached = { dayNumber, centrePaise: nearest, chain: build(day, nearest) };
      }
      return cached.chain;
    },
    pricePaise(tradingSymbol, at, underlyingPaise) {
      const c = contracts.get(tradingSymbol);
      if (!c) return null;
      const sigma = typeof volatility === 'number' ? volatility : volatility(at);
      if (sigma === null) return null;
      const years = Math.max(c.expiresAt - at, 0) / YEAR_MS;
      const value = blackScholesPrice({
        spot: underlyingPaise,
        strike: c.strikePaise,
        years,
        volatility: sigma,
        type: c.optionType,
      });
      return roundPremium(value, OPTION_TICK_PAISE);
    },
  };
}
