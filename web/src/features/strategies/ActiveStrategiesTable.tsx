import { messageOf } from '../../api/client';
import { MSG, type Mapping } from '@app/contract';
import { useCallback, useEffect, useState } from 'react';
import { Message, useFlash } from '../../components/Message';
import { RdxConfigModal } from '../rdx/RdxConfigModal';
import { ActiveStrategyRow } from './ActiveStrategyRow';
import { StrategyDetailsModal } from './StrategyDetailsModal';
import { activeOnly } from './strategy-display';
import { useMappings, type MappingScope } from './useMappings';
import { useStrategyActions, type StrategyAction } from './useStrategyActions';
import './strategies.css';

type Dialog = { kind: 'rdx' | 'view'; mapping: Mapping } | null;

/**
 * SPEC §2 Active Strategies table: the user's own mappings on the home view, every user's
 * (with a User column) on the admin strategies tab. Only is_active 1 rows are listed.
 */
export function ActiveStrategiesTable({ scope }: { scope: MappingScope }) {
  const showUser = scope === 'all';
  // SPEC §4: the error banner clears after 5 seconds and has a dismiss button.
  const { flash, show, clear } = useFlash();
  const mappings = useMappings(scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const showError = useCallback((text: string) => show('error', text), [show]);
  const { pending, run } = useStrategyActions(showError);

  const { isError, error, errorUpdatedAt } = mappings;
  useEffect(() => {
    if (isError) showError(messageOf(error, MSG.failedFetchActiveStrategies));
  }, [isError, error, errorUpdatedAt, showError]);

  function onAction(mapping: Mapping, action: StrategyAction) {
    if (action === 'exit' && !window.confirm(MSG.confirmExitStrategy)) return;
    void run(mapping.id, action);
  }

  const closeDialog = useCallback(() => setDialog(null), []);
  const rows = activeOnly(mappings.data ?? []);

  return (
    <section className="card" aria-labelledby="active-strategies-title">
      <div className="section-header">
        <h2 id="active-strategies-title">Active Strategies</h2>
        <button type="button" onClick={() => void mappings.refetch()} disabled={mappings.isFetching}>
          Refresh
        </button>
      </div>
      <Message flash={flash} onClose={clear} />
      {mappings.isPending && <p className="muted">Loading active strategies...</p>}
      {mappings.isSuccess && rows.length === 0 && <p className="muted">{MSG.noActiveStrategies}</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label="Active Strategies">
            <thead>
              <tr>
                {showUser && <th>User</th>}
                <th>Strategy</th>
                <th>Instrument</th>
                <th>Broker</th>
                <th>Mode</th>
                <th>Window</th>
                <th>CE / PE</th>
                <th>Status</th>
                <th>RDX</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <ActiveStrategyRow
                  key={m.id}
                  mapping={m}
                  showUser={showUser}
                  pending={pending.get(m.id)}
                  onAction={(action) => onAction(m, action)}
                  onConfigure={() => setDialog({ kind: 'rdx', mapping: m })}
                  onView={() => setDialog({ kind: 'view', mapping: m })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'rdx' && <RdxConfigModal mapping={dialog.mapping} onClose={closeDialog} />}
      {dialog?.kind === 'view' && <StrategyDetailsModal mapping={dialog.mapping} onClose={closeDialog} />}
    </section>
  );
}
