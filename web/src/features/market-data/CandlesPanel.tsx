import { MSG, type Instrument } from '@app/contract';
import { lazy, Suspense } from 'react';
import { messageOf } from '../../api/client';
import { IST_ZONE, zoneLabel } from '../../lib/format';
import { seriesTitle } from './data-labels';
import { useCandles, type CandleSelection } from './useCandles';

const CandleChart = lazy(() => import('./CandleChart'));

/**
 * Stored candles of the source/instrument/interval chosen in the fetch form, titled by the
 * instrument's name and drawn on its own clock (IST for Indian instruments).
 */
export function CandlesPanel({ selection, instruments }: { selection: CandleSelection; instruments: Instrument[] }) {
  const candles = useCandles(selection);
  const { source, instrumentToken, interval } = selection;
  const instrument = instruments.find((i) => i.instrument_token === instrumentToken);
  const timeZone = instrument?.timezone ?? IST_ZONE;

  let body;
  if (!instrumentToken) body = <p className="muted">Choose an instrument to see its stored candles.</p>;
  else if (candles.isPending) body = <p className="muted">Loading candles...</p>;
  else if (candles.isError)
    body = (
      <div className="message message-error" role="alert">
        {messageOf(candles.error, MSG.failedLoadCandles)}
      </div>
    );
  else if (candles.data.length === 0) body = <p className="muted">{MSG.noCandles}</p>;
  else
    body = (
      <>
        <p className="muted chart-zone">
          Times in {zoneLabel(timeZone)} ({timeZone})
        </p>
        <Suspense fallback={<p className="muted">Loading chart...</p>}>
          <CandleChart candles={candles.data} timeZone={timeZone} />
        </Suspense>
      </>
    );

  return (
    <section className="card" aria-label="Candles">
      <h3>{instrumentToken ? seriesTitle(instrument?.name, instrumentToken, interval, source) : 'Candles'}</h3>
      {body}
    </section>
  );
}
