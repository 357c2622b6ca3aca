import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { AlertChannelsForm } from '../alerts/AlertChannelsForm';
import { AlertsBell } from '../alerts/AlertsBell';
import { MyActivity } from '../audit/MyActivity';
import { useSession } from '../auth/session-context';
import { AccountFunds } from '../brokers/AccountFunds';
import { BrokerConfigScreen } from '../brokers/BrokerConfigScreen';
import { ChangePasswordForm } from '../profile/ChangePasswordForm';
import { DailyLimitForm } from '../risk/DailyLimitForm';
import { OrderBook } from '../orders/OrderBook';
import { PnlDaily } from '../pnl/PnlDaily';
import { PositionsBySymbol, revealStrategyRow } from '../positions/PositionsBySymbol';
import { MappingScreen } from '../strategies/MappingScreen';
import { HomeView } from './HomeView';

type View = 'home' | 'profile' | 'strategies' | 'orders' | 'pnl' | 'positions';

function BackToHome({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" onClick={onBack}>
      Back to Home
    </button>
  );
}

export function UserHome() {
  const { user, logout } = useSession();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const raw = search.get('view');
  const view: View =
    raw === 'profile' || raw === 'strategies' || raw === 'orders' || raw === 'pnl' || raw === 'positions'
      ? raw
      : 'home';
  const go = (v: View) => setSearch(v === 'home' ? {} : { view: v });

  return (
    <div className="page">
      <PageHeader title={`Welcome, ${user?.username ?? ''} (User)`}>
        <AlertsBell />
        <button type="button" onClick={() => go('profile')}>
          Profile
        </button>
        <button type="button" onClick={() => go('strategies')}>
          Strategies
        </button>
        <button type="button" onClick={() => go('orders')}>
          Orders
        </button>
        <button type="button" onClick={() => go('positions')}>
          Positions
        </button>
        <button type="button" onClick={() => go('pnl')}>
          P&amp;L by day
        </button>
        <button type="button" onClick={() => void navigate('/strategy-lab')}>
          Strategy Lab
        </button>
        <button type="button" onClick={() => void navigate('/option-chain')}>
          Option Chain
        </button>
        <button type="button" onClick={() => void navigate('/strategy-builder')}>
          Strategy Builder
        </button>
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </PageHeader>
      {view === 'home' && <HomeView />}
      {view === 'profile' && (
        <section className="stack">
          <div className="view-header">
            <h2>Profile - User Broker Management</h2>
            <BackToHome onBack={() => go('home')} />
          </div>
          <BrokerConfigScreen />
          <AccountFunds />
          <ChangePasswordForm />
          <DailyLimitForm />
          <AlertChannelsForm />
          <MyActivity />
        </section>
      )}
      {view === 'strategies' && (
        <section className="stack">
          <div className="view-header">
            <h2>Strategies - User Strategy Mappings</h2>
            <BackToHome onBack={() => go('home')} />
          </div>
          <MappingScreen />
        </section>
      )}
      {view === 'orders' && (
        <section className="stack">
          <div className="view-header">
            <h2>Orders</h2>
            <BackToHome onBack={() => go('home')} />
          </div>
          <OrderBook />
        </section>
      )}
      {view === 'pnl' && (
        <section className="stack">
          <div className="view-header">
            <h2>P&amp;L by day</h2>
            <BackToHome onBack={() => go('home')} />
          </div>
          <PnlDaily />
        </section>
      )}
      {view === 'positions' && (
        <section className="stack">
          <div className="view-header">
            <h2>Positions</h2>
            <BackToHome onBack={() => go('home')} />
          </div>
          <PositionsBySymbol
            onOpenStrategy={(id) => {
              go('home');
              revealStrategyRow(id);
            }}
          />
        </section>
      )}
    </div>
  );
}
