import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call, messageOf } from '../../api/client';
import { Message, useFlash } from '../../components/Message';
import { MatchBrokerModal } from './MatchBrokerModal';
import { positionKeys } from './position-cache';
import {
  lastCheckFailed,
  matchOffers,
  paperOnlyLine,
  reconcileAgreement,
  reconcileNotices,
  type MatchOffer,
} from './reconcile-display';
import './positions.css';

/** How often the broker's positions are compared with the console's, besides after every fill. */
export const RECONCILE_POLL_MS = 30_000;

/** Why the last comparison failed, when the server's reply names no reason a trader can act on. */
const CHECK_FAILED = 'the console did not answer';

/**
 * A banner when a live broker account holds something other than what the console's strategies hold
 * (a trade placed outside the console, an order the console lost): each drifting symbol with both
 * quantities. A broker that could not be asked gets a quieter line, and only if the console holds
 * something there. While every live account agrees, one quiet line says so and when; nothing without live
 * accounts, or while the check is unknown or failing. "Check now" asks the broker again at once. Where the
 * console counts a leg the broker no longer holds (closed in Kite by hand), its strategy is paused and "Match
 * the broker" books that leg as bought back at the trader's price (issue 27). A console trading only on paper
 * says there is no broker to compare with.
 */
export function ReconcileBanner({ withUser = false }: { withUser?: boolean }) {
  const reconcile = useQuery({
    queryKey: positionKeys.reconcile,
    queryFn: () => call(api.positions.reconcile),
    refetchInterval: RECONCILE_POLL_MS,
  });
  const [matching, setMatching] = useState<MatchOffer | null>(null);
  const { flash, show, clear } = useFlash();
  if (!reconcile.data) return null;
  const done = <Message flash={flash} onClose={clear} />;
  const modal = matching && (
    <MatchBrokerModal
      offer={matching}
      onClose={() => setMatching(null)}
      onMatched={(text) => {
        setMatching(null);
        show('success', text);
      }}
    />
  );
  const { drift, unchecked } = reconcileNotices(reconcile.data.accounts, withUser);
  // Asking the broker again at once: after fixing a position by hand, or to see agreement now.
  const checkNow = (
    <button
      type="button"
      className="reconcile-check"
      disabled={reconcile.isFetching}
      onClick={() => void reconcile.refetch()}
    >
      {reconcile.isFetching ? 'Checking…' : 'Check now'}
    </button>
  );
  // A check that failed after an earlier one answered: the earlier answer is not passed off as current.
  const failed = reconcile.isError ? (
    <p className="reconcile-unchecked" role="status" data-testid="reconcile-failed">
      {lastCheckFailed(messageOf(reconcile.error, CHECK_FAILED), reconcile.data.checked_at)} {checkNow}
    </p>
  ) : null;
  const agreement = reconcileAgreement(reconcile.data.accounts, reconcile.data.checked_at);
  if (agreement !== null) {
    return (
      <>
        {done}
        {failed ?? (
          <p className="reconcile-agree" role="status" data-testid="reconcile-agree">
            {agreement} {checkNow}
          </p>
        )}
      </>
    );
  }
  const paper = paperOnlyLine(reconcile.data.accounts, reconcile.data.paper_strategies);
  if (paper !== null) {
    return (
      <p className="reconcile-agree" role="status" data-testid="reconcile-paper">
        {paper}
      </p>
    );
  }
  if (drift.length === 0 && unchecked.length === 0) return done;
  const offers = matchOffers(reconcile.data.accounts);
  return (
    <div className="reconcile-notices" data-testid="reconcile-banner">
      {done}
      {modal}
      {failed}
      {drift.length > 0 && (
        <div className="reconcile-drift" role="alert">
          {drift.map((d) => (
            <p key={d.key}>{d.text}</p>
          ))}
          {offers.length > 0 && (
            <p className="reconcile-hint">
              A strategy counting a leg the broker no longer holds is paused. Bought it back in Kite yourself? Book it
              here at your price, then Resume the strategy.
            </p>
          )}
          {offers.map((o) => (
            <p key={o.key} className="reconcile-offer">
              <button type="button" className="reconcile-match" onClick={() => setMatching(o)}>
                Match the broker: {o.tradingSymbol} in {o.strategy}
                {withUser ? ` (${o.owner})` : ''}
              </button>
            </p>
          ))}
          <p className="reconcile-hint">
            Check the broker&apos;s positions screen before the strategy trades again: the console only knows its own
            fills. {checkNow}
          </p>
        </div>
      )}
      {unchecked.length > 0 && (
        <div className="reconcile-unchecked" role="status">
          {unchecked.map((u) => (
            <p key={u.key}>{u.text}</p>
          ))}
        </div>
      )}
    </div>
  );
}
