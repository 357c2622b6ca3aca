import type { LegRow } from '../../db/schema.js';
import type { ChainOption, OpenLeg, RdxInputs } from '../rdx/rdx.logic.js';
import type { MappingState } from './engine.types.js';

/*
 * The engine's rows as the pure RDX rules take them (rdx.logic.ts): open legs, one mapping's inputs, and
 * the key under which flat mappings with the same settings share one entry decision.
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
});

/** One mapping's decision inputs at a price, a chain and an instant. */
export function inputsFor(
  m: MappingState,
  legs: OpenLeg[],
  pricePaise: number,
  chain: readonly ChainOption[],
  at: number,
): RdxInputs {
  return {
    mapping: {
      ceCount: m.ceCount,
      peCount: m.peCount,
      startTime: m.startTime,
      endTime: m.endTime,
      runningStatus: m.runningStatus,
    },
    config: { lotCount: m.rdxLotCount, atmPaise: m.atmValuePaise, offsetPaise: m.offsetValuePaise },
    instrument: {
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
export const flatSettingsKey = (m: MappingState) =>
  [
    m.ticker,
    m.ceCount,
    m.peCount,
    m.startTime,
    m.endTime,
    m.runningStatus,
    m.rdxLotCount,
    m.offsetValuePaise,
    m.lotSize,
    m.marketOpenTime,
    m.marketCloseTime,
    m.timezone,
    m.tradingDays,
  ].join('|');
