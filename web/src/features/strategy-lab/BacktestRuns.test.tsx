import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BacktestRuns } from './BacktestRuns';
import { backtestRun } from './lab-fixture';

afterEach(cleanup);

function renderRuns(busyId: number | null = null) {
  const handlers = { onView: vi.fn(), onCancel: vi.fn(), onDelete: vi.fn() };
  const runs = [
    backtestRun({ id: 2, label: 'Running one', status: 'running', progress: 0.4, summary: null }),
    backtestRun({ id: 1, label: 'Done one' }),
  ];
  render(<BacktestRuns runs={runs} isLoading={false} selectedId={1} busyId={busyId} {...handlers} />);
  return handlers;
}

const row = (id: number) => screen.getByTestId(`backtest-${id}`);

describe('the runs list', () => {
  it('shows a running run with its bar and Cancel, a finished one with its net P&L and Delete', () => {
    const handlers = renderRuns();
    const running = within(row(2));
    expect(running.getByTestId('backtest-status').textContent).toBe('Running 40%');
    expect(running.getByRole('progressbar', { name: 'Progress of Running one' }).getAttribute('value')).toBe('0.4');
    expect(running.getByTestId('backtest-net').textContent).toBe('-');
    expect(running.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(running.getByRole('button', { name: 'Cancel' }));
    expect(handlers.onCancel).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    const done = within(row(1));
    expect(done.queryByRole('progressbar')).toBeNull();
    expect(done.getByTestId('backtest-net').textContent).toBe('+₹1,290.25');
    expect(done.getByRole('button', { name: 'View' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(done.getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('says a cancel is on its way and takes no second click meanwhile', () => {
    renderRuns(2);
    const cancelling = within(row(2)).getByRole('button', { name: 'Cancelling...' });
    expect(cancelling.hasAttribute('disabled')).toBe(true);
  });
});
