import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { AlertsBell } from '../alerts/AlertsBell';
import { AuditTab } from '../audit/AuditTab';
import { useSession } from '../auth/session-context';
import { BrokersTab } from '../brokers/BrokersTab';
import { HolidaysTab } from '../calendar/HolidaysTab';
import { InstrumentsTab } from '../instruments/InstrumentsTab';
import { ReconcileBanner } from '../positions/ReconcileBanner';
import { OrderBook } from '../orders/OrderBook';
import { KillSwitchBanner } from '../risk/KillSwitchBanner';
import { DataTab } from '../market-data/DataTab';
import { RdxServiceTab } from '../rdx/RdxServiceTab';
import { SchedulingTab } from '../scheduling/SchedulingTab';
import { StrategiesTab } from '../strategies/StrategiesTab';
import { UsersTab } from '../users/UsersTab';

/**
 * SPEC §2 tab order, then the holiday calendar (issue 12), the audit log (issue 13) and every user's order book
 * (issue 32); the text is SPEC's, the capitalisation is CSS.
 */
export const ADMIN_TABS = [
  'strategies',
  'scheduling',
  'data',
  'rdx',
  'brokers',
  'users',
  'instruments',
  'holidays',
  'audit',
  'orders',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Tab labels where CSS capitalisation would misspell the word ("Rdx"). */
const TAB_LABELS: Partial<Record<AdminTab, string>> = { rdx: 'RDX' };

const isAdminTab = (v: string | null): v is AdminTab => ADMIN_TABS.includes(v as AdminTab);

/** Every user's orders, each naming its user, with a username filter. */
const AllOrdersTab = () => <OrderBook scope="all" />;

const TAB_BODIES: Record<AdminTab, () => React.JSX.Element> = {
  strategies: StrategiesTab,
  scheduling: SchedulingTab,
  data: DataTab,
  rdx: RdxServiceTab,
  brokers: BrokersTab,
  users: UsersTab,
  instruments: InstrumentsTab,
  holidays: HolidaysTab,
  audit: AuditTab,
  orders: AllOrdersTab,
};

function TabBody({ tab }: { tab: AdminTab }) {
  const Body = TAB_BODIES[tab];
  return <Body />;
}

export function AdminDashboard() {
  const { user, logout } = useSession();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'strategies';

  return (
    <div className="page">
      <PageHeader title={`Welcome, ${user?.username ?? ''} (Admin)`}>
        <AlertsBell />
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </PageHeader>
      <div className="tabs" role="tablist">
        {ADMIN_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={t === tab ? 'tab active' : 'tab'}
            onClick={() => setSearch({ tab: t })}
          >
            {TAB_LABELS[t] ?? t}
          </button>
        ))}
      </div>
      {/* Above every tab: the switch, and a broker holding what the console does not, wherever the admin is. */}
      <KillSwitchBanner forAdmin />
      <ReconcileBanner withUser />
      <TabBody tab={tab} />
    </div>
  );
}
