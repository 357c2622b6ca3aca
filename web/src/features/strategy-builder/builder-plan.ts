import {
  LIMITS,
  LegsConfigSchema,
  MAPPING_DEFAULTS,
  type BodyOf,
  type LegsConfig,
  type Strategy,
  type api,
} from '@app/contract';

/*
 * What the builder's buttons send (issue 33). Pure.
 */

/** The strategy a Multi-leg mapping runs: the one whose type is `legs` (GET /strategies/list), or null. */
export const legsStrategyOf = (strategies: readonly Strategy[] | undefined): Strategy | null =>
  strategies?.find((s) => s.type === 'legs') ?? null;

/**
 * The mapping "Create paper strategy" makes, through the Strategies form's own call (POST /strategies/user-mappings):
 * paper always (real money only by a deliberate edit afterwards), active, no trading window (the configuration's
 * entry and exit say when), and the day's limits the configuration states. The CE and PE counts are RDX's and a
 * legs strategy does not trade by them; they are set to how many legs of each type it has (at least one is, as the
 * mapping schema asks), so the Strategies table's counts say something true about it.
 */
export function paperMappingOf(
  strategyId: number,
  instrumentId: number,
  brokerId: number,
  config: LegsConfig,
): BodyOf<typeof api.strategies.create> {
  const count = (type: 'CE' | 'PE') =>
    Math.min(LIMITS.maxLegCount, config.legs.filter((l) => l.option_type === type).length);
  return {
    strategy_id: strategyId,
    instrument_id: instrumentId,
    user_broker_id: brokerId,
    is_active: MAPPING_DEFAULTS.is_active,
    is_dummy: 1,
    ce_count: count('CE'),
    pe_count: count('PE'),
    start_time: null,
    end_time: null,
    max_loss: config.max_loss,
    target_profit: config.target_profit,
  };
}

/**
 * "Backtest": the builder's configuration carried to the Strategy Lab in the router's state (not the address: a
 * configuration of eight legs makes a long one, and a reload of the lab need not bring it back). The lab's form
 * does not read it yet; when it learns legs configurations it reads `legsHandOffOf(location.state)` and fills
 * itself from it. `template` is the preset it started from, if any.
 */
export interface LegsHandOff {
  kind: 'legs-config';
  instrument_id: number;
  template: string | null;
  config: LegsConfig;
}

export function legsHandOff(instrumentId: number, template: string | null, config: LegsConfig): LegsHandOff {
  return { kind: 'legs-config', instrument_id: instrumentId, template, config };
}

/** The hand-off in a route's state, checked again by the contract's schema; null when there is none. */
export function legsHandOffOf(state: unknown): LegsHandOff | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Partial<LegsHandOff>;
  if (s.kind !== 'legs-config' || typeof s.instrument_id !== 'number') return null;
  const parsed = LegsConfigSchema.safeParse(s.config);
  if (!parsed.success) return null;
  return legsHandOff(s.instrument_id, typeof s.template === 'string' ? s.template : null, parsed.data);
}
