import { MSG, type Mapping } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../api/client';
import { Message, useFlash } from '../../components/Message';
import { rdxConfigKeys } from '../rdx/rdx-config-keys';
import { fetchRdxConfig } from '../rdx/rdx-config-query';
import { RdxConfigModal } from '../rdx/RdxConfigModal';
import { ActiveStrategyRow } from './ActiveStrategyRow';
import { StrategyDetailsModal } from './StrategyDetailsModal';
import { actionConfirmation } from './strategy-confirm';
import { activeOnly } from './strategy-display';
import { MAPPINGS_POLL_MS, useMappings, type MappingScope } from './useMappings';
import { useStrategyActions, type StrategyAction } from './useStrategyActions';
import './strategies.css';

type Dialog = { kind: 'rdx' | 'view'; mapping: Mapping } | null;

const COLUMNS = ['Strategy', 'Instrument', 'Broker', 'Mode', 'Window', 'CE / PE', 'Status', 'RDX', 'Actions'];

/**
 * SPEC §2 Active Strategies table: the user's own mappings on the home view, every user's
 * (with a User column) on the admin strategies tab. Only is_active 1 rows are listed. The rows
 * are re-read every 30 s so each one's status_detail stays current.
 */
export function ActiveStrategiesTable({ scope }: { scope: MappingScope }) {
  const showUser = scope === 'all';
  const queryClient = useQueryClient();
  // SPEC §4: the error banner clears after 5 seconds and has a dismiss button.
  const { flash, show, clear } = useFlash();
  const mappings = useMappings(scope, { pollMs: MAPPINGS_POLL_MS });
  const [dialog, setDialog] = useState<Dialog>(null);
  const onError = useCallback((text: string) => show('error', text), [show]);
  const onInfo = useCallback((text: string) => show('info', text), [show]);
  const { pending, run } = useStrategyActions({ onError, onInfo });

  const { isError, error, errorUpdatedAt } = mappings;
  useEffect(() => {
    if (isError) onError(messageOf(error, MSG.failedFetchActiveStrategies));
  }, [isError, error, errorUpdatedAt, onError]);

  /** Asks first where the action needs it; a LIVE realign reads the lot count from the row's RDX config. */
  async function confirmAction(mapping: Mapping, action: StrategyAction): Promise<boolean> {
    let lotCount = 1;
    if (action === 'realign' && mapping.is_dummy !== 1) {
      const config = await queryClient.ensureQueryData({
        queryKey: rdxConfigKeys.detail(mapping.id),
        queryFn: () => fetchRdxConfig(mapping.id),
      });
      lotCount = config?.rdx_lot_count ?? 1;
    }
    const question = actionConfirmation(action, mapping, lotCount);
    return question === null || window.confirm(question);
  }

  function onAction(mapping: Mapping, action: StrategyAction) {
    clear();
    void run(mapping.id, action, () => confirmAction(mapping, action));
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
        <div className="table-wrap active-strategies-wrap">
          <table className="table active-strategies-table" aria-label="Active Strategies">
            <thead>
              <tr>
                {showUser && <th>User</th>}
                {COLUMNS.map((c) => (
                  <th key={c}>{c}</th>
                ))}
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
