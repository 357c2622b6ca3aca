import type { OptionChainService, OptionQuote } from '../market-data/option-chain.service.js';
import type { ChainOption, OpenLeg } from '../strategies/decision.logic.js';
import type { AnyStrategyType } from '../strategies/strategy-type.types.js';
import type { MappingState } from './engine.types.js';

/**
 * The last prices a mapping's type reads before it decides (a Multi-leg strike chosen by premium, issue 33), by
 * trading symbol; undefined for a type that reads none, so RDX's closes ask the provider nothing. Prices come
 * through the chain service's one-second quote cache (a backtest's, from its candles): many mappings deciding on
 * one close share one call.
 */
export function createOptionPrices(deps: { quotes: Pick<OptionChainService, 'optionQuotes'> }) {
  return async function optionPricesFor(
    type: AnyStrategyType,
    m: MappingState,
    chain: readonly ChainOption[],
    legs: readonly OpenLeg[],
    at: number,
  ): Promise<ReadonlyMap<string, number> | undefined> {
    const wanted = type.pricedOptions?.(m.config, chain, legs, at, m.timezone) ?? [];
    if (wanted.length === 0) return undefined;
    const keyOf = (o: ChainOption) => `${o.exchange}:${o.tradingSymbol}`;
    // A provider that cannot answer leaves the prices unknown: the rules then say no option has a price.
    const quoted = await deps.quotes.optionQuotes(wanted.map(keyOf)).catch(() => new Map<string, OptionQuote>());
    const out = new Map<string, number>();
    for (const o of wanted) {
      const price = quoted.get(keyOf(o))?.lastPaise;
      if (price !== undefined && price > 0) out.set(o.tradingSymbol, price);
    }
    return out;
  };
}

export type OptionPricesFor = ReturnType<typeof createOptionPrices>;
