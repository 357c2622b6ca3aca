import { api, MSG } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { referenceKeys } from '../strategies/mapping-keys';

/** The strategies whose settings the Lab's form knows (the server's strategy registry may know more). */
export const LAB_STRATEGY_NAMES: readonly string[] = ['RDX'];

/** What the Lab's form offers: the strategies it can set up, and every instrument (shared with the Strategies form). */
export function useLabReferenceData() {
  const strategies = useQuery({ queryKey: referenceKeys.strategies, queryFn: () => call(api.strategies.list) });
  const instruments = useQuery({ queryKey: referenceKeys.instruments, queryFn: () => call(api.instruments.list) });
  const failed = [strategies, instruments].find((q) => q.isError);
  return {
    strategies: (strategies.data ?? []).filter((s) => LAB_STRATEGY_NAMES.includes(s.name)),
    instruments: instruments.data ?? [],
    isLoading: strategies.isLoading || instruments.isLoading,
    error: failed ? messageOf(failed.error, MSG.failedLoadData) : null,
  };
}
