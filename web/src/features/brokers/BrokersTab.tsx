import { Message, useFlash } from '../../components/Message';
import { KiteTokenBox } from './KiteTokenBox';

/** Admin brokers tab: the Kite access token for market data; more broker tools later. */
export function BrokersTab() {
  const { flash, show, clear } = useFlash();
  return (
    <section className="stack">
      <h2 className="tab-title">Broker Management</h2>
      <Message flash={flash} onClose={clear} />
      <KiteTokenBox notify={show} />
      <p className="muted">Other broker functionality coming soon...</p>
    </section>
  );
}
