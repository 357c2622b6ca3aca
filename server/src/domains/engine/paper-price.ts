import type { PaperPriceSource } from '@app/contract';
import type { OptionQuote, QuoteLevel } from '../market-data/option-chain.service.js';
import { protectionBoundPaise } from '../market-rules/market-protection.logic.js';

/*
 * The price of a paper fill (issue 28 item 3, docs/LEDGER.md "Paper fills"): what a live market order sent at
 * the same moment would have got. A sell takes the bids and a buy the offers of the option's quote, best
 * first, as many units from each level as it shows; what the five levels do not hold fills at the last level
 * shown. With no depth (a provider that gives none, an empty book) the stated spread model prices it instead.
 *
 * Market protection: since 1 April 2026 a broker turns an API market order into a LIMIT at the last price
 * moved by its protection band (docs/SANDBOX.md, "Protected MARKET becomes LIMIT"). Levels beyond the band are
 * not taken: the live order's rest rests at the bound and fills there or better as the book refills (the
 * executor waits for it), so paper fills the rest at the bound, the worst price live could get for it.
 */

/** NSE's tick for index options: ₹0.05. */
export const OPTION_TICK_PAISE = 5;

/**
 * The spread the model assumes when no depth is known: two ticks (₹0.10), what the sandbox's books show
 * around the last price and about what liquid NIFTY/BANKNIFTY strikes quote near the money. A paper fill
 * pays half of it: a sell one tick under the last price, a buy one tick over it.
 */
export const MODEL_SPREAD_PAISE = 2 * OPTION_TICK_PAISE;
export const MODEL_HALF_SPREAD_PAISE = MODEL_SPREAD_PAISE / 2;

/** Some units at one price; a fill that walked two levels has two parts, as a live order has two trades. */
export interface PricedPart {
  quantity: number;
  pricePaise: number;
}

export interface PaperPrice {
  parts: PricedPart[];
  source: PaperPriceSource;
}

/** The levels a side can trade against, best first: bids highest first, offers lowest first. */
function usableLevels(levels: readonly QuoteLevel[], side: 'BUY' | 'SELL'): QuoteLevel[] {
  const usable = levels.filter((l) => l.pricePaise > 0 && l.quantity > 0);
  return usable.sort((a, b) => (side === 'SELL' ? b.pricePaise - a.pricePaise : a.pricePaise - b.pricePaise));
}

/** Whether a level's price is inside the order's limit: a buy pays at most it, a sale takes at least it. */
const inside = (side: 'BUY' | 'SELL', pricePaise: number, boundPaise: number | null) =>
  boundPaise === null || (side === 'BUY' ? pricePaise <= boundPaise : pricePaise >= boundPaise);

/**
 * A market order's walk down the levels for `quantity` units. Where the book shown runs out inside the band,
 * the rest fills at the last level's price (the book goes on beyond five levels); where a level lies beyond
 * the band, the walk stops there and the rest fills at the bound.
 */
function walk(side: 'BUY' | 'SELL', levels: QuoteLevel[], quantity: number, boundPaise: number | null): PricedPart[] {
  const parts: PricedPart[] = [];
  let remaining = quantity;
  for (const level of levels) {
    if (remaining <= 0) break;
    if (boundPaise !== null && !inside(side, level.pricePaise, boundPaise)) {
      parts.push({ quantity: remaining, pricePaise: boundPaise });
      return parts;
    }
    const taken = Math.min(remaining, level.quantity);
    parts.push({ quantity: taken, pricePaise: level.pricePaise });
    remaining -= taken;
  }
  const last = parts.at(-1);
  if (remaining > 0 && last) last.quantity += remaining;
  return parts;
}

/** The model's price: the last price on the tick, moved half the model's spread against the trader. */
export function modelPricePaise(side: 'BUY' | 'SELL', lastPaise: number): number {
  if (side === 'SELL') {
    const onTick = Math.floor(lastPaise / OPTION_TICK_PAISE) * OPTION_TICK_PAISE;
    return Math.max(OPTION_TICK_PAISE, onTick - MODEL_HALF_SPREAD_PAISE);
  }
  const onTick = Math.ceil(lastPaise / OPTION_TICK_PAISE) * OPTION_TICK_PAISE;
  return Math.max(OPTION_TICK_PAISE, onTick) + MODEL_HALF_SPREAD_PAISE;
}

/**
 * What a paper `side` order of `quantity` (> 0) units fills at against `quote`, under `protectionPercent`
 * market protection (null: none): every unit, none beyond the bound. The spread model's price is one tick
 * from the last, always inside the band.
 */
export function paperPrice(
  side: 'BUY' | 'SELL',
  quantity: number,
  quote: OptionQuote,
  protectionPercent: number | null = null,
): PaperPrice {
  const levels = usableLevels(side === 'SELL' ? quote.bids : quote.asks, side);
  if (levels.length > 0) {
    const bound =
      protectionPercent === null || quote.lastPaise <= 0
        ? null
        : protectionBoundPaise(side, quote.lastPaise, protectionPercent);
    return { parts: walk(side, levels, quantity, bound), source: 'quote_depth' };
  }
  return { parts: [{ quantity, pricePaise: modelPricePaise(side, quote.lastPaise) }], source: 'spread_model' };
}

/** The parts' average per unit, rounded to the paisa: a leg's entry price, for reading only (P&L is the fills'). */
export function averagePaise(parts: readonly PricedPart[]): number {
  const units = parts.reduce((sum, p) => sum + p.quantity, 0);
  const value = parts.reduce((sum, p) => sum + p.quantity * p.pricePaise, 0);
  return units === 0 ? 0 : Math.round(value / units);
}
