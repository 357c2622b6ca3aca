import { api, MSG, type TransactionPage } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call, CONTRACT_MISMATCH } from '../../api/client';
import { transactionKeys } from './transaction-keys';

/** 'mine': the signed-in user's transactions; 'all': every user's (admin only). */
export type TransactionScope = 'mine' | 'all';

async function fetchPage(
  scope: TransactionScope,
  page: number,
  pageSize: number,
  filters: Record<string, string>,
): Promise<TransactionPage> {
  const query = { limit: pageSize, offset: page * pageSize, ...filters };
  const data = await (
    scope === 'all' ? call(api.transactions.listAll, { query }) : call(api.transactions.listMine, { query })
  ).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === CONTRACT_MISMATCH) return null;
    throw err;
  });
  // SPEC §8: a reply without the list is an error of its own.
  if (!data || !Array.isArray(data.transactions)) throw new ApiError(MSG.noTransactionData, 200);
  return data;
}

/**
 * One page (0-based) of transactions, narrowed by `filters` (the server's query names, blank ones left out);
 * the previous page stays on screen while the next loads.
 */
export function useTransactionsPage(
  scope: TransactionScope,
  page: number,
  pageSize: number,
  filters: Record<string, string> = {},
) {
  return useQuery({
    queryKey:
      scope === 'all'
        ? transactionKeys.allUsers(page, pageSize, filters)
        : transactionKeys.mine(page, pageSize, filters),
    queryFn: () => fetchPage(scope, page, pageSize, filters),
    placeholderData: keepPreviousData,
  });
}
