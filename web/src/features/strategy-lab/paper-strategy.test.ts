import { describe, expect, it } from 'vitest';
import { backtestRun } from './lab-fixture';
import { defaultBrokerId, paperStrategyPlan } from './paper-strategy';

const broker = { id: 5, broker_name: 'Zerodha', broker_username: 'AB1234' };

describe('a paper strategy from a backtest', () => {
  it("is a DUMMY mapping of the run's instrument, one CE and one PE, with the run's RDX settings", () => {
    const plan = paperStrategyPlan(
      backtestRun({ config: { rdx_lot_count: 3, atm_value: 0, offset_value: -50 } }),
      broker,
    );
    expect(plan.mapping).toEqual({
      strategy_id: 1,
      instrument_id: 4,
      user_broker_id: 5,
      is_active: 1,
      is_dummy: 1,
      ce_count: 1,
      pe_count: 1,
      start_time: null,
      end_time: null,
      max_loss: null,
      target_profit: null,
    });
    expect(plan.rdx).toEqual({ rdx_lot_count: 3, atm_value: 0, offset_value: -50, interval: '1m' });
  });

  it('says what it creates before it does', () => {
    expect(paperStrategyPlan(backtestRun(), broker).details).toEqual([
      'RDX on SANDBOX 24x7, 1 CE and 1 PE',
      'Mode: DUMMY (paper: simulated fills, no broker orders)',
      'Account: Zerodha - AB1234',
      'Lot Count 2, Offset Value ₹100.00, ATM set at first entry, Interval 1m',
      'It starts stopped: press Start on Home when it should trade.',
    ]);
  });

  it("starts on the trader's first account, none without one", () => {
    expect(defaultBrokerId(undefined)).toBe('');
    expect(defaultBrokerId([])).toBe('');
    expect(defaultBrokerId([{ ...broker, id: 9 } as never, broker as never])).toBe('9');
  });
});
