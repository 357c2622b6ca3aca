/**
 * The `legs` strategy type (issue 33) as the engine, the strategies list and the status line reach it through the
 * registry (strategies/strategy-type.types.ts): the "Multi-leg" strategy's settings, rules and words.
 */
import { LEGS_TEMPLATES, LegsConfigSchema, type LegsConfig, type StrategyInterval } from '@app/contract';
import type { StrategyType } from '../strategies/strategy-type.types.js';
import {
  decideLegs,
  decideLegsNow,
  LEGS_HOLDS,
  pricedOptions,
  type LegsHoldReason,
  type LegsSettings,
} from './legs-decide.logic.js';
import { describeLegsStatus } from './legs-status.logic.js';
import { LEGS_WHITE_BOX } from './legs-white-box.logic.js';
import { readMemo } from './legs-memo.logic.js';
import { decisionsDue, watchedSymbols } from './legs-watch.logic.js';

/** The strategies row whose mappings this type trades. */
export const LEGS_STRATEGY_NAME = 'Multi-leg';

/** A `legs` configuration with the candle interval its mapping decides on. */
export type LegsTypeSettings = LegsSettings & { interval: StrategyInterval };

/**
 * The candle a `legs` mapping decides on: its entry's own interval for a candle-close entry, else every minute
 * (a timed entry and the exit time are met within a minute).
 */
export const legsInterval = (config: Pick<LegsConfig, 'entry'>): StrategyInterval =>
  config.entry.kind === 'candle_close' ? config.entry.interval : '1m';

/** Only exchange-listed index options have a chain to choose legs from (a numeric Kite token). */
const hasOptionChain = (instrumentToken: string) => /^\d+$/.test(instrumentToken);

export const legsStrategy: StrategyType<LegsTypeSettings, LegsHoldReason> = {
  id: LEGS_STRATEGY_NAME,
  key: 'legs',
  // 1: time and candle-close entries, the exit time, strikes by ATM steps or premium (docs/STRATEGIES.md).
  // 2: trailing stops and re-entries, kept in the memo.
  version: 2,
  algoId: 'LEGS-1',
  whiteBox: LEGS_WHITE_BOX,
  storage: {
    table: 'legs_configs',
    columns: ['config', 'entered_paise', 'entered_at', 'memo'],
    fromColumns: ([config, enteredPaise, enteredAt, memo], interval) => {
      const memoText = typeof memo === 'string' ? memo : null;
      return {
        config: JSON.parse(String(config)) as LegsConfig,
        enteredPaise: Number(enteredPaise),
        enteredAt: enteredAt === null || enteredAt === undefined ? null : Number(enteredAt),
        memo: readMemo(memoText),
        memoText,
        interval,
      };
    },
    toColumns: (saved) => [JSON.stringify(LegsConfigSchema.parse(saved)), 0, null, null],
    anchorColumn: 'entered_paise',
    anchorAtColumn: 'entered_at',
    memo: { column: 'memo', of: (c) => c.memoText },
  },
  configSchema: LegsConfigSchema,
  defaults: LEGS_TEMPLATES[0]!.config,
  words: { configureFirst: 'Configure the Multi-leg strategy first (its legs, entry and exit)' },
  holds: LEGS_HOLDS,
  pricedOptions: (c, chain, legs, at, timezone) => pricedOptions(c, chain, legs, at, timezone),
  betweenCloses: {
    watched: (c, legs) => watchedSymbols(c.config, c.memo, legs),
    decisionsDue: (c, legs, prices) => decisionsDue(c.config, c.memo, legs, prices),
  },
  decide: (inputs) => decideLegs(inputs),
  decideNow: (inputs) => decideLegsNow(inputs),
  // The entry's day is part of it: a flat mapping that entered today holds, one that did not enters.
  // So is what its rules keep (a range or a reference price the entry waits on).
  flatKey: (c) => `${JSON.stringify(c.config)}|${c.enteredAt ?? ''}|${c.memoText ?? ''}`,
  tracedSettings: (c) => ({ ...c.config, interval: c.interval }),
  withLots: (c, lots) => ({
    ...c,
    legs: Array.isArray(c.legs) ? c.legs.map((l: Record<string, unknown>) => ({ ...l, lots })) : c.legs,
  }),
  interval: (c) => c.interval,
  cannotTrade: (i) =>
    hasOptionChain(i.instrumentToken) ? null : `Multi-leg trades exchange-listed index options, and ${i.name} has none`,
  describeStatus: (facts, c, now) => describeLegsStatus(facts, c, now),
};
