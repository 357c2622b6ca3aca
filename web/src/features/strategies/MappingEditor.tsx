import { messageOf } from '../../api/client';
import { MSG, type Mapping } from '@app/contract';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import type { MessageKind } from '../../components/Message';
import { MappingForm } from './MappingForm';
import { MappingsTable } from './MappingsTable';
import { modeLabel } from './strategy-display';
import { useMappingMutations } from './useMappingMutations';
import { useMappings, type MappingScope } from './useMappings';

/**
 * The mapping form above 'Existing Strategy Mappings'. Edit on a row switches the form to
 * edit mode; Cancel (or a saved update) returns it to create mode. `viewerId` (the admin's own id) tells
 * the admin form the admin's own mappings from the ones whose Max Loss it caps.
 */
export function MappingEditor({
  scope,
  viewerId,
  notify,
  clearMessage,
}: {
  scope: MappingScope;
  viewerId?: number | undefined;
  notify: (kind: MessageKind, text: string) => void;
  clearMessage: () => void;
}) {
  const isAdmin = scope === 'all';
  const mappings = useMappings(scope);
  const mutations = useMappingMutations(notify);
  const [editing, setEditing] = useState<Mapping | null>(null);
  const confirm = useConfirm();

  const { isError, error, errorUpdatedAt } = mappings;
  useEffect(() => {
    if (isError) notify('error', messageOf(error, MSG.failedLoadData));
  }, [isError, error, errorUpdatedAt, notify]);

  async function onDelete(mapping: Mapping) {
    const yes = await confirm({
      title: MSG.confirmDeleteMapping,
      details: [
        `${mapping.strategy_name} on ${mapping.instrument_name} (${modeLabel(mapping.is_dummy)})`,
        `Account: ${mapping.broker_username ?? 'none'}`,
        ...(isAdmin ? [`User: ${mapping.user_username}`] : []),
      ],
      confirmLabel: 'Delete',
      isDanger: true,
    });
    if (!yes) return;
    mutations.remove.mutate(mapping.id, {
      onSuccess: () => setEditing((e) => (e?.id === mapping.id ? null : e)),
    });
  }

  return (
    <div className="stack">
      <MappingForm
        key={editing ? `edit-${editing.id}` : 'create'}
        isAdmin={isAdmin}
        viewerId={viewerId}
        editing={editing}
        mutations={mutations}
        notify={notify}
        clearMessage={clearMessage}
        onEditDone={() => setEditing(null)}
      />
      <MappingsTable
        mappings={mappings.data}
        isLoading={mappings.isPending}
        showUser={isAdmin}
        editingId={editing?.id ?? null}
        deletingId={mutations.remove.isPending ? (mutations.remove.variables ?? null) : null}
        onEdit={setEditing}
        onDelete={(m) => void onDelete(m)}
      />
    </div>
  );
}
