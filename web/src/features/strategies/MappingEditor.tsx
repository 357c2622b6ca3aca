import { messageOf } from '../../api/client';
import { MSG, type Mapping } from '@app/contract';
import { useEffect, useState } from 'react';
import type { MessageKind } from '../../components/Message';
import { MappingForm } from './MappingForm';
import { MappingsTable } from './MappingsTable';
import { useMappingMutations } from './useMappingMutations';
import { useMappings, type MappingScope } from './useMappings';

/**
 * The mapping form above 'Existing Strategy Mappings'. Edit on a row switches the form to
 * edit mode; Cancel (or a saved update) returns it to create mode.
 */
export function MappingEditor({
  scope,
  notify,
  clearMessage,
}: {
  scope: MappingScope;
  notify: (kind: MessageKind, text: string) => void;
  clearMessage: () => void;
}) {
  const isAdmin = scope === 'all';
  const mappings = useMappings(scope);
  const mutations = useMappingMutations(notify);
  const [editing, setEditing] = useState<Mapping | null>(null);

  const { isError, error, errorUpdatedAt } = mappings;
  useEffect(() => {
    if (isError) notify('error', messageOf(error, MSG.failedLoadData));
  }, [isError, error, errorUpdatedAt, notify]);

  function onDelete(mapping: Mapping) {
    if (!window.confirm(MSG.confirmDeleteMapping)) return;
    mutations.remove.mutate(mapping.id, {
      onSuccess: () => setEditing((e) => (e?.id === mapping.id ? null : e)),
    });
  }

  return (
    <div className="stack">
      <MappingForm
        key={editing ? `edit-${editing.id}` : 'create'}
        isAdmin={isAdmin}
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
        onDelete={onDelete}
      />
    </div>
  );
}
