import type { PayoffRequest } from '@app/contract';
import { useMemo } from 'react';
import { serverWords } from '../option-chain/chain-display';
import { PayoffFigures } from '../option-chain/PayoffFigures';
import { usePayoff, useSettled } from '../option-chain/useOptionChain';
import { netPremiumText } from './builder-display';
import type { LegDraft } from './builder-draft';
import { lotsOf, netPremium, payoffLegsOf, type ResolvedLeg } from './leg-strikes';

/**
 * What the legs would trade now (issue 33): the net premium at the strikes the rules pick, and from
 * `POST /analytics/payoff` the P&L at expiry and today, breakevens and extremes, drawn by the Option Chain page's
 * chart. Asked once the legs have stood still a moment; the last answer stays while the next loads.
 */
export function BuilderPayoff({
  instrumentId,
  lotSize,
  legs,
  resolved,
}: {
  instrumentId: number;
  lotSize: number;
  legs: readonly LegDraft[];
  resolved: readonly (ResolvedLeg | null)[];
}) {
  const built = payoffLegsOf(instrumentId, legs, resolved);
  const json = built.ok ? JSON.stringify(built.request) : null;
  const settled = useSettled(json, 300);
  const request = useMemo(() => (settled ? (JSON.parse(settled) as PayoffRequest) : null), [settled]);
  const payoff = usePayoff(built.ok ? request : null);
  const shown = built.ok ? payoff.data : undefined;

  const priced = legs.flatMap((leg, i) => {
    const r = resolved[i];
    const lots = lotsOf(leg.lots);
    return r?.ok && r.premium !== null && lots !== null ? [{ side: leg.side, lots, premium: r.premium }] : [];
  });
  const premium = priced.length === legs.length ? netPremium(priced, lotSize) : null;

  return (
    <section className="card stack" aria-labelledby="sb-payoff-title">
      <h3 id="sb-payoff-title">Premium and payoff now</h3>
      <p className="muted">
        At the strikes and last prices above; 1 lot = {lotSize.toLocaleString('en-IN')} units. The strikes are chosen
        again when the strategy enters.
      </p>
      <p data-testid="sb-net-premium">
        Net premium:{' '}
        {premium === null ? (
          <span className="muted">needs every leg&apos;s strike, last price and lots</span>
        ) : (
          <strong>{netPremiumText(premium)}</strong>
        )}
      </p>
      {!built.ok && <p className="muted">{built.reason}</p>}
      {built.ok && payoff.isError && (
        <div className="message message-error" role="alert">
          <span>{serverWords(payoff.error, 'Could not draw the payoff')}</span>
        </div>
      )}
      {built.ok && !shown && payoff.isFetching && <p className="muted">Drawing the payoff...</p>}
      {shown && !payoff.isError && <PayoffFigures payoff={shown} isBusy={payoff.isFetching || settled !== json} />}
    </section>
  );
}
