import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { positionKeys } from './position-cache';
import { reconcileAgreement, reconcileNotices } from './reconcile-display';
import './positions.css';

/** How often the broker's positions are compared with the console's, besides after every fill. */
export const RECONCILE_POLL_MS = 30_000;

/**
 * A banner when a live broker account holds something other than what the console's strategies hold
 * (a trade placed outside the console, an order the console lost): each drifting symbol with both
 * quantities. A broker that could not be asked gets a quieter line, and only if the console holds
 * something there. While every live account agrees, one quiet line says so and when; nothing without live
 * accounts, or while the check is unknown or failing. "Check now" asks the broker again at once.
 */
export function ReconcileBanner({ withUser = false }: { withUser?: boolean }) {
  const reconcile = useQuery({
    queryKey: positionKeys.reconcile,
    queryFn: () => call(api.positions.reconcile),
    refetchInterval: RECONCILE_POLL_MS,
  });
  if (!reconcile.data) return null;
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
  const agreement = reconcileAgreement(reconcile.data.accounts, reconcile.data.checked_at);
  if (agreement !== null) {
    return (
      <p className="reconcile-agree" role="status" data-testid="reconcile-agree">
        {agreement} {checkNow}
      </p>
    );
  }
  if (drift.length === 0 && unchecked.length === 0) return null;
  return (
    <div className="reconcile-notices" data-testid="reconcile-banner">
      {drift.length > 0 && (
        <div className="reconcile-drift" role="alert">
          {drift.map((d) => (
            <p key={d.key}>{d.text}</p>
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
