import type { Candle } from '@app/contract';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import './CandleChart.css';
import { formatPrice } from '../../lib/format';
import { crosshairLabel, fromChartTime, tickLabel, toChartTime, type TickKind } from './chart-time';

// Candle times are epoch seconds (UTCTimestamp); business-day strings never reach this chart.
const seconds = (t: Time) => (typeof t === 'number' ? t : 0);

/**
 * TradingView lightweight-charts candlesticks on `timeZone`'s clock, prices in Indian grouping.
 * Kept in its own module and loaded lazily, so neither the main bundle nor jsdom tests pull in
 * the canvas code.
 */
export default function CandleChart({ candles, timeZone }: { candles: Candle[]; timeZone: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const c = createChart(el, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: '#8fa1b3' },
      grid: { vertLines: { color: '#2a3845' }, horzLines: { color: '#2a3845' } },
      localization: {
        timeFormatter: (t: Time) => crosshairLabel(fromChartTime(seconds(t), timeZone), timeZone),
        priceFormatter: formatPrice,
      },
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        borderColor: '#2a3845',
        tickMarkFormatter: (t: Time, kind: TickKind) => tickLabel(fromChartTime(seconds(t), timeZone), kind, timeZone),
      },
      rightPriceScale: { borderColor: '#2a3845' },
    });
    chart.current = c;
    series.current = c.addSeries(CandlestickSeries, {
      upColor: '#2ebd85',
      downColor: '#f6465d',
      wickUpColor: '#2ebd85',
      wickDownColor: '#f6465d',
      borderVisible: false,
    });
    return () => {
      series.current = null;
      chart.current = null;
      c.remove();
    };
  }, [timeZone]);

  useEffect(() => {
    series.current?.setData(
      candles.map((k) => ({
        time: toChartTime(k.time, timeZone) as UTCTimestamp,
        open: k.open,
        high: k.high,
        low: k.low,
        close: k.close,
      })),
    );
    chart.current?.timeScale().fitContent();
    // A new zone rebuilds the chart above, which then needs the candles again.
  }, [candles, timeZone]);

  return <div ref={container} className="candle-chart" data-testid="candle-chart" />;
}
