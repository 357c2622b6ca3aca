import {
  DATA_INTERVALS,
  DATA_SOURCES,
  fetchedRecords,
  instrumentTokenError,
  marketDataRoutes,
  MSG,
  type Instrument,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { FormField, InputField, SelectField } from '../../components/FormField';
import { Message, type Flash, type MessageKind } from '../../components/Message';
import { useSingleFlight } from '../../lib/useSingleFlight';
import {
  canAddConfig,
  fetchBody,
  fetchValidationMessage,
  instrumentsForSource,
  isDataInterval,
  isDataSource,
  type FetchBody,
  type FetchForm,
} from './fetch-form';
import { sourceLabel } from './data-labels';
import { InstrumentSelect } from './InstrumentSelect';
import { candlesKeyRoot } from './useCandles';
import type { LiveConfigBody } from './useLiveConfigs';

interface Props {
  form: FetchForm;
  onChange: (form: FetchForm) => void;
  instruments: Instrument[];
  isLoadingInstruments: boolean;
  /** The form's status message, shown under its title. */
  flash: Flash | null;
  onCloseFlash: () => void;
  notify: (kind: MessageKind, text: string) => void;
  onAddConfig: (body: LiveConfigBody) => Promise<unknown>;
  isAdding: boolean;
}

/** Fetch Historical Data: fetch a range of candles now, or keep the choice as a live config. */
export function FetchHistoricalForm(props: Props) {
  const { form, onChange, instruments, isLoadingInstruments, flash, onCloseFlash, notify, onAddConfig, isAdding } =
    props;
  const queryClient = useQueryClient();
  // One guard per button: a fetch in flight must not swallow an Add Configuration click.
  const onceFetch = useSingleFlight();
  const onceAdd = useSingleFlight();
  const fetchData = useMutation({
    mutationFn: (body: FetchBody) => call(marketDataRoutes.fetch, { body }),
    onSuccess: async (result, body) => {
      notify('success', fetchedRecords(result.recordsFetched, body.source, result.recordsInserted));
      await queryClient.invalidateQueries({ queryKey: candlesKeyRoot });
    },
    onError: (err) => notify('error', messageOf(err, MSG.networkErrorFetching)),
  });

  function onFetch(e: FormEvent) {
    e.preventDefault();
    const missing = fetchValidationMessage(form);
    if (missing) return notify('error', missing);
    const body = canAddConfig(form) ? fetchBody(form) : null;
    if (body) onceFetch(() => fetchData.mutateAsync(body));
  }

  function onAdd() {
    if (!canAddConfig(form)) return notify('error', MSG.fillAllFieldsForConfig);
    const body = { source: form.source, instrument_token: form.instrumentToken.trim(), interval: form.interval };
    onceAdd(() => onAddConfig(body));
  }

  function onSource(source: string) {
    if (!isDataSource(source)) return;
    // Keep the chosen instrument only if the new source can serve its token.
    const keep = form.instrumentToken && !instrumentTokenError(source, form.instrumentToken);
    onChange({ ...form, source, instrumentToken: keep ? form.instrumentToken : '' });
  }

  return (
    <form className="card form-grid" onSubmit={onFetch} aria-label="Fetch Historical Data" noValidate>
      <h3>Fetch Historical Data</h3>
      {flash && (
        <div className="full">
          <Message flash={flash} onClose={onCloseFlash} />
        </div>
      )}
      <SelectField
        label="Data Source"
        aria-label="Data Source"
        value={form.source}
        onChange={(e) => onSource(e.target.value)}
        options={DATA_SOURCES.map((s) => ({ value: s, label: sourceLabel(s) }))}
      />
      <FormField label="Instrument">
        <InstrumentSelect
          label="Instrument"
          instruments={instrumentsForSource(instruments, form.source)}
          value={form.instrumentToken}
          onChange={(instrumentToken) => onChange({ ...form, instrumentToken })}
        />
      </FormField>
      <SelectField
        label="Interval"
        aria-label="Interval"
        value={form.interval}
        onChange={(e) => {
          if (isDataInterval(e.target.value)) onChange({ ...form, interval: e.target.value });
        }}
        options={DATA_INTERVALS.map((i) => ({ value: i, label: i }))}
      />
      <InputField
        label="Start Date (IST)"
        aria-label="Start Date"
        type="datetime-local"
        value={form.startDate}
        onChange={(e) => onChange({ ...form, startDate: e.target.value })}
      />
      <InputField
        label="End Date (IST)"
        aria-label="End Date"
        type="datetime-local"
        value={form.endDate}
        min={form.startDate}
        onChange={(e) => onChange({ ...form, endDate: e.target.value })}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={fetchData.isPending || isLoadingInstruments}>
          {isLoadingInstruments ? 'Loading Instruments...' : fetchData.isPending ? 'Fetching Data...' : 'Fetch Data'}
        </button>
        <button type="button" disabled={isAdding} onClick={onAdd}>
          Add Configuration
        </button>
      </div>
    </form>
  );
}
