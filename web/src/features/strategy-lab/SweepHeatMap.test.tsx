import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backtestRun } from './lab-fixture';
import { heatMapOf, type SweepRun } from './sweep-display';
import { SweepHeatMap } from './SweepHeatMap';

afterEach(cleanup);

const done = backtestRun().summary!;
function run(id: number, offset: number, interval: string, net: number | null): SweepRun {
  return {
    id,
    status: net === null ? 'running' : 'done',
    progress: net === null ? 0.4 : 1,
    config: { rdx_lot_count: 1, atm_value: 0, offset_value: offset, interval },
    summary: net === null ? null : { ...done, net_pnl: net },
  };
}

describe('the heat map', () => {
  it('shows each run’s figure in its square, a running one as pending, and opens a run on click', () => {
    const onOpen = vi.fn();
    const map = heatMapOf(
      [run(1, 0, '1m', -120.5), run(2, 0, '5m', 400), run(3, 100, '1m', null), run(4, 100, '5m', 90)],
      'offset_value',
      'interval',
    );
    render(<SweepHeatMap map={map} selectedId={4} onOpen={onOpen} />);
    const table = screen.getByRole('table', { name: 'Net P&L by Offset Value and Interval' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Offset Value', 'Interval', '1m', '5m']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['₹0.00', '₹100.00']);

    const best = screen.getByRole('button', { name: 'Offset Value ₹0.00, Interval 5m: +₹400.00 (best)' });
    expect(best.textContent).toBe('+₹400.00');
    expect(best.style.background).toBe('rgb(16, 110, 76)');
    const pending = screen.getByRole('button', { name: 'Offset Value ₹100.00, Interval 1m: Running 40%' });
    expect(pending.className).toContain('lab-heat-pending');
    expect(pending.style.background).toBe('');
    expect(
      screen.getByRole('button', { name: 'Offset Value ₹100.00, Interval 5m: +₹90.00' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(pending);
    expect(onOpen).toHaveBeenCalledWith(3);
    expect(screen.getByTestId('heat-legend').textContent).toContain('−₹400.00+₹400.00');
  });
});
