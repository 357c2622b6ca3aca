import { LEGS_TEMPLATES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { legsHandOff, legsHandOffOf, legsStrategyOf, paperMappingOf } from './builder-plan';

const condor = LEGS_TEMPLATES.find((t) => t.key === 'iron-condor')!.config;

describe('paperMappingOf', () => {
  it('is a paper, active mapping of the Multi-leg strategy counting its legs by type, with its limits', () => {
    const config = { ...condor, max_loss: 4000, target_profit: 2500.5 };
    expect(paperMappingOf(3, 7, 12, config)).toEqual({
      strategy_id: 3,
      instrument_id: 7,
      user_broker_id: 12,
      is_active: 1,
      is_dummy: 1,
      ce_count: 2,
      pe_count: 2,
      start_time: null,
      end_time: null,
      max_loss: 4000,
      target_profit: 2500.5,
    });
  });

  it('counts none of a type the legs do not hold', () => {
    const spread = LEGS_TEMPLATES.find((t) => t.key === 'bull-call-spread')!.config;
    expect(paperMappingOf(3, 7, 12, spread)).toMatchObject({ ce_count: 2, pe_count: 0 });
  });
});

describe('legsStrategyOf', () => {
  it('picks the strategy whose type is legs, or none', () => {
    const rdx = { id: 1, name: 'RDX', description: '', type: 'rdx' };
    const legs = { id: 4, name: 'Multi-leg', description: '', type: 'legs' };
    expect(legsStrategyOf([rdx, legs])).toBe(legs);
    expect(legsStrategyOf([rdx])).toBeNull();
    expect(legsStrategyOf(undefined)).toBeNull();
  });
});

describe('the Backtest hand-off', () => {
  it('reads back what the builder put in the route state, and nothing else', () => {
    const state = legsHandOff(7, 'iron-condor', condor);
    expect(legsHandOffOf(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(legsHandOffOf(null)).toBeNull();
    expect(legsHandOffOf({ kind: 'legs-config', instrument_id: 7, config: { legs: [] } })).toBeNull();
    expect(legsHandOffOf({ ...state, kind: 'other' })).toBeNull();
  });
});
