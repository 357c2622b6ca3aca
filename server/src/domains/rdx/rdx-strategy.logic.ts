/**
 * RDX as a strategy type (strategies/strategy-type.types.ts): its settings, its rules and its status line, as the
 * engine and the strategies list reach them through the registry.
 */
import { RDX_WHITE_BOX } from './rdx-white-box.logic.js';
import { MSG, SaveRdxConfigSchema, toPaise, type RdxInterval } from '@app/contract';
import type { StrategyType } from '../strategies/strategy-type.types.js';
import { describeStatus } from './rdx-status.logic.js';
import {
  decideManualRealign,
  decideOnCandle,
  hasOptionChain,
  noOptionChain,
  RDX_HOLDS,
  type RdxHoldReason,
  type RdxInputs,
} from './rdx.logic.js';

/** The strategies row whose mappings RDX trades. */
export const RDX_STRATEGY_NAME = 'RDX';

/** An RDX configuration as the engine decides on it: integer paise. */
export interface RdxSettings {
  lotCount: number;
  /** The ATM the legs were last placed around; 0 before the first entry. */
  atmPaise: number;
  offsetPaise: number;
  interval: RdxInterval;
}

const toRdxInputs = (inputs: Parameters<StrategyType<RdxSettings>['decide']>[0]): RdxInputs => ({
  ...inputs,
  config: {
    lotCount: inputs.config.lotCount,
    atmPaise: inputs.config.atmPaise,
    offsetPaise: inputs.config.offsetPaise,
  },
});

export const rdxStrategy: StrategyType<RdxSettings, RdxHoldReason> = {
  id: RDX_STRATEGY_NAME,
  key: 'rdx',
  // 1: the rules docs/RDX.md describes (strangle at ATM ± offset, re-centred when the price moves past it).
  version: 1,
  algoId: 'RDX-1',
  whiteBox: RDX_WHITE_BOX,
  storage: {
    table: 'rdx_configs',
    columns: ['rdx_lot_count', 'atm_value_paise', 'offset_value_paise'],
    fromColumns: ([lotCount, atmPaise, offsetPaise], interval) => ({
      lotCount: Number(lotCount),
      atmPaise: Number(atmPaise),
      offsetPaise: Number(offsetPaise),
      interval,
    }),
    toColumns: (c) => [
      Number(c.rdx_lot_count),
      toPaise(Number(c.atm_value ?? 0)),
      toPaise(Number(c.offset_value ?? 0)),
    ],
    anchorColumn: 'atm_value_paise',
    anchorAtColumn: 'atm_last_updated',
  },
  configSchema: SaveRdxConfigSchema,
  defaults: { atm_value: 0, offset_value: 0 },
  words: { configureFirst: MSG.configureRdxFirst },
  holds: RDX_HOLDS,
  decide: (inputs) => decideOnCandle(toRdxInputs(inputs)),
  decideNow: (inputs) => decideManualRealign(toRdxInputs(inputs)),
  // The ATM is left out: a flat mapping enters around the price's ATM, whatever it last held.
  flatKey: (c) => `${c.lotCount}|${c.offsetPaise}`,
  tracedSettings: (c) => ({ lotCount: c.lotCount, offsetPaise: c.offsetPaise, interval: c.interval }),
  withLots: (c, lots) => ({ ...c, rdx_lot_count: lots }),
  interval: (c) => c.interval,
  cannotTrade: (i) => (hasOptionChain(i.instrumentToken) ? null : noOptionChain(i.name)),
  describeStatus: ({ lotSize, ...facts }, c, now) =>
    describeStatus(
      {
        ...facts,
        config: c && { interval: c.interval, atmPaise: c.atmPaise },
        sizing: c && { lotCount: c.lotCount, offsetPaise: c.offsetPaise, lotSize },
      },
      now,
    ),
};
