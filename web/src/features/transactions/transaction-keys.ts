/**
 * TanStack Query keys of transactions. Everything lives under `transactionKeys.all`, so a
 * realtime handler (transaction_created) can invalidate pages and the summary at once.
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  mine: (page: number, pageSize: number, filters: Record<string, string> = {}) =>
    [...transactionKeys.all, 'mine', { page, pageSize, ...filters }] as const,
  allUsers: (page: number, pageSize: number, filters: Record<string, string> = {}) =>
    [...transactionKeys.all, 'all-users', { page, pageSize, ...filters }] as const,
  summary: () => [...transactionKeys.all, 'summary'] as const,
};
