import { api, type AdminPosition, type Position, type PositionsReply } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { mtmHistory } from './mtm-history';
import { mtmOf } from './pnl-display';
import { positionKeys } from './position-cache';

/** 'mine': the signed-in user's strategies; 'all': every user's (admin only). */
export type PositionsScope = 'mine' | 'all';

/**
 * A safety net only: `positions_updated` moves the figures live, and a re-read every 30 s catches what a
 * dropped connection missed.
 */
export const POSITIONS_POLL_MS = 30_000;

type AnyPositionsReply = PositionsReply & { positions: (Position | AdminPosition)[] };

/** Positions and P&L of a scope; each reading also extends the strategies' MTM curves. */
export function usePositions(scope: PositionsScope) {
  const query = useQuery<AnyPositionsReply>({
    queryKey: scope === 'all' ? positionKeys.allUsers() : positionKeys.mine(),
    queryFn: () => (scope === 'all' ? call(api.positions.listAll) : call(api.positions.listMine)),
    refetchInterval: POSITIONS_POLL_MS,
  });
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    const at = Date.now();
    for (const p of data.positions) mtmHistory.record(p.user_strategy_mapping_id, mtmOf(p), at);
  }, [data]);
  return query;
}

/** The positions of a reply by mapping id, for joining them to the Active Strategies rows. */
export function positionsById(reply: AnyPositionsReply | undefined): Map<number, Position> {
  return new Map((reply?.positions ?? []).map((p) => [p.user_strategy_mapping_id, p]));
}
