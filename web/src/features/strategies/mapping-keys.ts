import type { Mapping } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query keys of strategy mappings. Every list lives under `mappingKeys.all`, so a
 * realtime handler (strategy_status_changed) can patch or invalidate them all at once.
 */
export const mappingKeys = {
  all: ['mappings'] as const,
  mine: () => [...mappingKeys.all, 'mine'] as const,
  allUsers: () => [...mappingKeys.all, 'all-users'] as const,
};

/** Reference lists the mapping form offers (strategies, instruments). */
export const referenceKeys = {
  strategies: ['reference', 'strategies'] as const,
  instruments: ['reference', 'instruments'] as const,
  users: ['reference', 'users'] as const,
  /**
   * The same strategies list read by the tables for each strategy's type (which form a row uses). Kept apart from
   * the form's list: a list the table read earlier must not stand in for the form's own read, whose failure the form
   * says ('Failed to load data').
   */
  strategyTypes: ['reference', 'strategy-types'] as const,
};

/** Merges `patch` into mapping `id` in every cached mapping list (own and all-users). */
export function patchMappingInCache(queryClient: QueryClient, id: number, patch: Partial<Mapping>): void {
  queryClient.setQueriesData<Mapping[]>({ queryKey: mappingKeys.all }, (old) =>
    old?.map((m) => (m.id === id ? { ...m, ...patch } : m)),
  );
}
