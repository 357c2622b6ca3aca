import { api, type AuditPage } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The admin's filters: the actor's recorded name and one action (empty: any). */
export interface AuditFilters {
  user: string;
  action: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  everyone: (filters: AuditFilters, page: number, size: number) => ['audit', 'all', filters, page, size] as const,
  mine: (page: number, size: number) => ['audit', 'mine', page, size] as const,
};

/** One page (0-based) of everyone's trail; the previous page stays on screen while the next loads. */
export function useAuditPage(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery<AuditPage>({
    queryKey: auditKeys.everyone(filters, page, pageSize),
    queryFn: () =>
      call(api.audit.list, {
        query: {
          limit: pageSize,
          offset: page * pageSize,
          ...(filters.user.trim() ? { user: filters.user.trim() } : {}),
          ...(filters.action ? { action: filters.action } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** One page of the signed-in user's own trail. */
export function useMyAuditPage(page: number, pageSize: number) {
  return useQuery<AuditPage>({
    queryKey: auditKeys.mine(page, pageSize),
    queryFn: () => call(api.audit.mine, { query: { limit: pageSize, offset: page * pageSize } }),
    placeholderData: keepPreviousData,
    // A trail is read to see what just happened: every opening asks again.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
