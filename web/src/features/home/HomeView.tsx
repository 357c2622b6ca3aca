import { PAGE_SIZE } from '@app/contract';
import { ActiveStrategiesTable } from '../strategies/ActiveStrategiesTable';
import { TransactionsList } from '../transactions/TransactionsList';

/** SPEC §2 user home view: the Active Strategies table, then Recent Transactions (15 per page). */
export function HomeView() {
  return (
    <div className="stack">
      <ActiveStrategiesTable scope="mine" />
      <TransactionsList scope="mine" pageSize={PAGE_SIZE.userTransactions} title="Recent Transactions" />
    </div>
  );
}
