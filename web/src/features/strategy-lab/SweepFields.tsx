import { BACKTEST_MAX_SWEEP_RUNS, RDX_INTERVALS, type RdxInterval } from '@app/contract';
import { InputField } from '../../components/FormField';
import { LAB_FIELD_LABELS } from './backtest-form';
import {
  EXAMPLES,
  MAX_VARIED,
  runCount,
  runCountText,
  SWEEP_FIELDS,
  SWEEP_LIST_LABELS,
  type LabMode,
  type SweepField,
  type SweepFormValues,
} from './sweep-form';

/** The props that tie a control to the refusal naming its field (BacktestForm's `invalid`). */
type Invalid = { 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** One backtest or a sweep of them: two buttons, the chosen one pressed. */
export function ModeSwitch({ mode, onChange }: { mode: LabMode; onChange: (mode: LabMode) => void }) {
  return (
    <div className="lab-mode" role="group" aria-label="What to run">
      <button type="button" aria-pressed={mode === 'run'} onClick={() => onChange('run')}>
        One backtest
      </button>
      <button type="button" aria-pressed={mode === 'sweep'} onClick={() => onChange('sweep')}>
        Sweep
      </button>
    </div>
  );
}

/** Which settings the sweep varies: a box each, a third disabled once two are ticked. */
export function VaryPicker({
  sweep,
  onToggle,
  invalid,
}: {
  sweep: SweepFormValues;
  onToggle: (field: SweepField) => void;
  invalid: Invalid;
}) {
  return (
    <fieldset className="full lab-vary" {...invalid}>
      <legend>Vary (two at most; the others stay as set)</legend>
      {SWEEP_FIELDS.map((field) => {
        const isTicked = sweep.varied.includes(field);
        return (
          <label key={field} className="inline lab-check">
            <input
              type="checkbox"
              checked={isTicked}
              disabled={!isTicked && sweep.varied.length >= MAX_VARIED}
              onChange={() => onToggle(field)}
            />
            {LAB_FIELD_LABELS[field]}
          </label>
        );
      })}
    </fieldset>
  );
}

/** A numeric setting's list of values to try, in place of its single field. */
export function ValueListField({
  field,
  value,
  onChange,
  invalid,
}: {
  field: Exclude<SweepField, 'interval'>;
  value: string;
  onChange: (value: string) => void;
  invalid: Invalid;
}) {
  return (
    <InputField
      label={SWEEP_LIST_LABELS[field]}
      name={`${field}_list`}
      inputMode={field === 'offset_value' ? 'text' : 'numeric'}
      placeholder={EXAMPLES[field]}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...invalid}
    />
  );
}

/** The intervals to try, ticked from the six RDX trades on, in place of the Interval select. */
export function IntervalsField({
  intervals,
  onToggle,
  invalid,
}: {
  intervals: readonly RdxInterval[];
  onToggle: (interval: RdxInterval) => void;
  invalid: Invalid;
}) {
  return (
    <fieldset className="lab-intervals" {...invalid}>
      <legend>{SWEEP_LIST_LABELS.interval}</legend>
      {RDX_INTERVALS.map((interval) => (
        <label key={interval} className="inline lab-chip">
          <input type="checkbox" checked={intervals.includes(interval)} onChange={() => onToggle(interval)} />
          {interval}
        </label>
      ))}
    </fieldset>
  );
}

/** How many backtests Run will queue, said as the lists change; past the limit it says so before Run. */
export function RunCount({ sweep }: { sweep: SweepFormValues }) {
  const isOver = runCount(sweep) > BACKTEST_MAX_SWEEP_RUNS;
  return (
    <p className={`full lab-run-count${isOver ? ' lab-run-count-over' : ''}`} role="status" data-testid="sweep-count">
      {runCountText(sweep)}
    </p>
  );
}
