import { api, MSG, type Mapping, type SaveRdxConfig } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callRoute, messageOf } from '../../api/client';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useConfirm } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { Message, useFlash } from '../../components/Message';
import { mappingKeys } from '../strategies/mapping-keys';
import {
  isRdxErrorResolved,
  parseRdxForm,
  RDX_FORM_DEFAULTS,
  rdxConfigToForm,
  type RdxFormValues,
} from './rdx-config-form';
import { rdxConfigKeys } from './rdx-config-keys';
import { useRdxConfig } from './rdx-config-query';
import { RdxConfigForm } from './RdxConfigForm';
import { RdxConfigView } from './RdxConfigView';
import './rdx-config.css';

type Editing = null | 'create' | 'update';

function useRdxConfigMutations(
  mappingId: number,
  onSaved: () => void,
  show: ReturnType<typeof useFlash>['show'],
  onSaveError: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const key = rdxConfigKeys.detail(mappingId);
  // A saved or deleted configuration changes the row's status_detail and whether Start is offered.
  const refreshRows = () => void queryClient.invalidateQueries({ queryKey: mappingKeys.all });
  const save = useMutation({
    mutationFn: ({ mode, body }: { mode: 'create' | 'update'; body: SaveRdxConfig }) =>
      callRoute(mode === 'create' ? api.rdx.create : api.rdx.update, { params: { id: mappingId }, body }),
    onSuccess: (reply) => {
      queryClient.setQueryData(key, reply.data);
      onSaved();
      show('success', reply.message ?? MSG.rdxConfigSaved);
      refreshRows();
    },
    onError: (err) => {
      const text = messageOf(err, MSG.failedSaveRdxConfig);
      show('error', text);
      onSaveError(text);
    },
  });
  const remove = useMutation({
    mutationFn: () => call(api.rdx.remove, { params: { id: mappingId } }),
    onSuccess: () => {
      queryClient.setQueryData(key, null);
      show('success', MSG.rdxConfigDeleted);
      refreshRows();
    },
    onError: (err) => show('error', messageOf(err, MSG.failedDeleteRdxConfig)),
  });
  return { save, remove };
}

/**
 * SPEC "RDX configuration modal" and §4 "RDX config panel" for one mapping: loading, then
 * not found (Create) or view (Edit, Delete); the edit form's Cancel restores the saved values.
 */
export function RdxConfigModal({ mapping, onClose }: { mapping: Mapping; onClose: () => void }) {
  const { flash, show, clear } = useFlash();
  // Re-read on open so the modal starts in its loading state even when the row has the config cached.
  const config = useRdxConfig(mapping.id, { refetchOnMount: 'always' });
  const confirm = useConfirm();
  const [openedAt] = useState(() => Date.now());
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<RdxFormValues>(RDX_FORM_DEFAULTS);
  // The error banner about the form's values, so it can go once the value that caused it is fixed.
  const [formError, setFormError] = useState<string | null>(null);
  const submitOnce = useSingleFlight();
  const { save, remove } = useRdxConfigMutations(mapping.id, () => setEditing(null), show, setFormError);

  const isLoading = config.isPending || Math.max(config.dataUpdatedAt, config.errorUpdatedAt) < openedAt;
  const saved = config.data ?? null;

  function changeDraft(next: RdxFormValues) {
    if (formError && isRdxErrorResolved(formError, draft, next)) {
      clear();
      setFormError(null);
    }
    setDraft(next);
  }

  function startEditing(mode: 'create' | 'update') {
    clear();
    setFormError(null);
    setDraft(mode === 'update' && saved ? rdxConfigToForm(saved) : RDX_FORM_DEFAULTS);
    setEditing(mode);
  }

  function cancelEditing() {
    // SPEC §4: Cancel restores the saved values.
    setDraft(saved ? rdxConfigToForm(saved) : RDX_FORM_DEFAULTS);
    setEditing(null);
    if (formError) clear();
    setFormError(null);
  }

  function submit() {
    if (!editing) return;
    const parsed = parseRdxForm(draft);
    if (!parsed.ok) {
      show('error', parsed.error);
      setFormError(parsed.error);
      return;
    }
    setFormError(null);
    const mode = editing;
    submitOnce(() => save.mutateAsync({ mode, body: parsed.body }));
  }

  async function onDelete() {
    const yes = await confirm({
      title: MSG.confirmDeleteRdxConfig,
      details: [
        `${mapping.strategy_name} on ${mapping.instrument_name}`,
        `Account: ${mapping.broker_username ?? 'none'}`,
      ],
      confirmLabel: 'Delete',
      isDanger: true,
    });
    if (yes) remove.mutate();
  }

  let body: React.JSX.Element;
  if (editing) {
    body = (
      <RdxConfigForm
        values={draft}
        atmLastUpdated={editing === 'update' ? (saved?.atm_last_updated ?? null) : null}
        submitLabel={editing === 'create' ? 'Create' : 'Update'}
        isSaving={save.isPending}
        onChange={changeDraft}
        onSubmit={submit}
        onCancel={cancelEditing}
      />
    );
  } else if (isLoading) {
    body = (
      <p className="muted" role="status">
        Loading RDX configuration...
      </p>
    );
  } else if (config.isError) {
    body = (
      <div className="message message-error" role="alert">
        {messageOf(config.error, MSG.failedLoadRdxConfig)}
      </div>
    );
  } else if (!saved) {
    body = (
      <>
        <p className="muted">{MSG.rdxConfigNotFound}</p>
        <div className="form-actions">
          <button type="button" className="primary" onClick={() => startEditing('create')}>
            Create
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <RdxConfigView
        config={saved}
        isDeleting={remove.isPending}
        onEdit={() => startEditing('update')}
        onDelete={() => void onDelete()}
      />
    );
  }

  return (
    <Modal title="RDX Configuration" onClose={onClose}>
      <p className="muted">
        {mapping.strategy_name} · {mapping.instrument_name} · {mapping.user_username}
      </p>
      <div className="rdx-modal-body">
        <Message flash={flash} onClose={clear} />
        {body}
      </div>
    </Modal>
  );
}
