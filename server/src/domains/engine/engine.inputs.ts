import type { LegRow } from '../../db/schema.js';
import type { ChainOption, OpenLeg, OptionCandle, UnderlyingRange } from '../strategies/decision.logic.js';
import { strategyTypeFor } from '../strategies/strategy-registry.js';
import type { AnyStrategyType, DecideInputs } from '../strategies/strategy-type.types.js';
import type { MappingState } from './engine.types.js';

/*
 * The engine's rows as a strategy type's pure rules take them (strategy-type.types.ts): open legs, one mapping's
 * inputs, and the key under which flat mappings with the same settings share one entry decision.
 */

/** A leg row as the rules see it. */
export const toOpenLeg = (l: LegRow): OpenLeg => ({
  id: l.id,
  optionType: l.optionType,
  tradingSymbol: l.tradingSymbol,
  exchange: l.exchange,
  strikePaise: l.strikePaise,
  expiry: l.expiry,
  quantity: l.quantity,
  entryPricePaise: l.entryPricePaise,
});

/** The strategy type a mapping is decided by (strategy-registry.ts). */
export const typeOfState = (m: MappingState): AnyStrategyType => strategyTypeFor(m.strategyName);

/** One mapping's decision inputs at a price, a chain and an instant. */
export function inputsFor(
  m: MappingState,
  legs: OpenLeg[],
  pricePaise: number,
  chain: readonly ChainOption[],
  at: number,
  optionPricesPaise?: ReadonlyMap<string, number>,
  optionCandlesPaise?: ReadonlyMap<string, OptionCandle>,
  underlyingRange?: UnderlyingRange,
): DecideInputs<MappingState['config']> {
  return {
    ...(optionPricesPaise ? { optionPricesPaise } : {}),
    ...(optionCandlesPaise ? { optionCandlesPaise } : {}),
    ...(underlyingRange ? { underlyingRange } : {}),
    mapping: {
      ceCount: m.ceCount,
      peCount: m.peCount,
      startTime: m.startTime,
      endTime: m.endTime,
      runningStatus: m.runningStatus,
    },
    config: m.config,
    instrument: {
      ...(m.ticker ? { name: m.ticker } : {}),
      lotSize: m.lotSize,
      hours: {
        marketOpenTime: m.marketOpenTime,
        marketCloseTime: m.marketCloseTime,
        timezone: m.timezone,
        tradingDays: m.tradingDays,
      },
    },
    legs,
    pricePaise,
    chain,
    at,
  };
}

/** Everything an entry decision depends on besides the price, the chain and the time. */
export const flatSettingsKey = (m: MappingState, type: AnyStrategyType) =>
  [
    type.id,
    m.ticker,
    m.ceCount,
    m.peCount,
    m.startTime,
    m.endTime,
    m.runningStatus,
    type.flatKey(m.config),
    m.lotSize,
    m.marketOpenTime,
    m.marketCloseTime,
    m.timezone,
    m.tradingDays,
  ].join('|');
