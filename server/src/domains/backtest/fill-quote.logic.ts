import type { BacktestFillModel } from '@app/contract';
import { OPTION_TICK_PAISE } from '../../sandbox/option-chain.js';
import type { OptionQuote, QuoteLevel } from '../market-data/option-chain.service.js';
import { protectionBoundPaise } from '../market-rules/market-protection.logic.js';

/*
 * A backtest's fill models as the quote paper execution prices from (engine/paper-price.ts walks it exactly as
 * it walks a live quote): one deep level at the model's price for `close`, `next_open` and `protected_worst`,
 * the recorded depth for `paper`, each level moved `slippageTicks` against the trader. Pure.
 */

/** NFO's tick, ₹0.05: the one the sandbox and the model price at. */
const TICK_PAISE = OPTION_TICK_PAISE;
/** Deeper than any order: a model price fills the whole quantity at one price. */
const DEEP = 1_000_000_000;

/** Each level moved `ticks` against the trader: bids lower (a sale gets less), asks higher (a buy pays more). */
function slipped(levels: readonly QuoteLevel[], ticks: number, side: 'bid' | 'ask'): QuoteLevel[] {
  const by = ticks * TICK_PAISE;
  return levels.map((l) => ({
    pricePaise: side === 'bid' ? Math.max(TICK_PAISE, l.pricePaise - by) : l.pricePaise + by,
    quantity: l.quantity,
  }));
}

/**
 * The quote an order fills from under `model`:
 * - `close`, `next_open`: the option's price (the candle's close, or the next candle's open) both ways;
 * - `protected_worst`: the worst price a market order with `protectionPercent` market protection may fill at, its
 *   protection bound: a buy at the price plus the band, a sale at the price less it (to the tick, against the
 *   trader); the price itself without protection (null);
 * - `paper`: the depth recorded at the order's moment (`depth`), as paper trading read it.
 * Null when the price (or for `paper` the depth) is missing.
 */
export function fillQuote(
  model: BacktestFillModel,
  input: {
    pricePaise: number | null;
    depth?: OptionQuote | null;
    protectionPercent: number | null;
    slippageTicks: number;
  },
): OptionQuote | null {
  const { pricePaise, slippageTicks } = input;
  if (model === 'paper') {
    const depth = input.depth;
    if (!depth) return null;
    return {
      lastPaise: depth.lastPaise,
      bids: slipped(depth.bids, slippageTicks, 'bid'),
      asks: slipped(depth.asks, slippageTicks, 'ask'),
    };
  }
  if (pricePaise === null) return null;
  let bid = pricePaise;
  let ask = pricePaise;
  if (model === 'protected_worst' && input.protectionPercent !== null) {
    bid = protectionBoundPaise('SELL', pricePaise, input.protectionPercent);
    ask = protectionBoundPaise('BUY', pricePaise, input.protectionPercent);
  }
  return {
    lastPaise: pricePaise,
    bids: slipped([{ pricePaise: bid, quantity: DEEP }], slippageTicks, 'bid'),
    asks: slipped([{ pricePaise: ask, quantity: DEEP }], slippageTicks, 'ask'),
  };
}

/**
 * A quote whose price is a level the rules computed (a stop at 25 % of an entry need not be a tick), put on the tick
 * against the trader: bids down, asks up. An exchange fills only on ticks.
 */
export function onTicksAgainstTrader(quote: OptionQuote): OptionQuote {
  const down = (p: number) => Math.max(TICK_PAISE, Math.floor(p / TICK_PAISE) * TICK_PAISE);
  const up = (p: number) => Math.ceil(p / TICK_PAISE) * TICK_PAISE;
  return {
    lastPaise: quote.lastPaise,
    bids: quote.bids.map((l) => ({ ...l, pricePaise: down(l.pricePaise) })),
    asks: quote.asks.map((l) => ({ ...l, pricePaise: up(l.pricePaise) })),
  };
}
