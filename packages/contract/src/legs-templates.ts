/**
 * The ten ready `legs` strategies (issue 33): named presets a trader picks and then edits. Parameters are the
 * common retail settings of each shape on a weekly index option (NIFTY's 50-point steps in mind); none is advice,
 * each is a starting form. Strike steps count out of the money for CE and PE alike (legs.ts), so a condor's wings
 * are the same +4 on both sides. Spreads and condors list their bought legs first: entered first, they keep the
 * margin of the sold legs low.
 */
import type { Leg, LegsConfig } from './legs.js';

export interface LegsTemplate {
  /** Stable id of the preset (kebab-case): what a saved strategy says it started from. */
  key: string;
  /** As a trader reads it in the template picker. */
  name: string;
  strategy_type: 'legs';
  config: LegsConfig;
}

type LegRules = Pick<Leg, 'stop_loss' | 'target' | 'trailing' | 're_entry'>;
const NO_EXITS: LegRules = { stop_loss: null, target: null, trailing: null, re_entry: null };

/** A one-lot current-week leg at ATM ± `steps`, with the given exits. */
const leg = (side: Leg['side'], optionType: Leg['option_type'], steps: number, rules: Partial<LegRules> = {}): Leg => ({
  option_type: optionType,
  side,
  lots: 1,
  expiry: 'current_week',
  strike: { by: 'atm', steps },
  ...NO_EXITS,
  ...rules,
});

const percentStop = (value: number): LegRules['stop_loss'] => ({ unit: 'percent', value });
const NO_LIMITS = { max_loss: null, target_profit: null } as const;
/** A quarter of an hour before the close: no leg is left to the closing auction or to settlement. */
const SQUARE_OFF = '15:15';
const AT_0920 = { kind: 'time', at: '09:20' } as const;

export const LEGS_TEMPLATES: readonly LegsTemplate[] = [
  {
    key: 'short-straddle-0920',
    name: '09:20 short straddle',
    strategy_type: 'legs',
    config: {
      legs: [
        leg('SELL', 'CE', 0, { stop_loss: percentStop(30) }),
        leg('SELL', 'PE', 0, { stop_loss: percentStop(30) }),
      ],
      entry: AT_0920,
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'short-strangle-25-sl',
    name: 'Short strangle, 25 % SL per leg',
    strategy_type: 'legs',
    // Enters on the next 5-minute close and sets no exit time: it can be tried at any hour on the 24x7 index.
    config: {
      legs: [
        leg('SELL', 'CE', 2, { stop_loss: percentStop(25) }),
        leg('SELL', 'PE', 2, { stop_loss: percentStop(25) }),
      ],
      entry: { kind: 'candle_close', interval: '5m' },
      exit_at: null,
      ...NO_LIMITS,
    },
  },
  {
    key: 'short-straddle-one-re-entry',
    name: 'Short straddle with one re-entry',
    strategy_type: 'legs',
    config: {
      legs: (['CE', 'PE'] as const).map((type) =>
        leg('SELL', type, 0, { stop_loss: percentStop(25), re_entry: { times: 1, when: 'at_entry_price' } }),
      ),
      entry: AT_0920,
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'iron-condor',
    name: 'Iron condor',
    strategy_type: 'legs',
    config: {
      legs: [leg('BUY', 'CE', 4), leg('BUY', 'PE', 4), leg('SELL', 'CE', 2), leg('SELL', 'PE', 2)],
      entry: { kind: 'time', at: '09:30' },
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'iron-fly',
    name: 'Iron fly',
    strategy_type: 'legs',
    config: {
      legs: [leg('BUY', 'CE', 4), leg('BUY', 'PE', 4), leg('SELL', 'CE', 0), leg('SELL', 'PE', 0)],
      entry: { kind: 'time', at: '09:30' },
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'bull-call-spread',
    name: 'Bull call spread',
    strategy_type: 'legs',
    // Next week's expiry: a directional debit spread needs days for the move more than it fears decay.
    config: {
      legs: [
        { ...leg('BUY', 'CE', 0), expiry: 'next_week' },
        { ...leg('SELL', 'CE', 2), expiry: 'next_week' },
      ],
      entry: { kind: 'time', at: '09:30' },
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'bear-put-spread',
    name: 'Bear put spread',
    strategy_type: 'legs',
    config: {
      legs: [
        { ...leg('BUY', 'PE', 0), expiry: 'next_week' },
        { ...leg('SELL', 'PE', 2), expiry: 'next_week' },
      ],
      entry: { kind: 'time', at: '09:30' },
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'range-breakout-buy',
    name: 'Range breakout buy (15-minute high, ATM CE)',
    strategy_type: 'legs',
    config: {
      legs: [
        leg('BUY', 'CE', 0, {
          stop_loss: percentStop(30),
          target: { unit: 'percent', value: 60 },
          trailing: { unit: 'percent', activate_at: 20, trail_by: 10 },
        }),
      ],
      entry: { kind: 'range_breakout', minutes: 15, side: 'above' },
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'wait-and-trade-straddle',
    name: 'Wait-and-trade straddle (0.5 % move from 09:20)',
    strategy_type: 'legs',
    config: {
      legs: [
        leg('SELL', 'CE', 0, { stop_loss: percentStop(25) }),
        leg('SELL', 'PE', 0, { stop_loss: percentStop(25) }),
      ],
      entry: { kind: 'wait_and_trade', reference_at: '09:20', unit: 'percent', value: 0.5, direction: 'either' },
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
  {
    key: 'strangle-by-premium-50',
    name: 'Strangle by premium (₹50 each side)',
    strategy_type: 'legs',
    config: {
      legs: (['CE', 'PE'] as const).map((type) => ({
        ...leg('SELL', type, 0, { stop_loss: percentStop(30) }),
        strike: { by: 'premium_closest', premium: 50 } as const,
      })),
      entry: AT_0920,
      exit_at: SQUARE_OFF,
      ...NO_LIMITS,
    },
  },
];
