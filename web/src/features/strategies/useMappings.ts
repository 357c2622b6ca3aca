import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { mappingKeys } from './mapping-keys';

/** 'mine': the signed-in user's mappings; 'all': every user's (admin only). */
export type MappingScope = 'mine' | 'all';

/**
 * How often the Active Strategies table re-reads its rows: status_detail names the next candle
 * close, the market opening and the like, which change with time and not only with events.
 */
export const MAPPINGS_POLL_MS = 30_000;

/** Strategy mappings of a scope; the Active Strategies table and the mappings table share the cache. */
export function useMappings(scope: MappingScope, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: scope === 'all' ? mappingKeys.allUsers() : mappingKeys.mine(),
    queryFn: () => (scope === 'all' ? call(api.strategies.listAll) : call(api.strategies.listMine)),
    ...(options.pollMs ? { refetchInterval: options.pollMs } : {}),
  });
}
