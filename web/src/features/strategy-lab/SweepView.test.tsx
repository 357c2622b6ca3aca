import type { Backtest, Sweep } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backtestKeys } from './backtest-keys';
import { backtestRun } from './lab-fixture';
import { SweepView } from './SweepView';

afterEach(cleanup);

const config = (offset: number) => ({ rdx_lot_count: 1, atm_value: 0, offset_value: offset, interval: '5m' });
const summary = (net: number) => ({ ...backtestRun().summary!, net_pnl: net });

/** A sweep of three offsets as the API read it a moment ago (nothing finished), and the runs list since. */
const SWEEP: Sweep = {
  id: 3,
  runs: [10, 11, 12].map((id, i) => ({ id, status: 'queued' as const, config: config(i * 100), summary: null })),
};
const LISTED: Backtest[] = [
  backtestRun({ id: 10, sweep_id: 3, label: 'offset_value=0', config: config(0), summary: summary(-40) }),
  backtestRun({ id: 11, sweep_id: 3, label: 'offset_value=100', config: config(100), summary: summary(310.5) }),
  backtestRun({
    id: 12,
    sweep_id: 3,
    label: 'offset_value=200',
    config: config(200),
    status: 'running',
    progress: 0.45,
    summary: null,
  }),
];

function renderSweep(onOpenRun = vi.fn()) {
  // The sweep is in the cache and never stale: the view reads nothing over the network here.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(backtestKeys.sweep(3), SWEEP);
  render(
    <QueryClientProvider client={client}>
      <SweepView id={3} listed={LISTED} selectedId={null} onOpenRun={onOpenRun} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return onOpenRun;
}

describe("a sweep's view", () => {
  it('lists the runs best first as they stand now, a running one with its bar, and opens a row', () => {
    const onOpenRun = renderSweep();
    expect(screen.getByTestId('sweep-progress').textContent).toBe(
      '3 backtests varying Offset Value: 2 done, the rest running or queued.',
    );
    const rows = within(screen.getByRole('table', { name: 'Sweep runs, best first' }))
      .getAllByRole('row')
      .slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => c.slice(0, 4))).toEqual([
      ['1', '₹100.00', '+₹310.50', 'Done'],
      ['2', '₹0.00', '−₹40.00', 'Done'],
      ['-', '₹200.00', '-', 'Running 45%'],
    ]);
    expect(within(rows[2]!).getByRole('progressbar', { name: 'Progress of backtest #12' }).getAttribute('value')).toBe(
      '0.45',
    );
    // One setting varied: a table, no heat map.
    expect(screen.queryByTestId('sweep-heatmap')).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'View' }));
    expect(onOpenRun).toHaveBeenCalledWith(11);
  });
});
