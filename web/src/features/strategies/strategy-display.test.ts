import type { Mapping } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { activeOnly, isRdxStrategy, modeLabel, statusLabel, windowLabel } from './strategy-display';

describe('strategy display rules', () => {
  it('labels the mode from is_dummy', () => {
    expect(modeLabel(1)).toBe('DUMMY');
    expect(modeLabel(0)).toBe('LIVE');
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
    expect(isRdxStrategy({ strategy_name: 'RDX' })).toBe(true);
    expect(isRdxStrategy({ strategy_name: 'Other' })).toBe(false);
    const rows = [
      { id: 1, is_active: 1 },
      { id: 2, is_active: 0 },
    ] as Mapping[];
    expect(activeOnly(rows).map((m) => m.id)).toEqual([1]);
  });
});
