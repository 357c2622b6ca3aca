import { PAGE_SIZE } from '@app/contract';
import { ReconcileBanner } from '../positions/ReconcileBanner';
import { RdxServiceBanner } from '../rdx/RdxServiceBanner';
import { ExitAllButton } from '../risk/ExitAllButton';
import { KillSwitchBanner } from '../risk/KillSwitchBanner';
import { ActiveStrategiesTable } from '../strategies/ActiveStrategiesTable';
import { TransactionsList } from '../transactions/TransactionsList';
import { FirstStrategySteps } from './FirstStrategySteps';

/**
 * SPEC §2 user home view: the Active Strategies table, then Recent Transactions (15 per page);
 * above them a banner while the RDX service is stopped, since then nothing trades, and one when a
 * live broker account holds something else than the console's strategies (issue 11). The kill switch's
 * banner comes first while engaged, and "Exit all" stops every strategy of the trader's (issue 13). A trader with
 * no strategy yet reads the three steps to a first one (issue 32 item 6).
 */
export function HomeView() {
  return (
    <div className="stack">
      <KillSwitchBanner />
      <ReconcileBanner />
      <RdxServiceBanner />
      <ExitAllButton />
      <FirstStrategySteps />
      <ActiveStrategiesTable scope="mine" />
      <TransactionsList scope="mine" pageSize={PAGE_SIZE.userTransactions} title="Recent Transactions" />
    </div>
  );
}
