import type { Backtest, BacktestProgress } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isActive, withProgress } from './backtest-display';

/** TanStack Query keys of the Strategy Lab's runs; every one lives under `backtestKeys.all`. */
export const backtestKeys = {
  all: ['backtests'] as const,
  list: () => [...backtestKeys.all, 'list'] as const,
  trades: (id: number) => [...backtestKeys.all, 'trades', id] as const,
  equity: (id: number) => [...backtestKeys.all, 'equity', id] as const,
  sweeps: () => [...backtestKeys.all, 'sweep'] as const,
  sweep: (id: number) => [...backtestKeys.sweeps(), id] as const,
};

/**
 * A `backtest_progress` event (issue 30): the run's row moves at once; a run that ended, or one this tab has not
 * seen (queued in another tab), has the list read again, which brings its summary. A run that ended may move up
 * its sweep's order, so an open sweep is read again too.
 */
export function applyBacktestProgress(queryClient: QueryClient, progress: BacktestProgress): void {
  const runs = queryClient.getQueryData<Backtest[]>(backtestKeys.list());
  const merged = runs ? withProgress(runs, progress) : null;
  if (merged) queryClient.setQueryData(backtestKeys.list(), merged);
  if (!merged || !isActive(progress.status)) void queryClient.invalidateQueries({ queryKey: backtestKeys.list() });
  if (!isActive(progress.status)) void queryClient.invalidateQueries({ queryKey: backtestKeys.sweeps() });
}
