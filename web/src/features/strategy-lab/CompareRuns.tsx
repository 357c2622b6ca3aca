import type { Backtest, BacktestSummary } from '@app/contract';
import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { api } from '@app/contract';
import { call } from '../../api/client';
import { SelectField } from '../../components/FormField';
import { formatInr, formatQuantity } from '../../lib/format';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import {
  equityCurve,
  FILL_MODEL_WORDS,
  ordersText,
  rangeText,
  runName,
  settingsText,
  sourceText,
  winRateText,
} from './backtest-display';
import { backtestKeys } from './backtest-keys';
import { FIRST_CURVE_COLOR } from './BacktestDetail';

const EquityChart = lazy(() => import('./EquityChart'));

/** The second run's colour: the console's marker violet, apart from the first's blue for colour-blind readers too. */
const SECOND_CURVE_COLOR = '#c792ea';

type Done = Backtest & { summary: BacktestSummary };
const isDone = (r: Backtest): r is Done => r.status === 'done' && r.summary !== null;

const signed = (rupees: number) => <span className={pnlClass(rupees)}>{formatPnl(rupees).text}</span>;

/** The rows of the comparison: each a label and how to show it for one run. */
const ROWS: ReadonlyArray<[string, (r: Done) => ReactNode]> = [
  ['Instrument', (r) => `${r.strategy_name} on ${r.instrument_name}`],
  ['Range', (r) => rangeText(r)],
  ['Settings', (r) => settingsText(r)],
  ['Option prices', (r) => sourceText(r)],
  ['Fills', (r) => `${FILL_MODEL_WORDS[r.fill_model].label}, ${r.slippage_ticks} tick slippage`],
  ['Net P&L', (r) => signed(r.summary.net_pnl)],
  ['Realized', (r) => signed(r.summary.realized_pnl)],
  ['Charges', (r) => formatInr(r.summary.charges)],
  ['Max drawdown', (r) => (r.summary.max_drawdown > 0 ? `−${formatInr(r.summary.max_drawdown)}` : formatInr(0))],
  ['Win rate', (r) => winRateText(r.summary.win_rate)],
  ['Trades', (r) => formatQuantity(r.summary.trades)],
  ['Orders', (r) => ordersText(r.summary.orders) ?? '-'],
  ['Days', (r) => formatQuantity(r.summary.days)],
  ['Missing prices', (r) => formatQuantity(r.summary.missing_prices.count)],
];

function RunPicker({
  label,
  value,
  runs,
  other,
  onChange,
}: {
  label: string;
  value: number | null;
  runs: Done[];
  other: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      options={runs
        .filter((r) => r.id !== other)
        .map((r) => ({ value: String(r.id), label: `#${r.id} ${runName(r)} (${formatPnl(r.summary.net_pnl).text})` }))}
    >
      <option value="">Choose a finished backtest</option>
    </SelectField>
  );
}

/** Both runs' equity curves on one chart (each with its drawdown below). */
function BothCurves({ a, b }: { a: Done; b: Done }) {
  const [ea, eb] = useQueries({
    queries: [a, b].map((r) => ({
      queryKey: backtestKeys.equity(r.id),
      queryFn: () => call(api.backtests.equity, { params: { id: r.id } }),
      staleTime: Infinity,
    })),
  });
  const curves = useMemo(
    () =>
      ea?.data && eb?.data
        ? [
            { name: `A #${a.id}`, color: FIRST_CURVE_COLOR, points: equityCurve(ea.data.points) },
            { name: `B #${b.id}`, color: SECOND_CURVE_COLOR, points: equityCurve(eb.data.points) },
          ]
        : null,
    [a.id, b.id, ea?.data, eb?.data],
  );
  if (ea?.isError || eb?.isError) return <p className="muted">The equity curves could not be read.</p>;
  if (!curves) return <p className="muted">Loading the equity curves...</p>;
  return (
    <Suspense fallback={<p className="muted">Preparing chart...</p>}>
      <EquityChart curves={curves} label={`Equity curves of backtests #${a.id} and #${b.id}`} />
      <p className="muted lab-line lab-legend" data-testid="compare-legend">
        <span className="lab-legend-item">
          <span className="lab-swatch lab-swatch-a" aria-hidden="true" /> A: {runName(a)}
        </span>
        <span className="lab-legend-item">
          <span className="lab-swatch lab-swatch-b" aria-hidden="true" /> B: {runName(b)}
        </span>
        <span>Net P&amp;L after charges (IST), drawdowns below.</span>
      </p>
    </Suspense>
  );
}

/**
 * Two finished runs side by side: their settings and results row by row, and both equity curves on one chart.
 * The picks live in the address (`a`, `b`), so a comparison survives a reload.
 */
export function CompareRuns({
  runs,
  a,
  b,
  onPick,
}: {
  runs: Backtest[] | undefined;
  a: number | null;
  b: number | null;
  onPick: (which: 'a' | 'b', id: number | null) => void;
}) {
  const done = (runs ?? []).filter(isDone);
  const runA = done.find((r) => r.id === a);
  const runB = done.find((r) => r.id === b);
  return (
    <section className="card stack" aria-labelledby="lab-compare-title" data-testid="backtest-compare">
      <h2 id="lab-compare-title">Compare two backtests</h2>
      {done.length < 2 ? (
        <p className="muted">Two finished backtests are needed to compare.</p>
      ) : (
        <div className="form-grid lab-compare-pickers">
          <RunPicker
            label="Backtest A"
            value={runA?.id ?? null}
            runs={done}
            other={b}
            onChange={(id) => onPick('a', id)}
          />
          <RunPicker
            label="Backtest B"
            value={runB?.id ?? null}
            runs={done}
            other={a}
            onChange={(id) => onPick('b', id)}
          />
        </div>
      )}
      {runA && runB && (
        <>
          <div className="table-wrap">
            <table className="table lab-compare" aria-label="Backtests compared">
              <thead>
                <tr>
                  <th scope="col" />
                  <th scope="col">A #{runA.id}</th>
                  <th scope="col">B #{runB.id}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Backtest</th>
                  <td>{runName(runA)}</td>
                  <td>{runName(runB)}</td>
                </tr>
                {ROWS.map(([label, show]) => (
                  <tr key={label} data-testid={`compare-${label}`}>
                    <th scope="row">{label}</th>
                    <td>{show(runA)}</td>
                    <td>{show(runB)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <BothCurves a={runA} b={runB} />
        </>
      )}
    </section>
  );
}
