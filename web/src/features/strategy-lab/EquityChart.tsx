import {
  AreaSeries,
  createChart,
  LineSeries,
  type ChartOptions,
  type DeepPartial,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { IST_ZONE } from '../../lib/format';
import { crosshairLabel, fromChartTime, tickLabel, toChartTime, type TickKind } from '../market-data/chart-time';
import { drawdownCurve, type CurvePoint } from './backtest-display';

/** One run's curve on the chart. */
export interface EquityCurve {
  name: string;
  color: string;
  points: CurvePoint[];
}

const seconds = (t: Time) => (typeof t === 'number' ? t : 0);
const rupeeAxis = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** "−₹400" as the P&L figures write a loss, not "₹-400". */
const formatRupeeAxis = (n: number) => `${n < 0 ? '−' : ''}₹${rupeeAxis.format(Math.abs(n))}`;

/** The console's chart look (as the strategy chart's), times on the Indian clock. */
function chartOptions(): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: { background: { color: 'transparent' }, textColor: '#8fa1b3', panes: { separatorColor: '#2a3845' } },
    grid: { vertLines: { color: '#2a3845' }, horzLines: { color: '#2a3845' } },
    localization: {
      timeFormatter: (t: Time) => crosshairLabel(fromChartTime(seconds(t), IST_ZONE), IST_ZONE),
      priceFormatter: formatRupeeAxis,
    },
    timeScale: {
      timeVisible: true,
      secondsVisible: false,
      borderColor: '#2a3845',
      tickMarkFormatter: (t: Time, kind: TickKind) => tickLabel(fromChartTime(seconds(t), IST_ZONE), kind, IST_ZONE),
    },
    rightPriceScale: { borderColor: '#2a3845' },
  };
}

const onChart = (curve: readonly CurvePoint[]) =>
  curve.map((p) => ({ time: toChartTime(p.time, IST_ZONE) as UTCTimestamp, value: p.value }));

/** A colour at a fifth of its strength, for the drawdown's fill (`#rrggbb` in). */
const faded = (hex: string) => `${hex}33`;

/**
 * Net P&L over the run (after charges), one line per run, and below it each run's drawdown: how far it stood
 * under its best so far. Two panes of one chart, so both read against the same days. Loaded lazily, as the
 * other charts are.
 */
export default function EquityChart({ curves, label }: { curves: EquityCurve[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, chartOptions());
    for (const curve of curves) {
      const line = chart.addSeries(LineSeries, {
        color: curve.color,
        lineWidth: 2,
        title: curves.length > 1 ? curve.name : '',
      });
      line.setData(onChart(curve.points));
      const drawdown = chart.addSeries(
        AreaSeries,
        {
          lineColor: curve.color,
          topColor: faded(curve.color),
          bottomColor: faded(curve.color),
          lineWidth: 1,
          invertFilledArea: true,
          priceLineVisible: false,
          // Compared, the colours (and the legend) tell the drawdowns apart: labels would cover a phone's pane.
          title: curves.length > 1 ? '' : 'Drawdown',
        },
        1,
      );
      drawdown.setData(onChart(drawdownCurve(curve.points)));
    }
    // The drawdown pane half the P&L's height: it is read for depth, not detail.
    chart.panes()[0]?.setStretchFactor(2);
    chart.panes()[1]?.setStretchFactor(1);
    // The chart takes its size after it is built (and again when a phone turns): the whole run stays in view.
    const fit = () => chart.timeScale().fitContent();
    chart.timeScale().subscribeSizeChange(fit);
    fit();
    return () => {
      chart.timeScale().unsubscribeSizeChange(fit);
      chart.remove();
    };
  }, [curves]);
  return <div ref={container} className="lab-equity-chart" role="img" aria-label={label} data-testid="equity-chart" />;
}
