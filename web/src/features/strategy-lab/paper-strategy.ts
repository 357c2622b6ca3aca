import {
  MAPPING_DEFAULTS,
  type Backtest,
  type BodyOf,
  type SaveRdxConfig,
  type UserBroker,
  type api,
} from '@app/contract';
import { formatInr } from '../../lib/format';
import { modeWord } from '../strategies/strategy-display';
import { rdxSettingsOf } from './backtest-display';

/*
 * "Use these settings": a backtested run becomes a new paper strategy through the same two calls the Strategies
 * page and the RDX dialog make (a mapping, then its RDX configuration). A backtest trades one CE and one PE
 * around the clock, so the strategy does too. Pure.
 */

export interface PaperStrategyPlan {
  mapping: BodyOf<typeof api.strategies.create>;
  rdx: SaveRdxConfig;
  /** What will be created, one fact a line, for the question asked before. */
  details: string[];
}

/** The account a trader picks for the new strategy: their first, as the Strategies form starts on it. */
export const defaultBrokerId = (brokers: readonly UserBroker[] | undefined): string =>
  brokers?.[0] ? String(brokers[0].id) : '';

/** The mapping and RDX configuration that trade `run`'s settings on paper through `broker`. */
export function paperStrategyPlan(
  run: Pick<Backtest, 'strategy_id' | 'strategy_name' | 'instrument_id' | 'instrument_name' | 'config' | 'interval'>,
  broker: Pick<UserBroker, 'id' | 'broker_name' | 'broker_username'>,
): PaperStrategyPlan {
  const s = rdxSettingsOf(run);
  return {
    mapping: {
      strategy_id: run.strategy_id,
      instrument_id: run.instrument_id,
      user_broker_id: broker.id,
      is_active: MAPPING_DEFAULTS.is_active,
      // Paper, always: a backtest's settings go to real money only by a deliberate edit afterwards.
      is_dummy: 1,
      ce_count: 1,
      pe_count: 1,
      start_time: null,
      end_time: null,
      max_loss: null,
      target_profit: null,
    },
    rdx: { rdx_lot_count: s.lots, atm_value: s.atm, offset_value: s.offset, interval: s.interval },
    details: [
      `${run.strategy_name} on ${run.instrument_name}, 1 CE and 1 PE`,
      `Mode: ${modeWord(1)}`,
      `Account: ${broker.broker_name} - ${broker.broker_username}`,
      `Lot Count ${s.lots}, Offset Value ${formatInr(s.offset)}, ATM ${s.atm > 0 ? formatInr(s.atm) : 'set at first entry'}, Interval ${s.interval}`,
      'It starts stopped: press Start on Home when it should trade.',
    ],
  };
}
