import { api, type RdxConfig } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client';
import { rdxConfigKeys } from './rdx-config-keys';

/** A mapping's RDX configuration, or null when none exists yet (404). */
export async function fetchRdxConfig(mappingId: number): Promise<RdxConfig | null> {
  try {
    return await call(api.rdx.get, { params: { id: mappingId } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Shared by the Active Strategies row and the RDX modal, so both show the same saved values. */
export function useRdxConfig(mappingId: number, options: { enabled?: boolean; refetchOnMount?: 'always' } = {}) {
  return useQuery({
    queryKey: rdxConfigKeys.detail(mappingId),
    queryFn: () => fetchRdxConfig(mappingId),
    enabled: options.enabled ?? true,
    ...(options.refetchOnMount ? { refetchOnMount: options.refetchOnMount } : {}),
  });
}
