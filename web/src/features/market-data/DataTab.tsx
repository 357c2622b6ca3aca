import { MSG } from '@app/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { CandlesPanel } from './CandlesPanel';
import { defaultFetchForm, type FetchForm } from './fetch-form';
import { FetchHistoricalForm } from './FetchHistoricalForm';
import { LiveConfigsTable } from './LiveConfigsTable';
import { LiveSyncPanel } from './LiveSyncPanel';
import { useDataInstruments, useLiveConfigs } from './useLiveConfigs';

/** Admin data tab: live data configurations, live and historical sync, historical fetch and the candle chart. */
export function DataTab() {
  // Two message spots, so a result shows next to the control that caused it.
  const listFlash = useFlash();
  const formFlash = useFlash();
  const confirm = useConfirm();
  const [form, setFormState] = useState(() => defaultFetchForm(new Date()));
  const instruments = useDataInstruments();
  const { list, create, update, remove } = useLiveConfigs(listFlash.show, formFlash.show);
  const configs = list.data ?? [];

  // An error about the form ("Please fill in...") is stale once the admin changes the form.
  function setForm(next: FetchForm) {
    setFormState(next);
    formFlash.clearError();
  }

  async function onDelete(id: number) {
    if (await confirm({ title: MSG.confirmDeleteLiveConfig, confirmLabel: 'Delete', isDanger: true }))
      remove.mutate(id);
  }

  return (
    <section className="stack">
      <h2 className="tab-title">Market Data</h2>
      <div className="card stack">
        <h3>Live Data Configurations</h3>
        <Message flash={listFlash.flash} onClose={listFlash.clear} />
        <LiveSyncPanel configs={configs} notify={listFlash.show} />
        {list.isPending && <p className="muted">{MSG.loadingLiveConfigs}</p>}
        {list.isError && (
          <div className="message message-error" role="alert">
            {messageOf(list.error, MSG.failedLoadLiveConfigs)}
          </div>
        )}
        {list.data && (
          <LiveConfigsTable
            configs={list.data}
            instruments={instruments.data ?? []}
            isSaving={update.isPending}
            onSave={(id, body) => update.mutateAsync({ id, body })}
            onDelete={(id) => void onDelete(id)}
          />
        )}
      </div>
      {instruments.isError && (
        <div className="message message-error" role="alert">
          {messageOf(instruments.error, MSG.failedLoadInstruments)}
        </div>
      )}
      <FetchHistoricalForm
        form={form}
        onChange={setForm}
        instruments={instruments.data ?? []}
        isLoadingInstruments={instruments.isPending}
        flash={formFlash.flash}
        onCloseFlash={formFlash.clear}
        notify={formFlash.show}
        onAddConfig={(body) => create.mutateAsync(body)}
        isAdding={create.isPending}
      />
      <CandlesPanel selection={form} instruments={instruments.data ?? []} />
    </section>
  );
}
