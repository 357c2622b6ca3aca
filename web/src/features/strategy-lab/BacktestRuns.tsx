import type { Backtest } from '@app/contract';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import {
  isActive,
  rangeText,
  runName,
  settingsText,
  sourceText,
  statusText,
  FILL_MODEL_WORDS,
} from './backtest-display';

function StatusCell({ run }: { run: Backtest }) {
  const text = statusText(run);
  return (
    <td data-label="Status" className="lab-status-cell">
      <span className={`badge lab-status lab-status-${run.status}`} data-testid="backtest-status">
        {text}
      </span>
      {isActive(run.status) && (
        <progress
          className="lab-progress"
          max={1}
          value={run.status === 'queued' ? 0 : run.progress}
          aria-label={`Progress of ${runName(run)}`}
        />
      )}
      {run.status === 'failed' && run.error && <span className="lab-run-error">{run.error}</span>}
    </td>
  );
}

/**
 * The trader's runs, newest first: what each tried, its status (a bar while it runs, moved by the realtime
 * bridge) and its net P&L once done. View opens a run below; Cancel stops one still waiting or running, Delete
 * removes one that ended (asked first).
 */
export function BacktestRuns({
  runs,
  isLoading,
  selectedId,
  busyId,
  onView,
  onCancel,
  onDelete,
}: {
  runs: Backtest[] | undefined;
  isLoading: boolean;
  selectedId: number | null;
  busyId: number | null;
  onView: (run: Backtest) => void;
  onCancel: (run: Backtest) => void;
  onDelete: (run: Backtest) => void;
}) {
  return (
    <section className="card" aria-labelledby="lab-runs-title">
      <h2 id="lab-runs-title">Backtests</h2>
      {isLoading && <p className="muted">Loading backtests...</p>}
      {runs && runs.length === 0 && <p className="muted">No backtests yet: run one with the form above.</p>}
      {runs && runs.length > 0 && (
        <div className="table-wrap">
          <table className="table cards-narrow lab-runs" aria-label="Backtests">
            <thead>
              <tr>
                <th>Backtest</th>
                <th>Instrument</th>
                <th>Range</th>
                <th>Settings</th>
                <th>Prices / fills</th>
                <th>Status</th>
                <th className="num">Net P&amp;L</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr
                  key={run.id}
                  data-testid={`backtest-${run.id}`}
                  className={run.id === selectedId ? 'lab-run-selected' : undefined}
                >
                  <td data-label="Backtest" className="lab-wrap lab-run-name-cell">
                    {/* One child, so the phone's label/value grid keeps the number under the name. */}
                    <span className="lab-run-name">
                      {runName(run)}
                      <span className="muted lab-run-strategy">
                        #{run.id} · {run.strategy_name}
                        {run.sweep_id !== null && ` · sweep #${run.sweep_id}`}
                      </span>
                    </span>
                  </td>
                  <td data-label="Instrument">{run.instrument_name}</td>
                  <td data-label="Range">{rangeText(run)}</td>
                  <td data-label="Settings" className="lab-wrap">
                    {settingsText(run)}
                  </td>
                  <td data-label="Prices / fills" className="lab-wrap">
                    {sourceText(run)} · {FILL_MODEL_WORDS[run.fill_model].label}
                  </td>
                  <StatusCell run={run} />
                  <td data-label="Net P&L" className="num" data-testid="backtest-net">
                    {run.summary ? (
                      <span className={pnlClass(run.summary.net_pnl)}>{formatPnl(run.summary.net_pnl).text}</span>
                    ) : (
                      '-'
                    )}
                  </td>
                  <td data-label="Actions">
                    <div className="row">
                      <button type="button" onClick={() => onView(run)} aria-pressed={run.id === selectedId}>
                        View
                      </button>
                      {isActive(run.status) ? (
                        <button type="button" onClick={() => onCancel(run)} disabled={busyId === run.id}>
                          {busyId === run.id ? 'Cancelling...' : 'Cancel'}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="danger"
                          onClick={() => onDelete(run)}
                          disabled={busyId === run.id}
                        >
                          {busyId === run.id ? 'Deleting...' : 'Delete'}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
