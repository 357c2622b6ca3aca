import { api, istDay } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { call, messageOf } from '../../api/client';
import { downloadCsv } from '../../api/download-csv';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { formatInr } from '../../lib/format';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import { cumulativeNet, defaultRange, rangeProblem, windowTotals } from './pnl-daily-display';
import { PnlCalendar } from './PnlCalendar';
import { PnlDaysTable } from './PnlDaysTable';
import './pnl.css';

// The Strategy Lab's equity chart: the same look, and its drawdown pane reads as well for a trader's days.
const EquityChart = lazy(() => import('../strategy-lab/EquityChart'));
const CURVE_COLOR = '#4aa3ff';
const FAILED = 'Failed to load P&L by day';

/** Saves the window's CSV under the server's name (`pnl-daily-2026-09-01-to-2026-11-29.csv`). */
export const downloadPnlCsv = (from: string, to: string): Promise<void> =>
  downloadCsv(`${api.pnl.exportCsv.path}?${new URLSearchParams({ from, to }).toString()}`, 'pnl-daily.csv');

/**
 * P&L by day (issue 32 item 4): what the trader's strategies realized and paid in charges each IST day, as a
 * calendar, a cumulative curve and a table with each strategy's part; the same figures as a CSV.
 */
export function PnlDaily() {
  const [range, setRange] = useState(() => defaultRange(istDay(Date.now())));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const problem = rangeProblem(range.from, range.to);
  const daily = useQuery({
    queryKey: ['pnl', 'daily', range],
    queryFn: () => call(api.pnl.daily, { query: range }),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const days = useMemo(() => daily.data?.days ?? [], [daily.data]);
  const curves = useMemo(() => [{ name: 'Net P&L', color: CURVE_COLOR, points: cumulativeNet(days) }], [days]);
  const totals = windowTotals(days);
  return (
    <section className="stack pnl-daily">
      <form className="card form-grid" aria-label="P&L window" onSubmit={(ev) => ev.preventDefault()}>
        <label>
          From (IST)
          <input type="date" value={range.from} onChange={(ev) => setRange({ ...range, from: ev.target.value })} />
        </label>
        <label>
          To (IST)
          <input type="date" value={range.to} onChange={(ev) => setRange({ ...range, to: ev.target.value })} />
        </label>
        <div>
          <CsvDownloadButton
            download={() => downloadPnlCsv(range.from, range.to)}
            failedMessage="Failed to download P&L by day"
            onError={setDownloadError}
          />
        </div>
        {problem && (
          <p className="message message-error full" role="alert">
            {problem}
          </p>
        )}
        {downloadError && (
          <p className="message message-error full" role="alert">
            {downloadError}
          </p>
        )}
      </form>
      {daily.isPending && problem === null && <p className="muted">Loading P&amp;L by day...</p>}
      {daily.isError && (
        <div className="message message-error" role="alert">
          {messageOf(daily.error, FAILED)}
        </div>
      )}
      {daily.data && days.length === 0 && <p className="card muted">No fills in these days.</p>}
      {daily.data && days.length > 0 && (
        <>
          <dl className="card pnl-totals" aria-label="Window totals">
            <div>
              <dt>Net P&amp;L</dt>
              <dd className={pnlClass(totals.net_pnl)}>{formatPnl(totals.net_pnl).text}</dd>
            </div>
            <div>
              <dt>Realized</dt>
              <dd className={pnlClass(totals.realized_pnl)}>{formatPnl(totals.realized_pnl).text}</dd>
            </div>
            <div>
              <dt>Charges</dt>
              <dd>{formatInr(totals.charges)}</dd>
            </div>
            <div>
              <dt>Days up / down</dt>
              <dd>
                {totals.gains} / {totals.losses}
              </dd>
            </div>
          </dl>
          <PnlCalendar days={days} from={range.from} to={range.to} />
          <section className="card" aria-labelledby="pnl-curve-title">
            <h3 id="pnl-curve-title">Cumulative net P&amp;L</h3>
            <Suspense fallback={<p className="muted">Preparing chart...</p>}>
              <EquityChart curves={curves} label="Cumulative net P&L over the days" />
            </Suspense>
          </section>
          <section className="card">
            <PnlDaysTable days={days} />
            <p className="muted">
              Realized is the P&amp;L of the positions closed that day (FIFO, as Positions counts it); charges are the
              day&apos;s contract notes, today&apos;s an estimate until the day ends. Open positions count on the day
              they close.
            </p>
          </section>
        </>
      )}
    </section>
  );
}
