import { api, type OptionChain } from '@app/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { brokerConfigKeys } from '../brokers/broker-config-keys';
import { CHAIN_POLL_MS } from '../option-chain/chain-display';
import { analyticsKeys } from '../option-chain/useOptionChain';
import { referenceKeys } from '../strategies/mapping-keys';

/** The ready strategies of the `legs` type (GET /strategies/templates lists every type's). */
export function useLegsTemplates() {
  return useQuery({
    queryKey: ['strategies', 'templates'] as const,
    queryFn: async () => (await call(api.strategyConfigs.templates)).filter((t) => t.strategy_type === 'legs'),
    staleTime: 5 * 60_000,
  });
}

/** The strategies a mapping may run (the Strategies form's list); the builder wants the one of type `legs`. */
export function useStrategyList() {
  return useQuery({ queryKey: referenceKeys.strategies, queryFn: () => call(api.strategies.list) });
}

/** The trader's broker accounts: a strategy trades through one, even on paper. */
export function useMyBrokers() {
  return useQuery({ queryKey: brokerConfigKeys.mine(), queryFn: () => call(api.brokers.listMine) });
}

/**
 * The chains of `days` (each listed expiry a leg resolved to) on `instrumentId`, asked again every few seconds as
 * the Option Chain page asks its one; keyed as that page keys them, so both share the cache. `nearest` (the chain
 * without a day, which lists the expiries) stands in for its own day.
 */
export function useExpiryChains(
  instrumentId: number | null,
  days: readonly string[],
  nearest: OptionChain | undefined,
) {
  const asked = days.filter((d) => d !== nearest?.expiry);
  const results = useQueries({
    queries: asked.map((day) => ({
      queryKey: analyticsKeys.chain(instrumentId ?? 0, day),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(api.analytics.chain, { params: { instrument_id: instrumentId ?? 0 }, query: { expiry: day }, signal }),
      enabled: instrumentId !== null,
      refetchInterval: CHAIN_POLL_MS,
      staleTime: 0,
    })),
  });
  const byDay = new Map<string, { chain?: OptionChain; error?: unknown }>();
  if (nearest) byDay.set(nearest.expiry, { chain: nearest });
  asked.forEach((day, i) => {
    const r = results[i];
    if (r?.data) byDay.set(day, { chain: r.data });
    else if (r?.isError) byDay.set(day, { error: r.error });
  });
  return byDay;
}
