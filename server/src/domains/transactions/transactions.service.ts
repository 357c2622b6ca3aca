import type { Transaction, TransactionPage, TransactionsQuery, TransactionSummary } from '@app/contract';
import { toRupees } from '../../platform/time.js';
import { toTransaction } from './transactions.presenter.js';
import { pageFilter } from './transactions.export.js';
import type { PageFilter, TotalsRow, TransactionsRepository } from './transactions.repository.js';

/** Realized P&L and charges per strategy name, paise (the ledger's FIFO over the fills, docs/LEDGER.md). */
export type StrategyPnlSource = (
  userId: number,
) => Promise<ReadonlyMap<string | null, { realizedPaise: number; chargesPaise: number }>>;

const NO_PNL = { realizedPaise: 0, chargesPaise: 0 };

const totalsOf = (r: Omit<TotalsRow, 'strategyName'>, pnl: { realizedPaise: number; chargesPaise: number }) => ({
  count: r.count,
  buys: r.buys,
  sells: r.sells,
  turnover: toRupees(r.turnoverPaise),
  net_premium: toRupees(r.netPaise),
  realized_pnl: toRupees(pnl.realizedPaise),
  charges: toRupees(pnl.chargesPaise),
  net_pnl: toRupees(pnl.realizedPaise - pnl.chargesPaise),
});

export function createTransactionsService({ repo, pnl }: { repo: TransactionsRepository; pnl: StrategyPnlSource }) {
  async function page(filter: PageFilter, q: TransactionsQuery): Promise<TransactionPage> {
    const [rows, total] = await Promise.all([repo.page(filter, q.limit, q.offset), repo.count(filter)]);
    return { transactions: rows.map((row) => toTransaction(row)), total };
  }

  return {
    listFor: (userId: number, q: TransactionsQuery) => page({ userId, ...pageFilter(q) }, q),
    listAll: (q: TransactionsQuery) => page(pageFilter(q), q),

    async summary(userId: number): Promise<TransactionSummary> {
      const [rows, byStrategy] = await Promise.all([repo.totals(userId), pnl(userId)]);
      const sum = (k: keyof Omit<TotalsRow, 'strategyName'>) => rows.reduce((acc, r) => acc + r[k], 0);
      const overall = { ...NO_PNL };
      for (const p of byStrategy.values()) {
        overall.realizedPaise += p.realizedPaise;
        overall.chargesPaise += p.chargesPaise;
      }
      return {
        ...totalsOf(
          {
            count: sum('count'),
            buys: sum('buys'),
            sells: sum('sells'),
            turnoverPaise: sum('turnoverPaise'),
            netPaise: sum('netPaise'),
          },
          overall,
        ),
        per_strategy: rows.map((r) => ({
          strategy_name: r.strategyName,
          ...totalsOf(r, byStrategy.get(r.strategyName) ?? NO_PNL),
        })),
      };
    },

    async get(id: number): Promise<Transaction | null> {
      const row = await repo.findById(id);
      return row ? toTransaction(row) : null;
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
