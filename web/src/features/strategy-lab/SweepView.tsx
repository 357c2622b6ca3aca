import type { Backtest } from '@app/contract';
import { useEffect, useMemo, useRef } from 'react';
import { messageOf } from '../../api/client';
import { formatInr, formatQuantity } from '../../lib/format';
import { pnlClass } from '../positions/pnl-display';
import { FILL_MODEL_WORDS, isActive, rangeText, sourceText, statusText, winRateText } from './backtest-display';
import {
  fieldLabel,
  fixedSettingsText,
  heatMapOf,
  liveSweepRuns,
  netText,
  sweepName,
  sweepProgress,
  sweepProgressText,
  sweepsOf,
  valueText,
  variedFields,
  type SweepRun,
} from './sweep-display';
import { SweepHeatMap } from './SweepHeatMap';
import { useSweep } from './useBacktests';

function RunStatus({ run }: { run: SweepRun }) {
  return (
    <td data-label="Status" className="lab-status-cell">
      <span className={`badge lab-status lab-status-${run.status}`} data-testid="sweep-run-status">
        {statusText(run)}
      </span>
      {isActive(run.status) && (
        <progress
          className="lab-progress"
          max={1}
          value={run.status === 'queued' ? 0 : run.progress}
          aria-label={`Progress of backtest #${run.id}`}
        />
      )}
    </td>
  );
}

/** The sweep's runs best first: what each tried, where it stands, and its figures once done; View opens it. */
function SweepTable({
  runs,
  varied,
  selectedId,
  onOpen,
}: {
  runs: SweepRun[];
  varied: string[];
  selectedId: number | null;
  onOpen: (id: number) => void;
}) {
  let rank = 0;
  return (
    <div className="table-wrap">
      <table className="table lab-runs lab-sweep-runs" aria-label="Sweep runs, best first">
        <thead>
          <tr>
            <th className="num">
              <abbr title="Rank, best first">#</abbr>
            </th>
            {varied.length === 0 && <th>Backtest</th>}
            {varied.map((f) => (
              <th key={f}>{fieldLabel(f)}</th>
            ))}
            <th className="num">Net P&amp;L</th>
            <th>Status</th>
            <th className="num">Max drawdown</th>
            <th className="num">Win rate</th>
            <th className="num">Trades</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            const s = run.status === 'done' ? run.summary : null;
            if (s) rank += 1;
            return (
              <tr
                key={run.id}
                data-testid={`sweep-run-${run.id}`}
                className={run.id === selectedId ? 'lab-run-selected' : undefined}
              >
                <td className="num">{s ? rank : '-'}</td>
                {varied.length === 0 && <td>#{run.id}</td>}
                {varied.map((f) => (
                  <td key={f}>{valueText(f, run.config[f])}</td>
                ))}
                <td className="num" data-testid="sweep-run-net">
                  {s ? <span className={pnlClass(s.net_pnl)}>{netText(run)}</span> : '-'}
                </td>
                <RunStatus run={run} />
                <td className="num">
                  {!s ? '-' : s.max_drawdown > 0 ? `−${formatInr(s.max_drawdown)}` : formatInr(0)}
                </td>
                <td className="num">{s ? winRateText(s.win_rate) : '-'}</td>
                <td className="num">{s ? formatQuantity(s.trades) : '-'}</td>
                <td>
                  <button type="button" onClick={() => onOpen(run.id)} aria-pressed={run.id === selectedId}>
                    View
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One sweep: what its runs share, how far it has gone, a heat map when it varied two settings, and its runs as a
 * table best first. A row or a square opens that run's results below. Scrolled into view when opened.
 */
export function SweepView({
  id,
  listed,
  selectedId,
  onOpenRun,
  onClose,
}: {
  id: number;
  listed: Backtest[] | undefined;
  selectedId: number | null;
  onOpenRun: (id: number) => void;
  onClose: () => void;
}) {
  const sweep = useSweep(id);
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [id]);
  const runs = useMemo(() => (sweep.data ? liveSweepRuns(sweep.data, listed) : []), [sweep.data, listed]);
  const varied = useMemo(() => variedFields(runs), [runs]);
  const entry = useMemo(() => sweepsOf(listed ?? []).find((s) => s.id === id), [listed, id]);
  const [rowField, colField] = varied;
  const map = useMemo(
    () => (varied.length === 2 && rowField && colField ? heatMapOf(runs, rowField, colField) : null),
    [runs, varied.length, rowField, colField],
  );
  const isRunning = runs.some((r) => isActive(r.status));
  const progress = sweepProgress(runs);
  return (
    <section className="card stack lab-sweep" ref={root} aria-labelledby="lab-sweep-title" data-testid="sweep-view">
      <div className="view-header">
        <h2 id="lab-sweep-title">{entry ? sweepName(entry) : `Sweep #${id}`}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {sweep.isError && (
        <div className="message message-error" role="alert">
          <span>{messageOf(sweep.error, 'Failed to load the sweep')}</span>
        </div>
      )}
      {sweep.isPending && <p className="muted">Loading the sweep...</p>}
      {sweep.data && (
        <>
          {entry && (
            <p className="muted lab-line" data-testid="sweep-settings">
              {entry.sample.strategy_name} on {entry.sample.instrument_name}, {rangeText(entry.sample)}:{' '}
              {fixedSettingsText(entry.sample, varied) || 'every setting varied'}; prices {sourceText(entry.sample)} ·{' '}
              {FILL_MODEL_WORDS[entry.sample.fill_model].label}.
            </p>
          )}
          <div className="lab-sweep-progress" role="status" data-testid="sweep-progress">
            <span>{sweepProgressText(runs, varied)}</span>
            {isRunning && (
              <progress className="lab-progress" max={1} value={progress} aria-label={`Progress of sweep #${id}`} />
            )}
          </div>
          {map && <SweepHeatMap map={map} selectedId={selectedId} onOpen={onOpenRun} />}
          <section aria-labelledby="lab-sweep-runs-title">
            <h3 id="lab-sweep-runs-title">Runs, best first</h3>
            {runs.length === 0 ? (
              <p className="muted">The sweep has no runs left: they were deleted.</p>
            ) : (
              <SweepTable runs={runs} varied={varied} selectedId={selectedId} onOpen={onOpenRun} />
            )}
          </section>
        </>
      )}
    </section>
  );
}
