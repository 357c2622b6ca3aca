import { api } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { mappingKeys } from './mapping-keys';

/** 'mine': the signed-in user's mappings; 'all': every user's (admin only). */
export type MappingScope = 'mine' | 'all';

/**
 * How often the Active Strategies table re-reads its rows: status_detail names the next candle
 * close, the market opening and the like, which change with time and not only with events.
 */
export const MAPPINGS_POLL_MS = 30_000;

/** How long after a candle close its decisions have landed, for a read to show what the close did. */
const AFTER_CLOSE_MS = 3_000;

/**
 * When to read the rows next: every `pollMs`, and also just after each minute's candle close (every RDX
 * interval closes on a minute), so "next check at the candle closing 10:45" never names a close already
 * past for long (a trader on 1m candles saw it lag by up to 30 s).
 */
export function nextReadInMs(now: number, pollMs: number): number {
  const toNextClose = 60_000 - (now % 60_000);
  return Math.min(pollMs, toNextClose + AFTER_CLOSE_MS);
}

/** Strategy mappings of a scope; the Active Strategies table and the mappings table share the cache. */
export function useMappings(scope: MappingScope, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: scope === 'all' ? mappingKeys.allUsers() : mappingKeys.mine(),
    queryFn: () => (scope === 'all' ? call(api.strategies.listAll) : call(api.strategies.listMine)),
    ...(options.pollMs ? { refetchInterval: () => nextReadInMs(Date.now(), options.pollMs ?? MAPPINGS_POLL_MS) } : {}),
  });
}
