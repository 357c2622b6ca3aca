import type { Mapping } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  actionDoneMessage,
  activeOnly,
  limitMeasureLabel,
  limitsLabel,
  modeLabel,
  modeWord,
  runningFirst,
  statusBadge,
  statusLabel,
  windowLabel,
} from './strategy-display';
import { strategyFormOf, configureActionOf } from './strategy-forms';
import { mappingFixture } from './mapping-fixture';

describe('strategy display rules', () => {
  it('labels the mode from is_dummy', () => {
    expect(modeLabel(1)).toBe('DUMMY');
    expect(modeLabel(0)).toBe('LIVE');
    expect(modeLabel(0, 'kite')).toBe('LIVE');
  });

  it('says SANDBOX on a live strategy whose orders go to the built-in exchange, never on a DUMMY one', () => {
    expect(modeLabel(0, 'sandbox')).toBe('LIVE · SANDBOX');
    expect(modeLabel(1, 'sandbox')).toBe('DUMMY');
  });

  it('says what the mode means in the same word as the badge', () => {
    expect(modeWord(1)).toBe('DUMMY (paper: simulated fills, no broker orders)');
    expect(modeWord(0, 'kite')).toBe('LIVE (real orders at the broker)');
    expect(modeWord(0, 'sandbox')).toBe('LIVE (orders go to the built-in sandbox exchange, not a real broker)');
  });

  it("shows 'Always On' unless both times are set", () => {
    expect(windowLabel(null, null)).toBe('Always On');
    expect(windowLabel('09:15', null)).toBe('Always On');
    expect(windowLabel('09:15', '15:30')).toBe('09:15 - 15:30');
  });

  it('reads running_status 1 RUNNING, 2 PAUSED, else STOPPED', () => {
    expect(statusLabel(1)).toBe('RUNNING');
    expect(statusLabel(2)).toBe('PAUSED');
    expect(statusLabel(0)).toBe('STOPPED');
    expect(statusLabel(7)).toBe('STOPPED');
  });

  it('knows the RDX strategy by name and keeps only active mappings', () => {
    // Only a strategy named RDX has the RDX configuration (SPEC §2): its form, and none for another.
    expect(strategyFormOf({ strategy_name: 'RDX' })?.strategyName).toBe('RDX');
    expect(strategyFormOf({ strategy_name: 'Other' })).toBeNull();
    // A Multi-leg strategy is edited in the Strategy Builder: Configure goes there, not to RDX's dialog.
    const legs = strategyFormOf({ strategy_name: 'Multi-leg' });
    expect(configureActionOf(legs, { id: 9 })).toEqual({ kind: 'page', path: '/strategy-builder?mapping=9' });
    expect(configureActionOf(strategyFormOf({ strategy_name: 'RDX' }), { id: 9 })).toEqual({ kind: 'dialog' });
    // The strategies' list's type wins over the name (a renamed strategy keeps its type's screens).
    const typeOf = (id: number) => (id === 5 ? 'legs' : id === 1 ? 'rdx' : null);
    expect(strategyFormOf({ strategy_id: 5, strategy_name: 'My strangles' }, typeOf)?.strategyType).toBe('legs');
    expect(strategyFormOf({ strategy_id: 1, strategy_name: 'Multi-leg' }, typeOf)?.strategyType).toBe('rdx');
    expect(strategyFormOf({ strategy_id: 7, strategy_name: 'RDX' }, typeOf)).toBeNull();
    const rows = [
      { id: 1, is_active: 1 },
      { id: 2, is_active: 0 },
    ] as Mapping[];
    expect(activeOnly(rows).map((m) => m.id)).toEqual([1]);
  });
});

describe('limitsLabel', () => {
  it('names each limit set, in rupees, and nothing when none is', () => {
    expect(limitsLabel({ max_loss: 5000, target_profit: 2500.5 })).toBe('Max loss ₹5,000.00 · Target ₹2,500.50');
    expect(limitsLabel({ max_loss: null, target_profit: 1200 })).toBe('Target ₹1,200.00');
    expect(limitsLabel({ max_loss: null, target_profit: null })).toBeNull();
  });

  it('says what the limits measure: the day before charges, to the paisa', () => {
    expect(limitMeasureLabel({ realized_pnl: -20.1, unrealized_pnl: 32.6 })).toBe('Today before charges: +₹12.50');
    expect(limitMeasureLabel({ realized_pnl: -0.1, unrealized_pnl: -0.2 })).toBe('Today before charges: −₹0.30');
  });

  it('lists running strategies first, then paused, then stopped, keeping the order within each', () => {
    const rows = [
      mappingFixture({ id: 1, running_status: 0 }),
      mappingFixture({ id: 2, running_status: 1 }),
      mappingFixture({ id: 3, running_status: 2 }),
      mappingFixture({ id: 4, running_status: 0 }),
      mappingFixture({ id: 5, running_status: 1 }),
    ];
    expect(runningFirst(rows).map((m) => m.id)).toEqual([2, 5, 3, 1, 4]);
    expect(rows.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a running strategy as held while the RDX service is stopped', () => {
    expect(statusBadge(1, true)).toEqual({ label: 'RUNNING', note: 'service stopped', className: 'badge held' });
    expect(statusBadge(1, false)).toEqual({ label: 'RUNNING', note: null, className: 'badge running' });
    expect(statusBadge(2, true)).toEqual({ label: 'PAUSED', note: null, className: 'badge paused' });
  });

  it('says what a Start or Resume did and what the strategy does next', () => {
    const m = mappingFixture({
      is_dummy: 0,
      status_detail: 'Waiting for the 15m candle closing at 10:30 IST to enter',
    });
    expect(actionDoneMessage('start', m)).toBe(
      'Started RDX on NIFTY 50 (LIVE · AB1234). Waiting for the 15m candle closing at 10:30 IST to enter',
    );
    expect(actionDoneMessage('resume', { ...m, is_dummy: 1 })).toMatch(
      /^Resumed RDX on NIFTY 50 \(DUMMY · AB1234\)\. /,
    );
    expect(actionDoneMessage('pause', m)).toBeNull();
  });
});
