import type { PriceSource } from './backtest-engine.js';
import type { ModelMarket } from './model-market.logic.js';

/*
 * The backtest's price sources (docs/BACKTEST.md): `model` prices every contract by Black–Scholes on the
 * underlying; `recorded` and `imported` read the option candles (and, for the `paper` fill model, the depth
 * quotes) the console stored.
 */

/** Every option by the model, at the underlying's close, or at the next candle's open (none after the last). */
export function modelPriceSource(market: ModelMarket): PriceSource {
  return {
    chainAt: (at, underlyingPaise) => Promise.resolve(market.chainAt(at, underlyingPaise)),
    optionPaise: (symbol, at, when, underlying) => {
      const spot = when === 'close' ? underlying.closePaise : underlying.nextOpenPaise;
      return Promise.resolve(spot === null ? null : market.pricePaise(symbol, at, spot));
    },
    // A model has prices, not a book: the `paper` fill model needs recorded quotes.
    depthAt: () => Promise.resolve(null),
  };
}
