import type { Candle, Mapping, Position, StrategyChart as ChartData } from '@app/contract';
import { lazy, Suspense, useMemo } from 'react';
import { messageOf } from '../../api/client';
import { Modal } from '../../components/Modal';
import { formatPrice, formatQuantity, formatTimeIst, IST_ZONE, sideOf } from '../../lib/format';
import { evenlySpaced, joinedCurve, useMtmHistory } from './mtm-history';
import { holdingsFromKey, holdingsKey } from './position-cache';
import { istDayStart, tradeMarkers, type TradeMarker } from './trade-markers';
import { useStrategyChart } from './useStrategyChart';
import './positions.css';

const StrategyChart = lazy(() => import('./StrategyChart'));

const NO_CANDLES: Candle[] = [];

function fillWords(fill: TradeMarker['fills'][number]): string {
  const { side, quantity } = sideOf(fill.quantity);
  return `${side} ${formatQuantity(quantity)} ${fill.trading_symbol} @ ${formatPrice(fill.price)}`;
}

/** The trades as text: what the canvas marks, readable by everyone (and by tests, which cannot read a canvas). */
function MarkerList({ markers, isTruncated }: { markers: TradeMarker[]; isTruncated: boolean }) {
  const count = markers.length === 1 ? '1 trade marker' : `${markers.length} trade markers`;
  return (
    <section className="trade-markers" aria-labelledby="trade-markers-title">
      <h3 id="trade-markers-title">Trades today</h3>
      <p className="muted" data-testid="trade-marker-count">
        {count}
        {isTruncated && ' (only the newest 2,000 fills were searched: older ones of today are not marked)'}
      </p>
      {markers.length > 0 && (
        <ol className="trade-marker-list" aria-label="Trade markers">
          {markers.map((m) => (
            <li key={m.at} data-testid="trade-marker">
              <span className="trade-marker-time">{formatTimeIst(m.at)}</span>{' '}
              <span className={`trade-marker-kind kind-${m.kind.toLowerCase()}`}>{m.kind}</span>{' '}
              <span className="trade-marker-fills">{m.fills.map(fillWords).join(', ')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What the candle half of the chart can show, in words. */
function candlesNote(chart: ChartData | undefined, todays: Candle[], instrumentName: string): string | null {
  if (!chart) return null;
  if (todays.length === 0) {
    // Read by traders too, who have no data tab: say what stores candles and who starts it.
    return `No ${chart.interval} candles of ${instrumentName} are stored for today yet: they are stored while live market-data sync runs, which an admin starts or schedules.`;
  }
  return `${instrumentName}, ${chart.interval} candles (${chart.source}), times in IST; trades marked on the candle they fell in.`;
}

/**
 * A strategy's day on one screen: the underlying's candles with each entry, realign and exit marked,
 * the strategy's MTM curve below, and the trades listed as text. The curve is what this browser saw
 * (the server keeps no P&L history), so it starts when the console was opened.
 */
export function StrategyChartModal({
  mapping,
  position,
  onClose,
}: {
  mapping: Mapping;
  position: Position | undefined;
  onClose: () => void;
}) {
  const chart = useStrategyChart(mapping.id);
  const readings = useMtmHistory(mapping.id);
  const points = useMemo(() => evenlySpaced(joinedCurve(chart.data?.marks ?? [], readings)), [chart.data, readings]);
  const allCandles = chart.data?.candles ?? NO_CANDLES;
  const dayStartSeconds = istDayStart(Date.now()) / 1000;
  const todays = useMemo(() => allCandles.filter((c) => c.time >= dayStartSeconds), [allCandles, dayStartSeconds]);
  // Keyed on the holdings, not the position: its prices move every second, and new markers would
  // reframe the chart under the reader's hand each time.
  const holdings = holdingsKey(position);
  const markers = useMemo(
    () => tradeMarkers(chart.data?.fills ?? [], holdingsFromKey(holdings)),
    [chart.data, holdings],
  );
  const note = candlesNote(chart.data, todays, mapping.instrument_name);
  const since = points[0] ? formatTimeIst(points[0].time * 1000) : null;

  return (
    <Modal title={`${mapping.strategy_name} on ${mapping.instrument_name}`} onClose={onClose} isWide>
      <div className="strategy-chart-panel" data-testid="strategy-chart">
        {note && <p className="muted">{note}</p>}
        <Suspense fallback={<p className="muted">Preparing chart...</p>}>
          <StrategyChart candles={todays} points={points} markers={markers} timeZone={IST_ZONE} />
        </Suspense>
        <p className="muted" data-testid="mtm-caption">
          MTM curve over the day (realized + unrealized, before charges)
          {since ? `, from ${since}` : ': no mark yet today'}: the console marks each strategy once a minute and at
          every fill, and this screen adds each live update.
        </p>
        {chart.isError ? (
          <div className="message message-error" role="alert">
            {messageOf(chart.error, 'Failed to load the strategy’s chart')}
          </div>
        ) : chart.isPending ? (
          <p className="muted">Reading today&apos;s trades...</p>
        ) : (
          <MarkerList markers={markers} isTruncated={chart.data.fills_truncated} />
        )}
      </div>
    </Modal>
  );
}
