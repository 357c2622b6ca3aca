import { api, type Exchange } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const exchangeKey = ['console', 'exchange'] as const;

/**
 * Which exchange this console trades on: fixed while it runs, so read once per page load. Undefined until the
 * answer comes (and if it never does): nothing then claims either way.
 */
export function useExchange(): Exchange | undefined {
  const query = useQuery({
    queryKey: exchangeKey,
    queryFn: () => call(api.console.exchange),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data?.exchange;
}

/** True while the console's orders go to its built-in sandbox exchange. */
export const useIsSandbox = (): boolean => useExchange() === 'sandbox';
