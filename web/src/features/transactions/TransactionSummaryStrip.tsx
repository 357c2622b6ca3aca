import { api, MSG } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { formatInr, formatQuantity } from '../../lib/format';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import { transactionKeys } from './transaction-keys';
import './transactions.css';

/**
 * The user's totals above Recent Transactions: count, buys, sells, turnover, net premium, and what the fills
 * made: FIFO realized P&L, charges as each day's contract note computes them (today's an estimate until the
 * day closes), and realized net of charges (docs/LEDGER.md). Signed figures read
 * as they do on Active Strategies (+₹ / −₹, coloured).
 */
export function TransactionSummaryStrip() {
  const summary = useQuery({
    queryKey: transactionKeys.summary(),
    // An empty reply is kept as null (TanStack refuses undefined) and reported below.
    queryFn: async () => (await call(api.transactions.summary)) ?? null,
  });
  if (summary.isPending) return null;
  if (summary.isError) {
    return (
      <p className="muted" role="status">
        {messageOf(summary.error, MSG.noTransactionSummary)}
      </p>
    );
  }
  const s = summary.data;
  // SPEC §8: an empty reply is reported, not shown as zeros.
  if (!s) {
    return (
      <p className="muted" role="status">
        {MSG.noTransactionSummary}
      </p>
    );
  }
  return (
    <dl className="transaction-summary" aria-label="Transaction summary">
      <div>
        <dt>Transactions</dt>
        <dd>{formatQuantity(s.count)}</dd>
      </div>
      <div>
        <dt>Buys</dt>
        <dd>{formatQuantity(s.buys)}</dd>
      </div>
      <div>
        <dt>Sells</dt>
        <dd>{formatQuantity(s.sells)}</dd>
      </div>
      <div>
        <dt>Turnover</dt>
        <dd>{formatInr(s.turnover)}</dd>
      </div>
      <div>
        <dt>Net Premium</dt>
        <dd className={pnlClass(s.net_premium)}>{formatPnl(s.net_premium).text}</dd>
      </div>
      <div>
        <dt>Realized P&amp;L</dt>
        <dd className={pnlClass(s.realized_pnl)}>{formatPnl(s.realized_pnl).text}</dd>
      </div>
      <div>
        <dt title="Zerodha charges as each day's contract note computes them (brokerage, STT, exchange, SEBI, stamp duty, GST); today's are an estimate until the day closes">
          Charges
        </dt>
        <dd>{formatInr(s.charges)}</dd>
      </div>
      <div>
        <dt>Net Realized</dt>
        <dd className={pnlClass(s.net_pnl)}>{formatPnl(s.net_pnl).text}</dd>
      </div>
    </dl>
  );
}
