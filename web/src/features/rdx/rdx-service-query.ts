import { engineRoutes } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** One cache entry for the RDX service status: the admin tab's Start/Stop updates every banner at once. */
export const rdxServiceKey = ['rdx', 'service-status'] as const;

/** How often a screen re-reads whether the RDX service runs (it changes rarely: an admin action). */
export const RDX_STATUS_POLL_MS = 30_000;

/** Whether the RDX strategy service runs (`GET /rdx/status`, readable by users too). */
export function useRdxServiceStatus(pollMs: number = RDX_STATUS_POLL_MS) {
  return useQuery({ queryKey: rdxServiceKey, queryFn: () => call(engineRoutes.status), refetchInterval: pollMs });
}
