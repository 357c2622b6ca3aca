import { api, type Backtest } from '@app/contract';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { buildPath, messageOf } from '../../api/client';
import { downloadCsv } from '../../api/download-csv';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { Message, useFlash } from '../../components/Message';
import { formatInr } from '../../lib/format';
import { equityCurve, isActive, isLegsRun, maxDrawdownOf, runName, statusText } from './backtest-display';
import { BacktestSummary } from './BacktestSummary';
import { DailyTable, TradesTable } from './BacktestTables';
import { useBacktestResults } from './useBacktests';

const EquityChart = lazy(() => import('./EquityChart'));

/** Saves every fill of the run as `backtest-<id>.csv`: the trades table's rows, whatever page it shows. */
export const downloadBacktestCsv = (id: number): Promise<void> =>
  downloadCsv(buildPath(api.backtests.exportCsv.path, { id }), `backtest-${id}.csv`);

/** The accent blue the console's other curves use. */
export const FIRST_CURVE_COLOR = '#3d8bfd';

/** Where a run that is not done stands, in words. */
function NotDone({ run }: { run: Backtest }) {
  if (isActive(run.status)) {
    return (
      <p className="muted" role="status">
        {statusText(run)}: the results show here when it is done.
      </p>
    );
  }
  if (run.status === 'failed') {
    return (
      <div className="message message-error" role="alert">
        <span>The backtest failed{run.error ? `: ${run.error}` : '.'}</span>
      </div>
    );
  }
  return <p className="muted">Cancelled before it finished: there are no results.</p>;
}

/** The curve and its words: what a screen reader (and a test, which cannot read a canvas) is told of it. */
function EquitySection({ run }: { run: Backtest }) {
  const { equity } = useBacktestResults(run.id, run.status === 'done');
  const curve = useMemo(() => equityCurve(equity.data?.points ?? []), [equity.data]);
  const curves = useMemo(() => [{ name: runName(run), color: FIRST_CURVE_COLOR, points: curve }], [run, curve]);
  if (equity.isError) {
    return (
      <div className="message message-error" role="alert">
        <span>{messageOf(equity.error, 'Failed to load the equity curve')}</span>
      </div>
    );
  }
  if (equity.isPending) return <p className="muted">Loading the equity curve...</p>;
  const caption =
    curve.length === 0
      ? 'No equity points: the strategy held nothing in this range.'
      : `Net P&L after charges over the run (IST), ${curve.length} points, with its drawdown below (deepest ${formatInr(maxDrawdownOf(curve))}).`;
  return (
    <>
      <section aria-labelledby="lab-equity-title">
        <h3 id="lab-equity-title">Equity curve</h3>
        {curve.length > 0 && (
          <Suspense fallback={<p className="muted">Preparing chart...</p>}>
            <EquityChart curves={curves} label={`Equity curve of ${runName(run)}`} />
          </Suspense>
        )}
        <p className="muted lab-line" data-testid="equity-caption">
          {caption}
        </p>
      </section>
      <DailyTable daily={equity.data.daily} />
    </>
  );
}

function TradesSection({ run }: { run: Backtest }) {
  const { trades } = useBacktestResults(run.id, run.status === 'done');
  if (trades.isError) {
    return (
      <div className="message message-error" role="alert">
        <span>{messageOf(trades.error, 'Failed to load the trades')}</span>
      </div>
    );
  }
  if (trades.isPending) return <p className="muted">Loading the trades...</p>;
  return <TradesTable trades={trades.data} />;
}

/**
 * One run: its summary, equity curve with drawdown, day-by-day table and every trade. Try changes fills the
 * form with its settings; Use these settings makes a paper strategy of them; Download CSV saves its fills.
 * Scrolled into view when opened, so a failed download is said here rather than at the top of the page.
 */
export function BacktestDetail({
  run,
  onTryChanges,
  onUseSettings,
  onClose,
}: {
  run: Backtest;
  onTryChanges: (run: Backtest) => void;
  onUseSettings: (run: Backtest) => void;
  onClose: () => void;
}) {
  const root = useRef<HTMLElement>(null);
  const { flash, show, clear } = useFlash();
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    // A failed download is about the run that was open, not the one opened now.
    clear();
  }, [run.id, clear]);
  const isDone = run.status === 'done' && run.summary !== null;
  // Use these settings makes an RDX strategy; a Multi-leg one is made in the Strategy Builder (Edit in it).
  const canUseSettings = isDone && !isLegsRun(run);
  return (
    <section
      className="card stack lab-detail"
      ref={root}
      aria-labelledby="lab-detail-title"
      data-testid="backtest-detail"
    >
      <div className="view-header">
        <h2 id="lab-detail-title">{runName(run)}</h2>
        <div className="row">
          <button type="button" onClick={() => onTryChanges(run)}>
            Try changes
          </button>
          {canUseSettings && (
            <button type="button" className="primary" onClick={() => onUseSettings(run)}>
              Use these settings
            </button>
          )}
          {isDone && (
            <CsvDownloadButton
              download={() => downloadBacktestCsv(run.id)}
              failedMessage="Failed to download the trades"
              onError={(text) => show('error', text)}
            />
          )}
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <Message flash={flash} onClose={clear} />
      {isDone && run.summary ? (
        <>
          <BacktestSummary run={run} summary={run.summary} />
          <EquitySection run={run} />
          <TradesSection run={run} />
        </>
      ) : (
        <NotDone run={run} />
      )}
    </section>
  );
}
