import { api, type PayoffRequest } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { referenceKeys } from '../strategies/mapping-keys';
import { CHAIN_POLL_MS } from './chain-display';

/** Query keys of the analytics calls; a chain's key names its instrument and expiry ("nearest" when unnamed). */
export const analyticsKeys = {
  chain: (instrumentId: number, expiry: string | null) =>
    ['analytics', 'chain', instrumentId, expiry ?? 'nearest'] as const,
  payoff: (request: PayoffRequest | null) => ['analytics', 'payoff', request] as const,
};

/** Every instrument (the list the Strategies form shares). */
export function useInstrumentList() {
  return useQuery({ queryKey: referenceKeys.instruments, queryFn: () => call(api.instruments.list) });
}

/** The chain of `instrumentId` for `expiry` (the nearest when null), asked again every few seconds while shown. */
export function useChain(instrumentId: number | null, expiry: string | null) {
  return useQuery({
    queryKey: analyticsKeys.chain(instrumentId ?? 0, expiry),
    queryFn: ({ signal }) =>
      call(api.analytics.chain, {
        params: { instrument_id: instrumentId ?? 0 },
        query: expiry ? { expiry } : {},
        signal,
      }),
    enabled: instrumentId !== null,
    refetchInterval: CHAIN_POLL_MS,
    staleTime: 0,
  });
}

/** `value`, once it has stood still for `ms` (so typing a price asks for one payoff, not one per key). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The payoff of `request` (nothing asked while it is null); the last answer stays drawn while the next loads. */
export function usePayoff(request: PayoffRequest | null) {
  return useQuery({
    queryKey: analyticsKeys.payoff(request),
    queryFn: ({ signal }) => call(api.analytics.payoff, { body: request as PayoffRequest, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
