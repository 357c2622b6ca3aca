import type { Candle } from '@app/contract';
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  LineSeries,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatPrice, formatTimeIn } from '../../lib/format';
import { crosshairLabel, fromChartTime, tickLabel, toChartTime, type TickKind } from '../market-data/chart-time';
import type { MtmPoint } from './mtm-history';
import { barAtOrBefore, pointAtOrAfter, type MarkerKind, type TradeMarker } from './trade-markers';
import './positions.css';

const seconds = (t: Time) => (typeof t === 'number' ? t : 0);

const MARKER_STYLE: Record<MarkerKind, { color: string; shape: 'arrowUp' | 'arrowDown' | 'circle' }> = {
  Entry: { color: '#3d8bfd', shape: 'arrowDown' },
  Realign: { color: '#f0b90b', shape: 'circle' },
  Exit: { color: '#c792ea', shape: 'arrowUp' },
};

function chartOptions(
  timeZone: string,
  priceFormatter: (n: number) => string,
  isSecondsVisible: boolean,
): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: { background: { color: 'transparent' }, textColor: '#8fa1b3' },
    grid: { vertLines: { color: '#2a3845' }, horzLines: { color: '#2a3845' } },
    localization: {
      // The MTM curve moves by the second; candles by the minute or more.
      timeFormatter: (t: Time) => {
        const at = fromChartTime(seconds(t), timeZone);
        return isSecondsVisible ? formatTimeIn(at * 1000, timeZone) : crosshairLabel(at, timeZone);
      },
      priceFormatter,
    },
    timeScale: {
      timeVisible: true,
      secondsVisible: isSecondsVisible,
      borderColor: '#2a3845',
      tickMarkFormatter: (t: Time, kind: TickKind) => tickLabel(fromChartTime(seconds(t), timeZone), kind, timeZone),
    },
    rightPriceScale: { borderColor: '#2a3845' },
  };
}

/**
 * Markers placed on a series' own times (a marker between two of its points would not be drawn); `times`
 * are chart times (chart-time.ts), as the series was given them.
 */
function placedMarkers(
  markers: readonly TradeMarker[],
  times: readonly number[],
  place: (times: readonly number[], at: number) => number | null,
  timeZone: string,
): SeriesMarker<Time>[] {
  const out: SeriesMarker<Time>[] = [];
  for (const m of markers) {
    const time = place(times, toChartTime(Math.floor(m.at / 1000), timeZone));
    if (time === null) continue;
    const style = MARKER_STYLE[m.kind];
    out.push({ time: time as UTCTimestamp, position: 'aboveBar', text: m.kind, ...style });
  }
  return out;
}

type Frame = (chart: IChartApi) => void;
const fitAll: Frame = (chart) => chart.timeScale().fitContent();

/**
 * A chart of one series with trade markers; rebuilt only when the zone changes, fed on every data change.
 * `frame` sets what is in view, again whenever the dialog changes size (a phone turned).
 */
function useMarkedSeries<T extends 'Candlestick' | 'Line'>(
  timeZone: string,
  build: (chart: IChartApi) => ISeriesApi<T>,
  priceFormatter: (n: number) => string,
  isSecondsVisible: boolean,
) {
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<Frame>(fitAll);
  const [handles, setHandles] = useState<{
    series: ISeriesApi<T>;
    markers: ISeriesMarkersPluginApi<Time>;
    chart: IChartApi;
  } | null>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, chartOptions(timeZone, priceFormatter, isSecondsVisible));
    const series = build(chart);
    const reframe = () => frame.current(chart);
    chart.timeScale().subscribeSizeChange(reframe);
    setHandles({ chart, series, markers: createSeriesMarkers(series, []) });
    return () => {
      chart.timeScale().unsubscribeSizeChange(reframe);
      setHandles(null);
      chart.remove();
    };
  }, [timeZone, build, priceFormatter, isSecondsVisible]);
  return { container, handles, frame };
}

/** Candles shown before the first trade, so its marker has some context and does not sit on the edge. */
const BARS_BEFORE_FIRST_TRADE = 30;

const buildCandles = (chart: IChartApi) =>
  chart.addSeries(CandlestickSeries, {
    upColor: '#2ebd85',
    downColor: '#f6465d',
    wickUpColor: '#2ebd85',
    wickDownColor: '#f6465d',
    borderVisible: false,
  });

const buildLine = (chart: IChartApi) => chart.addSeries(LineSeries, { color: '#3d8bfd', lineWidth: 2 });

const rupeeAxis = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const formatRupeeAxis = (n: number) => `₹${rupeeAxis.format(n)}`;

/**
 * The underlying's candles with the strategy's trades marked on the bar each fell in; in view, the day
 * from a little before the first trade (scroll left for the rest), or the whole day without trades.
 */
function CandlePane({ candles, markers, timeZone }: { candles: Candle[]; markers: TradeMarker[]; timeZone: string }) {
  const { container, handles, frame } = useMarkedSeries(timeZone, buildCandles, formatPrice, false);
  useEffect(() => {
    if (!handles) return;
    const times = candles.map((k) => toChartTime(k.time, timeZone));
    const placed = placedMarkers(markers, times, barAtOrBefore, timeZone);
    handles.series.setData(
      candles.map((k, i) => ({
        time: times[i] as UTCTimestamp,
        open: k.open,
        high: k.high,
        low: k.low,
        close: k.close,
      })),
    );
    handles.markers.setMarkers(placed);
    const firstBar = placed[0] ? times.indexOf(placed[0].time as number) : -1;
    frame.current =
      firstBar < 0
        ? fitAll
        : (chart) =>
            chart.timeScale().setVisibleLogicalRange({
              from: Math.max(0, firstBar - BARS_BEFORE_FIRST_TRADE),
              to: times.length + 2,
            });
    frame.current(handles.chart);
  }, [handles, candles, markers, frame, timeZone]);
  return <div ref={container} className="strategy-chart-candles" data-testid="strategy-candle-chart" />;
}

/** The strategy's MTM curve, growing with each reading; trades marked at the first reading after each. */
function MtmPane({ points, markers, timeZone }: { points: MtmPoint[]; markers: TradeMarker[]; timeZone: string }) {
  const { container, handles, frame } = useMarkedSeries(timeZone, buildLine, formatRupeeAxis, true);
  useEffect(() => {
    if (!handles) return;
    const times = points.map((p) => toChartTime(p.time, timeZone));
    handles.series.setData(points.map((p, i) => ({ time: times[i] as UTCTimestamp, value: p.value })));
    handles.markers.setMarkers(placedMarkers(markers, times, pointAtOrAfter, timeZone));
    frame.current(handles.chart);
  }, [handles, points, markers, frame, timeZone]);
  return <div ref={container} className="strategy-chart-mtm" data-testid="strategy-mtm-chart" />;
}

/**
 * The canvas part of a strategy's chart: candles of the underlying (when there are any) above its MTM
 * curve. Two charts, not two panes of one: the MTM readings come every second or so, and on a shared
 * time scale they would pull the candles apart. Loaded lazily, like the data tab's chart.
 */
export default function StrategyChart({
  candles,
  points,
  markers,
  timeZone,
}: {
  candles: Candle[];
  points: MtmPoint[];
  markers: TradeMarker[];
  timeZone: string;
}) {
  return (
    <div className="strategy-chart">
      {candles.length > 0 && <CandlePane candles={candles} markers={markers} timeZone={timeZone} />}
      {points.length > 0 && <MtmPane points={points} markers={markers} timeZone={timeZone} />}
    </div>
  );
}
