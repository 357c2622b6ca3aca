import { api, MSG } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { referenceKeys } from '../strategies/mapping-keys';

import { LAB_STRATEGY_TYPES } from './backtest-form';

/** The strategies whose settings the Lab's form knows, by type (the server's strategy registry may know more). */
const isLabType = (type: string | null): boolean => LAB_STRATEGY_TYPES.some((t) => t === type);

/** What the Lab's form offers: the strategies it can set up, and every instrument (shared with the Strategies form). */
export function useLabReferenceData() {
  const strategies = useQuery({ queryKey: referenceKeys.strategies, queryFn: () => call(api.strategies.list) });
  const instruments = useQuery({ queryKey: referenceKeys.instruments, queryFn: () => call(api.instruments.list) });
  const failed = [strategies, instruments].find((q) => q.isError);
  return {
    strategies: (strategies.data ?? []).filter((s) => isLabType(s.type)),
    instruments: instruments.data ?? [],
    isLoading: strategies.isLoading || instruments.isLoading,
    error: failed ? messageOf(failed.error, MSG.failedLoadData) : null,
  };
}
