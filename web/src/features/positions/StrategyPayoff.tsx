import type { PositionLeg } from '@app/contract';
import { serverWords } from '../option-chain/chain-display';
import { PayoffFigures } from '../option-chain/PayoffFigures';
import { useInstrumentList, usePayoff } from '../option-chain/useOptionChain';
import { instrumentOf, positionPayoff, type PositionPayoff } from './position-payoff';

/**
 * The payoff request of the legs, or why there is none; null while the instruments load. Built from what the
 * legs hold, so a tick (a new last price) leaves it equal and the payoff is not asked again (one query key).
 */
function useLegsPayoff(instrumentName: string | null, legs: readonly PositionLeg[]): PositionPayoff | null {
  const instruments = useInstrumentList();
  const instrument = instruments.data ? instrumentOf(instruments.data, instrumentName) : null;
  if (instrument) return positionPayoff(instrument, legs);
  if (!instruments.data && !instruments.isError) return null;
  return { ok: false, reason: "The strategy's instrument is not known, so the payoff is not drawn" };
}

/**
 * A running strategy's payoff (issue 34): its open legs at their entry prices, at expiry and today, with the
 * breakevens and extremes, from `POST /analytics/payoff` and drawn as the Option Chain and the builder draw it.
 * Legs the call cannot take (a calendar, a leg not in whole lots) are said in words instead of a chart.
 */
export function StrategyPayoff({
  instrumentName,
  legs,
}: {
  instrumentName: string | null;
  legs: readonly PositionLeg[];
}) {
  const built = useLegsPayoff(instrumentName, legs);
  const payoff = usePayoff(built?.ok ? built.request : null);
  const shown = built?.ok && !payoff.isError ? payoff.data : undefined;
  return (
    <section className="position-payoff stack" aria-label="Payoff">
      <h4>Payoff</h4>
      <p className="muted">The open legs at their entry prices: P&amp;L at expiry and today.</p>
      {built && !built.ok && <p className="message message-info">{built.reason}</p>}
      {built?.ok && payoff.isError && (
        <div className="message message-error" role="alert">
          {serverWords(payoff.error, 'Could not draw the payoff')}
        </div>
      )}
      {(!built || (built.ok && !shown && payoff.isFetching)) && <p className="muted">Drawing the payoff...</p>}
      {shown && <PayoffFigures payoff={shown} isBusy={payoff.isFetching} />}
    </section>
  );
}
