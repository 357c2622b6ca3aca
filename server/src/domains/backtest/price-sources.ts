import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BacktestsTable } from '../../db/schema-backtests.js';
import type { OptionCandle } from '../strategies/decision.logic.js';
import type { PriceSource } from './backtest-engine.js';
import type { UnderlyingMinute } from './backtest.types.js';
import { DEFAULT_MODEL_IV_PERCENT } from './backtests.service.js';
import { indiaVixReadings } from './india-vix.js';
import { volatilityAt } from './india-vix.logic.js';
import type { ModelMarket, Volatility } from './model-market.logic.js';

const MINUTE_MS = 60_000;

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
    optionCandle: (symbol, minute) => Promise.resolve(modelCandle(market, symbol, minute)),
    // A model has prices, not a book: the `paper` fill model needs recorded quotes.
    depthAt: () => Promise.resolve(null),
  };
}

/**
 * An option's 1-minute candle by the model: priced at the underlying's open, high, low and close at the minute's end
 * (a minute's decay is nothing at the ₹0.05 tick). A call is dearest at the underlying's high and a put at its low,
 * so their high and low come from opposite ends of the underlying's.
 */
function modelCandle(market: ModelMarket, symbol: string, minute: UnderlyingMinute): OptionCandle | null {
  const at = minute.ts + MINUTE_MS;
  const price = (spot: number) => market.pricePaise(symbol, at, spot);
  const [open, high, low, close] = [minute.openPaise, minute.highPaise, minute.lowPaise, minute.closePaise].map(price);
  if (open == null || high == null || low == null || close == null) return null;
  const isPut = symbol.endsWith('PE');
  return { openPaise: open, highPaise: isPut ? low : high, lowPaise: isPut ? high : low, closePaise: close };
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
