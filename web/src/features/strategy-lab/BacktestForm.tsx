import {
  BACKTEST_FILL_MODELS,
  BACKTEST_MAX_SLIPPAGE_TICKS,
  BACKTEST_PRICE_SOURCES,
  LIMITS,
  RDX_INTERVALS,
} from '@app/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/client';
import { InputField, SelectField } from '../../components/FormField';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { FILL_MODEL_WORDS, PRICE_SOURCE_WORDS } from './backtest-display';
import {
  canFillAsPaper,
  changeLabForm,
  LAB_FIELD_LABELS,
  labFormToBody,
  refusalOf,
  type LabField,
  type LabFormValues,
} from './backtest-form';
import { useLabReferenceData } from './useLabReferenceData';
import type { useBacktestMutations } from './useBacktests';

type Refusal = { field: LabField | null; text: string };

/**
 * What to run: a strategy's settings on an instrument over a range of days, and what to assume about option
 * prices and fills. A refusal (the form's own check or the API's) is said under the form in the form's words,
 * and its field is marked; it goes once that field changes.
 */
export function BacktestForm({
  values,
  onChange,
  create,
  onQueued,
}: {
  values: LabFormValues;
  onChange: (values: LabFormValues) => void;
  create: ReturnType<typeof useBacktestMutations>['create'];
  onQueued: (id: number) => void;
}) {
  const reference = useLabReferenceData();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const submitOnce = useSingleFlight();

  // The first strategy the Lab can set up is chosen once the list arrives (RDX, strategy 1, as SPEC's forms start).
  const firstStrategy = reference.strategies[0]?.id;
  useEffect(() => {
    if (!values.strategy_id && firstStrategy !== undefined) onChange({ ...values, strategy_id: String(firstStrategy) });
  }, [firstStrategy, values, onChange]);

  const set = (field: LabField) => (e: { target: { value: string } }) => {
    if (refusal && (refusal.field === field || refusal.field === null)) setRefusal(null);
    onChange(changeLabForm(values, field, e.target.value));
  };
  /** The props that tie a field to the refusal naming it. */
  const invalid = (field: LabField) =>
    refusal?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'lab-refusal' } : {};

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = labFormToBody(values);
    if (!parsed.ok) {
      setRefusal({ field: parsed.field, text: parsed.error });
      return;
    }
    setRefusal(null);
    submitOnce(async () => {
      try {
        const { id } = await create.mutateAsync(parsed.body);
        onChange({ ...values, label: '' });
        onQueued(id);
      } catch (err) {
        setRefusal(refusalOf(messageOf(err, 'The backtest could not be started')));
      }
    });
  }

  const isModel = values.price_source === 'model';
  return (
    <form
      className="card form-grid lab-form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Backtest form"
      aria-busy={reference.isLoading}
    >
      <h2>New backtest</h2>
      <SelectField
        label={LAB_FIELD_LABELS.strategy_id}
        name="strategy_id"
        value={values.strategy_id}
        onChange={set('strategy_id')}
        options={reference.strategies.map((s) => ({ value: String(s.id), label: s.name }))}
        {...invalid('strategy_id')}
      >
        {reference.strategies.length === 0 && <option value="">No strategy to backtest</option>}
      </SelectField>
      <SelectField
        label={LAB_FIELD_LABELS.instrument_id}
        name="instrument_id"
        value={values.instrument_id}
        onChange={set('instrument_id')}
        options={reference.instruments.map((i) => ({
          value: String(i.id),
          label: i.ticker ? `${i.name} (${i.ticker})` : i.name,
        }))}
        {...invalid('instrument_id')}
      >
        <option value="">Select an instrument</option>
      </SelectField>
      <InputField
        label={LAB_FIELD_LABELS.rdx_lot_count}
        name="rdx_lot_count"
        type="number"
        min={1}
        max={LIMITS.maxRdxLotCount}
        step={1}
        value={values.rdx_lot_count}
        onChange={set('rdx_lot_count')}
        {...invalid('rdx_lot_count')}
      />
      <InputField
        label={LAB_FIELD_LABELS.offset_value}
        name="offset_value"
        type="number"
        step="any"
        value={values.offset_value}
        onChange={set('offset_value')}
        {...invalid('offset_value')}
      />
      <SelectField
        label={LAB_FIELD_LABELS.interval}
        name="interval"
        value={values.interval}
        onChange={set('interval')}
        options={RDX_INTERVALS.map((i) => ({ value: i, label: i }))}
        {...invalid('interval')}
      />
      <InputField
        label={LAB_FIELD_LABELS.from}
        name="from"
        type="date"
        max={values.to || undefined}
        value={values.from}
        onChange={set('from')}
        {...invalid('from')}
      />
      <InputField
        label={LAB_FIELD_LABELS.to}
        name="to"
        type="date"
        min={values.from || undefined}
        value={values.to}
        onChange={set('to')}
        {...invalid('to')}
      />
      <SelectField
        label={LAB_FIELD_LABELS.price_source}
        name="price_source"
        value={values.price_source}
        onChange={set('price_source')}
        options={BACKTEST_PRICE_SOURCES.map((s) => ({ value: s, label: PRICE_SOURCE_WORDS[s].label }))}
        {...invalid('price_source')}
      />
      <SelectField
        label={LAB_FIELD_LABELS.fill_model}
        name="fill_model"
        value={values.fill_model}
        onChange={set('fill_model')}
        {...invalid('fill_model')}
      >
        {BACKTEST_FILL_MODELS.map((m) => (
          <option key={m} value={m} disabled={m === 'paper' && !canFillAsPaper(values.price_source)}>
            {FILL_MODEL_WORDS[m].label}
          </option>
        ))}
      </SelectField>
      <InputField
        label={LAB_FIELD_LABELS.slippage_ticks}
        name="slippage_ticks"
        type="number"
        min={0}
        max={BACKTEST_MAX_SLIPPAGE_TICKS}
        step={1}
        value={values.slippage_ticks}
        onChange={set('slippage_ticks')}
        {...invalid('slippage_ticks')}
      />
      {isModel && (
        <InputField
          label={LAB_FIELD_LABELS.model_iv}
          name="model_iv"
          type="number"
          min={1}
          max={200}
          step="any"
          placeholder="14"
          value={values.model_iv}
          onChange={set('model_iv')}
          {...invalid('model_iv')}
        />
      )}
      <InputField
        label={LAB_FIELD_LABELS.label}
        name="label"
        maxLength={80}
        placeholder="e.g. RDX offset 100"
        value={values.label}
        onChange={set('label')}
        {...invalid('label')}
      />
      <p className="full lab-hint">
        Whole days in IST, {values.from === values.to ? 'one day' : 'both ends included'}. A backtest reads the candles
        the console stores: live sync stores them as it runs, and an admin fetches past days on the Data tab. Option
        prices: {PRICE_SOURCE_WORDS[values.price_source].means}
        {isModel ? ' (blank IV: 14%)' : ''}. Fills: {FILL_MODEL_WORDS[values.fill_model].means}. A tick is ₹0.05.
      </p>
      {refusal && (
        <div className="full message message-error lab-refusal" role="alert" id="lab-refusal">
          <span>{refusal.text}</span>
        </div>
      )}
      {reference.error && (
        <div className="full message message-error" role="alert">
          <span>{reference.error}</span>
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Starting...' : 'Run backtest'}
        </button>
      </div>
    </form>
  );
}
