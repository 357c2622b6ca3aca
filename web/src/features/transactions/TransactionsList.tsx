import { messageOf } from '../../api/client';
import { MSG } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Message, useFlash } from '../../components/Message';
import { Pagination } from '../../components/Pagination';
import { transactionKeys } from './transaction-keys';
import { filterQuery, isFiltered, NO_FILTERS, type TransactionFilters } from './transaction-filters';
import { TransactionFiltersForm } from './TransactionFiltersForm';
import { TransactionRow } from './TransactionRow';
import { TransactionsCsvDownload } from './TransactionsCsvDownload';
import { TransactionSummaryStrip } from './TransactionSummaryStrip';
import { useTransactionsPage, type TransactionScope } from './useTransactionsPage';
import './transactions.css';

/**
 * SPEC §2 transactions list: 'Recent Transactions' on the user home (15 per page, with the
 * user's summary above) and every user's on the admin strategies tab (20 per page, User column).
 */
export function TransactionsList({
  scope,
  pageSize,
  title,
}: {
  scope: TransactionScope;
  pageSize: number;
  title: string;
}) {
  const showUser = scope === 'all';
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  const { flash, show, clear } = useFlash();
  const transactions = useTransactionsPage(scope, page, pageSize, filterQuery(filters));
  const filter = (next: TransactionFilters) => {
    setFilters(next);
    setPage(0);
  };

  async function refresh() {
    clear();
    if (scope === 'mine') void queryClient.invalidateQueries({ queryKey: transactionKeys.summary() });
    const result = await transactions.refetch();
    if (result.isError) show('error', messageOf(result.error, MSG.failedRefreshTransactions));
  }

  const data = transactions.data;
  return (
    <section className="card" aria-labelledby={`transactions-title-${scope}`}>
      <div className="transactions-header">
        <h2 id={`transactions-title-${scope}`}>{title}</h2>
        <div className="transactions-actions">
          <TransactionsCsvDownload filters={filters} onError={(text) => show('error', text)} />
          <button type="button" onClick={() => void refresh()} disabled={transactions.isFetching}>
            {transactions.isFetching && !transactions.isPending ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </div>
      {scope === 'mine' && <TransactionSummaryStrip />}
      <TransactionFiltersForm
        filters={filters}
        onChange={filter}
        withStrategy={scope === 'mine'}
        label={`${title} filters`}
      />
      <Message flash={flash} onClose={clear} />
      {transactions.isPending && <p className="muted">Loading transactions...</p>}
      {transactions.isError && !data && (
        <div className="message message-error" role="alert">
          {messageOf(transactions.error, MSG.failedLoadTransactions)}
        </div>
      )}
      {data && data.transactions.length === 0 && (
        <p className="muted">{isFiltered(filters) ? 'No transactions match these filters.' : MSG.noTransactions}</p>
      )}
      {data && data.transactions.length > 0 && (
        <div className="table-wrap">
          <table className="table cards-narrow" aria-label={title}>
            <thead>
              <tr>
                <th>Date/Time</th>
                {showUser && <th>User</th>}
                <th>Symbol</th>
                <th>Side</th>
                <th>Quantity</th>
                <th>Price</th>
                <th>Strategy</th>
                <th>Instrument</th>
                <th>Mode</th>
              </tr>
            </thead>
            <tbody>
              {data.transactions.map((t) => (
                <TransactionRow key={t.id} transaction={t} showUser={showUser} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && <Pagination page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </section>
  );
}
