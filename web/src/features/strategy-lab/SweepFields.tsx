import { BACKTEST_MAX_SWEEP_RUNS, RDX_INTERVALS, type RdxInterval } from '@app/contract';
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

/**
 * What the sweep varies: a line for each setting it may, ticked to vary it, with the values to try beside it (a
 * list typed for a number, boxes for the intervals); the setting's single field leaves the form meanwhile. A third
 * box is disabled once two are ticked.
 */
export function VaryPicker({
  sweep,
  onToggle,
  onList,
  onInterval,
  invalid,
}: {
  sweep: SweepFormValues;
  onToggle: (field: SweepField) => void;
  onList: (field: Exclude<SweepField, 'interval'>, text: string) => void;
  onInterval: (interval: RdxInterval) => void;
  invalid: (field: SweepField | 'grid') => Invalid;
}) {
  return (
    <fieldset className="full lab-vary" {...invalid('grid')}>
      <legend>Vary (two at most; the others stay as set below)</legend>
      {SWEEP_FIELDS.map((field) => {
        const isTicked = sweep.varied.includes(field);
        return (
          <div key={field} className="lab-vary-row">
            <label className="inline lab-check">
              <input
                type="checkbox"
                checked={isTicked}
                disabled={!isTicked && sweep.varied.length >= MAX_VARIED}
                onChange={() => onToggle(field)}
              />
              {LAB_FIELD_LABELS[field]}
            </label>
            {isTicked && field === 'interval' && (
              <IntervalBoxes intervals={sweep.intervals} onToggle={onInterval} invalid={invalid('interval')} />
            )}
            {isTicked && field !== 'interval' && (
              <input
                className="lab-value-list"
                aria-label={SWEEP_LIST_LABELS[field]}
                name={`${field}_list`}
                placeholder={`e.g. ${EXAMPLES[field]}`}
                value={sweep[field]}
                onChange={(e) => onList(field, e.target.value)}
                {...invalid(field)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The intervals to try, ticked from the six RDX trades on. */
function IntervalBoxes({
  intervals,
  onToggle,
  invalid,
}: {
  intervals: readonly RdxInterval[];
  onToggle: (interval: RdxInterval) => void;
  invalid: Invalid;
}) {
  return (
    <div className="lab-intervals" role="group" aria-label={SWEEP_LIST_LABELS.interval} {...invalid}>
      {RDX_INTERVALS.map((interval) => (
        <label key={interval} className="inline lab-chip">
          <input type="checkbox" checked={intervals.includes(interval)} onChange={() => onToggle(interval)} />
          {interval}
        </label>
      ))}
    </div>
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
