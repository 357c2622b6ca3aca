import { PAGE_SIZE } from '@app/contract';
import { useState } from 'react';
import { Message, useFlash } from '../../components/Message';
import { useSession } from '../auth/session-context';
import { RdxServiceBanner } from '../rdx/RdxServiceBanner';
import { TransactionsList } from '../transactions/TransactionsList';
import { ActiveStrategiesTable } from './ActiveStrategiesTable';
import { MappingEditor } from './MappingEditor';
import './strategies.css';

/**
 * Admin 'strategies' tab (SPEC §2): a gear toggle shows or hides the admin mapping form; below,
 * every user's Active Strategies and transactions (20 per page), each with a User column.
 */
export function StrategiesTab() {
  const [isFormOpen, setIsFormOpen] = useState(false);
  const { flash, show, clear } = useFlash();
  const { user: me } = useSession();
  return (
    <section className="stack">
      <div className="section-header">
        <h2 className="tab-title">RDX Strategy Management</h2>
        <button
          type="button"
          className="gear-toggle"
          aria-label="Toggle strategy mapping form"
          aria-pressed={isFormOpen}
          aria-expanded={isFormOpen}
          title="Strategy mappings"
          onClick={() => setIsFormOpen((open) => !open)}
        >
          ⚙
        </button>
      </div>
      {isFormOpen && (
        <div className="stack" data-testid="admin-mapping-panel">
          <Message flash={flash} onClose={clear} />
          <MappingEditor scope="all" viewerId={me?.id} notify={show} clearMessage={clear} />
        </div>
      )}
      <RdxServiceBanner />
      <ActiveStrategiesTable scope="all" />
      <TransactionsList scope="all" pageSize={PAGE_SIZE.adminTransactions} title="All Transactions" />
    </section>
  );
}
