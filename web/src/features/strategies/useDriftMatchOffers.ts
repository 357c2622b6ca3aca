import { api, RUNNING_STATUS, type Mapping } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { positionKeys } from '../positions/position-cache';
import { matchOffers, type MatchOffer } from '../positions/reconcile-display';

/** Paused because the broker no longer holds a leg it counts (issue 27): its row offers Match the broker. */
export function isPausedForDrift(m: Pick<Mapping, 'running_status' | 'stop_reason'>): boolean {
  return m.running_status === RUNNING_STATUS.PAUSED && m.stop_reason === 'broker_drift';
}

/** Each drift-paused strategy's offers to book a leg the broker no longer holds, by strategy id. */
export function offersByMapping(offers: readonly MatchOffer[]): Map<number, MatchOffer[]> {
  const out = new Map<number, MatchOffer[]>();
  for (const o of offers) out.set(o.mappingId, [...(out.get(o.mappingId) ?? []), o]);
  return out;
}

/**
 * What the table's drift-paused rows can match (issue 27), from the same comparison with the broker the banner
 * shows (one query, shared); asked only while some row is paused so.
 */
export function useDriftMatchOffers(rows: readonly Mapping[]): Map<number, MatchOffer[]> {
  const reconcile = useQuery({
    queryKey: positionKeys.reconcile,
    queryFn: () => call(api.positions.reconcile),
    enabled: rows.some(isPausedForDrift),
  });
  const offers = offersByMapping(matchOffers(reconcile.data?.accounts ?? []));
  // Only a paused row offers it: a running one sharing the symbol is never booked from here.
  const paused = new Set(rows.filter(isPausedForDrift).map((m) => m.id));
  return new Map([...offers].filter(([id]) => paused.has(id)));
}
