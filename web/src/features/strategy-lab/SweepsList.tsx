import { formatPnl, pnlClass } from '../positions/pnl-display';
import { FILL_MODEL_WORDS, rangeText, sourceText } from './backtest-display';
import { sweepName, variedText, type SweepEntry } from './sweep-display';

/**
 * The trader's sweeps, newest first, gathered from their runs: what each varied, how far it has gone and its best
 * net P&L so far. Open shows one below. Nothing shows until there is a sweep.
 */
export function SweepsList({
  sweeps,
  openId,
  onOpen,
}: {
  sweeps: SweepEntry[];
  openId: number | null;
  onOpen: (id: number) => void;
}) {
  if (sweeps.length === 0) return null;
  return (
    <section className="card" aria-labelledby="lab-sweeps-title">
      <h2 id="lab-sweeps-title">Sweeps</h2>
      <div className="table-wrap">
        <table className="table cards-narrow lab-runs lab-sweeps" aria-label="Sweeps">
          <thead>
            <tr>
              <th>Sweep</th>
              <th>Instrument</th>
              <th>Range</th>
              <th>Varies</th>
              <th>Prices / fills</th>
              <th>Runs</th>
              <th className="num">Best net P&amp;L</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {sweeps.map((sweep) => (
              <tr
                key={sweep.id}
                data-testid={`sweep-${sweep.id}`}
                className={sweep.id === openId ? 'lab-run-selected' : undefined}
              >
                <td data-label="Sweep">
                  <span className="lab-run-name">
                    {sweepName(sweep)}
                    <span className="muted lab-run-strategy">{sweep.sample.strategy_name}</span>
                  </span>
                </td>
                <td data-label="Instrument">{sweep.sample.instrument_name}</td>
                <td data-label="Range">{rangeText(sweep.sample)}</td>
                <td data-label="Varies" className="lab-wrap">
                  {variedText(sweep.varied)}
                </td>
                <td data-label="Prices / fills" className="lab-wrap">
                  {sourceText(sweep.sample)} · {FILL_MODEL_WORDS[sweep.sample.fill_model].label}
                </td>
                <td data-label="Runs" className="lab-status-cell">
                  <span data-testid="sweep-runs-done">
                    {sweep.done} of {sweep.total} done
                  </span>
                  {sweep.isActive && (
                    <progress
                      className="lab-progress"
                      max={1}
                      value={sweep.progress}
                      aria-label={`Progress of ${sweepName(sweep)}`}
                    />
                  )}
                </td>
                <td data-label="Best net P&L" className="num" data-testid="sweep-best">
                  {sweep.bestNet === null ? (
                    '-'
                  ) : (
                    <span className={pnlClass(sweep.bestNet)}>{formatPnl(sweep.bestNet).text}</span>
                  )}
                </td>
                <td data-label="Actions">
                  <button type="button" onClick={() => onOpen(sweep.id)} aria-pressed={sweep.id === openId}>
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
