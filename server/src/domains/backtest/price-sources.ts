import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BacktestsTable } from '../../db/schema-backtests.js';
import type { PriceSource } from './backtest-engine.js';
import { DEFAULT_MODEL_IV_PERCENT } from './backtests.service.js';
import { indiaVixReadings } from './india-vix.js';
import { volatilityAt } from './india-vix.logic.js';
import type { ModelMarket, Volatility } from './model-market.logic.js';

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

/** The volatility a `model` run stated (`model_iv`, percent), or India VIX's reading at each close. */
export async function modelVolatility(
  db: Kysely<DB>,
  run: Pick<BacktestsTable, 'modelIv' | 'modelIvSource' | 'fromAt' | 'toAt'>,
): Promise<Volatility> {
  if (run.modelIvSource !== 'india_vix') return (run.modelIv ?? DEFAULT_MODEL_IV_PERCENT) / 100;
  const readings = await indiaVixReadings(db, Number(run.fromAt), Number(run.toAt));
  return (at) => volatilityAt(readings, at);
}
