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
  pickLabStrategy,
  refusalOf,
  type LabField,
  type LabFormValues,
} from './backtest-form';
import {
  sweepFormToBody,
  sweepRefusalOf,
  toggleInterval,
  toggleVaried,
  type LabMode,
  type SweepField,
  type SweepFormValues,
  type SweepRefusalField,
} from './sweep-form';
import { LegsSummary } from './LegsSummary';
import { ModeSwitch, RunCount, VaryPicker } from './SweepFields';
import { useLabReferenceData } from './useLabReferenceData';
import type { useBacktestMutations } from './useBacktests';

type Refusal = { field: SweepRefusalField | null; text: string };
type Mutations = ReturnType<typeof useBacktestMutations>;

/**
 * What to run: a strategy's settings on an instrument over a range of days, and what to assume about option
 * prices and fills; or, as a sweep, the same with up to two settings each given a list of values to try. A
 * refusal (the form's own check or the API's) is said under the form in the form's words, and its field is
 * marked; it goes once that field changes.
 */
export function BacktestForm({
  values,
  onChange,
  mode,
  onModeChange,
  sweep,
  onSweepChange,
  create,
  createSweep,
  onQueued,
  onSweepQueued,
}: {
  values: LabFormValues;
  onChange: (values: LabFormValues) => void;
  mode: LabMode;
  onModeChange: (mode: LabMode) => void;
  sweep: SweepFormValues;
  onSweepChange: (sweep: SweepFormValues) => void;
  create: Mutations['create'];
  createSweep: Mutations['createSweep'];
  onQueued: (id: number) => void;
  onSweepQueued: (id: number) => void;
}) {
  const reference = useLabReferenceData();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const submitOnce = useSingleFlight();
  // A Multi-leg run has no RDX fields to vary: sweeps are RDX's.
  const isLegs = values.strategy_type === 'legs';
  const isSweep = mode === 'sweep' && !isLegs;
  const isVaried = (field: SweepField) => isSweep && sweep.varied.includes(field);

  // The first strategy of the form's type is chosen once the list arrives (RDX, strategy 1, as SPEC's forms
  // start; Multi-leg for the builder's hand-off).
  const firstStrategy = reference.strategies.find((s) => (s.type === 'legs') === isLegs)?.id;
  useEffect(() => {
    if (!values.strategy_id && firstStrategy !== undefined) onChange({ ...values, strategy_id: String(firstStrategy) });
  }, [firstStrategy, values, onChange]);

  /** A change clears the refusal naming its field (or naming none, or the sweep as a whole). */
  const clearFor = (field: SweepRefusalField) => {
    if (refusal && (refusal.field === field || refusal.field === null || refusal.field === 'grid')) setRefusal(null);
  };
  const set = (field: LabField) => (e: { target: { value: string } }) => {
    clearFor(field);
    onChange(changeLabForm(values, field, e.target.value));
  };
  const setSweep = (field: SweepRefusalField, next: SweepFormValues) => {
    clearFor(field);
    onSweepChange(next);
  };
  /** The props that tie a field to the refusal naming it. */
  const invalid = (field: SweepRefusalField) =>
    refusal?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'lab-refusal' } : {};

  function runOne() {
    const parsed = labFormToBody(values);
    if (!parsed.ok) return setRefusal({ field: parsed.field, text: parsed.error });
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

  function runSweep() {
    const parsed = sweepFormToBody(values, sweep);
    if (!parsed.ok) return setRefusal({ field: parsed.field, text: parsed.error });
    setRefusal(null);
    submitOnce(async () => {
      try {
        const { id } = await createSweep.mutateAsync(parsed.body);
        onChange({ ...values, label: '' });
        onSweepQueued(id);
      } catch (err) {
        setRefusal(sweepRefusalOf(messageOf(err, 'The sweep could not be started')));
      }
    });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (isSweep) runSweep();
    else runOne();
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
      <div className="view-header full lab-form-header">
        <h2>{isSweep ? 'New sweep' : 'New backtest'}</h2>
        {!isLegs && (
          <ModeSwitch
            mode={mode}
            onChange={(next) => {
              setRefusal(null);
              onModeChange(next);
            }}
          />
        )}
      </div>
      {isSweep && (
        <VaryPicker
          sweep={sweep}
          onToggle={(field) => setSweep(field, toggleVaried(sweep, field, values))}
          onList={(field, text) => setSweep(field, { ...sweep, [field]: text })}
          onInterval={(interval) => setSweep('interval', toggleInterval(sweep, interval))}
          invalid={invalid}
        />
      )}
      <SelectField
        label={LAB_FIELD_LABELS.strategy_id}
        name="strategy_id"
        value={values.strategy_id}
        onChange={(e) => {
          clearFor('strategy_id');
          onChange(pickLabStrategy(values, e.target.value, reference.strategies));
        }}
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
      {isLegs && <LegsSummary config={values.legs} instrumentId={Number(values.instrument_id) || null} />}
      {!isLegs && !isVaried('rdx_lot_count') && (
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
      )}
      {!isLegs && !isVaried('offset_value') && (
        <InputField
          label={LAB_FIELD_LABELS.offset_value}
          name="offset_value"
          type="number"
          step="any"
          value={values.offset_value}
          onChange={set('offset_value')}
          {...invalid('offset_value')}
        />
      )}
      {!isVaried('interval') && (
        <SelectField
          label={LAB_FIELD_LABELS.interval}
          name="interval"
          value={values.interval}
          onChange={set('interval')}
          options={RDX_INTERVALS.map((i) => ({ value: i, label: i }))}
          {...invalid('interval')}
        />
      )}
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
        <SelectField
          label={LAB_FIELD_LABELS.model_iv_source}
          name="model_iv_source"
          value={values.model_iv_source}
          onChange={set('model_iv_source')}
          options={[
            { value: 'fixed', label: 'A fixed IV' },
            { value: 'india_vix', label: 'India VIX at each close' },
          ]}
          {...invalid('model_iv_source')}
        />
      )}
      {isModel && values.model_iv_source === 'fixed' && (
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
        placeholder={isLegs ? 'e.g. Short strangle' : isSweep ? 'e.g. RDX offsets' : 'e.g. RDX offset 100'}
        value={values.label}
        onChange={set('label')}
        {...invalid('label')}
      />
      <p className="full lab-hint">
        Whole days in IST, {values.from === values.to ? 'one day' : 'both ends included'}. A backtest reads the candles
        the console stores: live sync stores them as it runs, and an admin fetches past days on the Data tab. Option
        prices: {PRICE_SOURCE_WORDS[values.price_source].means}
        {isModel && values.model_iv_source === 'fixed' ? ' (blank IV: 14%)' : ''}
        {isModel && values.model_iv_source === 'india_vix'
          ? ' at India VIX’s last reading at each close (an admin fetches INDIA VIX candles on the Data tab)'
          : ''}
        . Fills: {FILL_MODEL_WORDS[values.fill_model].means}. A tick is ₹0.05.
        {isLegs &&
          ' Interval is the candle the legs decide on: 1m for a timed entry (its minute), the entry’s own for a candle-close entry.'}
        {isSweep &&
          ' Each combination of the listed values is a backtest of its own, labelled with them; the sweep shows them best first.'}
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
      {isSweep && <RunCount sweep={sweep} />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={create.isPending || createSweep.isPending}>
          {create.isPending || createSweep.isPending ? 'Starting...' : isSweep ? 'Run sweep' : 'Run backtest'}
        </button>
      </div>
    </form>
  );
}
