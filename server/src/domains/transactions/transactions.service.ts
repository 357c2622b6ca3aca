import type { PageQuery, Transaction, TransactionPage, TransactionSummary } from '@app/contract';
import { toRupees } from '../../platform/time.js';
import { toTransaction } from './transactions.presenter.js';
import type { TotalsRow, TransactionsRepository } from './transactions.repository.js';

const totalsOf = (r: Omit<TotalsRow, 'strategyName'>) => ({
  count: r.count,
  buys: r.buys,
  sells: r.sells,
  turnover: toRupees(r.turnoverPaise),
  net_premium: toRupees(r.netPaise),
});

export function createTransactionsService({ repo }: { repo: TransactionsRepository }) {
  async function page(filter: { userId?: number }, q: PageQuery): Promise<TransactionPage> {
    const [rows, total] = await Promise.all([repo.page(filter, q.limit, q.offset), repo.count(filter)]);
    return { transactions: rows.map((row) => toTransaction(row)), total };
  }

  return {
    listFor: (userId: number, q: PageQuery) => page({ userId }, q),
    listAll: (q: PageQuery) => page({}, q),

    async summary(userId: number): Promise<TransactionSummary> {
      const rows = await repo.totals(userId);
      const sum = (k: keyof Omit<TotalsRow, 'strategyName'>) => rows.reduce((acc, r) => acc + r[k], 0);
      return {
        ...totalsOf({
          count: sum('count'),
          buys: sum('buys'),
          sells: sum('sells'),
          turnoverPaise: sum('turnoverPaise'),
          netPaise: sum('netPaise'),
        }),
        per_strategy: rows.map((r) => ({ strategy_name: r.strategyName, ...totalsOf(r) })),
      };
    },

    async get(id: number): Promise<Transaction | null> {
      const row = await repo.findById(id);
      return row ? toTransaction(row) : null;
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
