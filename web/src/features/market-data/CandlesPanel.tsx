import { messageOf } from '../../api/client';
import { MSG } from '@app/contract';
import { lazy, Suspense } from 'react';
import { useCandles, type CandleSelection } from './useCandles';

const CandleChart = lazy(() => import('./CandleChart'));

/** Stored candles of the source/instrument/interval chosen in the fetch form. */
export function CandlesPanel({ selection }: { selection: CandleSelection }) {
  const candles = useCandles(selection);
  const { source, instrumentToken, interval } = selection;

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
      <Suspense fallback={<p className="muted">Loading chart...</p>}>
        <CandleChart candles={candles.data} />
      </Suspense>
    );

  return (
    <section className="card" aria-label="Candles">
      <h3>Candles{instrumentToken ? ` — ${source} ${instrumentToken} ${interval}` : ''}</h3>
      {body}
    </section>
  );
}
