import { api, MSG, type LegsConfig, type Mapping, type OptionChain } from '@app/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { useSession } from '../auth/session-context';
import { useMappings } from '../strategies/useMappings';
import { legsConfigOf, strategyConfigQuery } from './legs-config-query';
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

/**
 * The strategy `?mapping=` edits: its row (for the index it trades) and its Multi-leg configuration. `config` is
 * undefined while either is read, null when it has none or is not a Multi-leg strategy (said in `error`).
 */
export function useEditedMapping(id: number | null): {
  mapping: Mapping | null;
  config: LegsConfig | null | undefined;
  isLoading: boolean;
  error: string | null;
} {
  // An admin edits any user's strategy (Configure on the all-users table), a trader their own.
  const { user } = useSession();
  const mappings = useMappings(user?.role === 'admin' ? 'all' : 'mine');
  const reply = useQuery({
    ...strategyConfigQuery(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });
  if (id === null) return { mapping: null, config: null, isLoading: false, error: null };
  const mapping = mappings.data?.find((m) => m.id === id) ?? null;
  if (mappings.isError)
    return {
      mapping,
      config: null,
      isLoading: false,
      error: messageOf(mappings.error, MSG.failedFetchActiveStrategies),
    };
  if (reply.isError)
    return {
      mapping,
      config: null,
      isLoading: false,
      error: messageOf(reply.error, 'Failed to load the strategy’s legs'),
    };
  if (!mappings.data || !reply.data) return { mapping, config: undefined, isLoading: true, error: null };
  if (!mapping) return { mapping, config: null, isLoading: false, error: `You have no strategy #${id}.` };
  if (reply.data.strategy_type !== 'legs') {
    return {
      mapping,
      config: null,
      isLoading: false,
      error: `Strategy #${id} is not a Multi-leg strategy: configure it on Home.`,
    };
  }
  // A strategy with no legs saved yet starts from the template or a blank leg.
  return { mapping, config: legsConfigOf(reply.data), isLoading: false, error: null };
}
