import { api, type BodyOf } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { newestFirst } from './backtest-display';
import { backtestKeys } from './backtest-keys';

/** The trader's runs, newest first; the realtime bridge moves them along (backtest-keys.ts). */
export function useBacktests() {
  return useQuery({
    queryKey: backtestKeys.list(),
    queryFn: async () => newestFirst((await call(api.backtests.list)).backtests),
  });
}

/** A finished run's fills and equity: they never change once it is done, so they are read once. */
export function useBacktestResults(id: number, isDone: boolean) {
  const trades = useQuery({
    queryKey: backtestKeys.trades(id),
    queryFn: async () => (await call(api.backtests.trades, { params: { id } })).trades,
    enabled: isDone,
    staleTime: Infinity,
  });
  const equity = useQuery({
    queryKey: backtestKeys.equity(id),
    queryFn: () => call(api.backtests.equity, { params: { id } }),
    enabled: isDone,
    staleTime: Infinity,
  });
  return { trades, equity };
}

/** One sweep: its runs, best first; read again when one of them ends (backtest-keys.ts). */
export function useSweep(id: number) {
  return useQuery({
    queryKey: backtestKeys.sweep(id),
    queryFn: () => call(api.backtests.sweep, { params: { id } }),
  });
}

/** Queue a run or a sweep, and cancel or remove one; the list is read again after each. */
export function useBacktestMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: backtestKeys.list() });
  const create = useMutation({
    mutationFn: (body: BodyOf<typeof api.backtests.create>) => call(api.backtests.create, { body }),
    onSuccess: refresh,
  });
  const createSweep = useMutation({
    mutationFn: (body: BodyOf<typeof api.backtests.createSweep>) => call(api.backtests.createSweep, { body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.backtests.remove, { params: { id } }),
    // A removed run leaves its sweep too.
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: backtestKeys.sweeps() })]),
  });
  return { create, createSweep, remove };
}
