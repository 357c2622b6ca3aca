import { MSG, type Instrument } from '@app/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { draftFromInstrument, EMPTY_INSTRUMENT_DRAFT, type InstrumentBody } from './instrument-form';
import { InstrumentForm } from './InstrumentForm';
import { InstrumentList } from './InstrumentList';
import { useInstruments } from './useInstruments';

type Editor = { mode: 'create' } | { mode: 'edit'; instrument: Instrument } | null;

/** Admin tab: add, edit and delete instruments and see whether each market is open. */
export function InstrumentsTab() {
  const { flash, show, clear, clearError } = useFlash();
  const once = useSingleFlight();
  const confirm = useConfirm();
  const [editor, setEditor] = useState<Editor>(null);
  const { list, create, update, remove, refreshFromExchange } = useInstruments(show, () => setEditor(null));

  function onSubmit(body: InstrumentBody) {
    const id = editor?.mode === 'edit' ? editor.instrument.id : null;
    once(() => (id === null ? create.mutateAsync(body) : update.mutateAsync({ id, body })));
  }

  async function onDelete(instrument: Instrument) {
    if (!(await confirm({ title: MSG.confirmDeleteInstrument, confirmLabel: 'Delete', isDanger: true }))) return;
    remove.mutate(instrument.id, {
      onSuccess: () => {
        if (editor?.mode === 'edit' && editor.instrument.id === instrument.id) setEditor(null);
      },
    });
  }

  return (
    <section className="stack">
      <div className="view-header">
        <h2 className="tab-title">Instrument Management</h2>
        <div className="header-actions">
          <button
            type="button"
            title="Load today's instruments dump from the exchange: lot sizes follow it (it also loads each morning)"
            disabled={refreshFromExchange.isPending}
            onClick={() => once(() => refreshFromExchange.mutateAsync())}
          >
            {refreshFromExchange.isPending ? 'Refreshing...' : 'Refresh from exchange'}
          </button>
          <button type="button" className="primary" onClick={() => setEditor({ mode: 'create' })}>
            Add New Instrument
          </button>
        </div>
      </div>
      <Message flash={flash} onClose={clear} />
      {editor && (
        <InstrumentForm
          // A new key per target resets the form's fields when switching between rows.
          key={editor.mode === 'edit' ? `edit-${editor.instrument.id}` : 'create'}
          mode={editor.mode}
          initial={editor.mode === 'edit' ? draftFromInstrument(editor.instrument) : EMPTY_INSTRUMENT_DRAFT}
          isSaving={create.isPending || update.isPending}
          onSubmit={onSubmit}
          onCancel={() => setEditor(null)}
          onInput={clearError}
          onInvalid={(message) => show('error', message)}
        />
      )}
      <div className="card">
        <h3>Instruments</h3>
        {list.isPending && <p className="muted">Loading instruments...</p>}
        {list.isError && (
          <div className="message message-error" role="alert">
            {messageOf(list.error, MSG.failedLoadInstruments)}
          </div>
        )}
        {list.data && (
          <InstrumentList
            instruments={list.data}
            onEdit={(instrument) => setEditor({ mode: 'edit', instrument })}
            onDelete={(instrument) => void onDelete(instrument)}
            isDeleting={remove.isPending}
          />
        )}
      </div>
    </section>
  );
}
