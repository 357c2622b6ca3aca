import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { mappingKeys } from './mapping-keys';

/** 'mine': the signed-in user's mappings; 'all': every user's (admin only). */
export type MappingScope = 'mine' | 'all';

/** Strategy mappings of a scope; the Active Strategies table and the mappings table share the cache. */
export function useMappings(scope: MappingScope) {
  return useQuery({
    queryKey: scope === 'all' ? mappingKeys.allUsers() : mappingKeys.mine(),
    queryFn: () => (scope === 'all' ? call(api.strategies.listAll) : call(api.strategies.listMine)),
  });
}
