import type { AdminPosition, PnlFigures, Position, PositionsReply, PositionTotals } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { shiftGreeks, ZERO_GREEKS } from './greeks-display';
import { toPaise, toRupees } from './pnl-display';

/**
 * TanStack Query keys of positions. Both lists live under `positionKeys.all`; reconciliation has a
 * key of its own because it asks the broker and is refreshed on a different rhythm.
 */
export const positionKeys = {
  all: ['positions'] as const,
  mine: () => [...positionKeys.all, 'mine'] as const,
  allUsers: () => [...positionKeys.all, 'all-users'] as const,
  reconcile: ['positions-reconcile'] as const,
};

const FIGURES = ['realized_pnl', 'unrealized_pnl', 'charges', 'net_pnl'] as const;
const ZERO_PNL: PnlFigures = { realized_pnl: 0, unrealized_pnl: 0, charges: 0, net_pnl: 0 };

/** `base` + `added` − `removed`, figure by figure, in paise. */
export function shiftFigures(base: PnlFigures, added: PnlFigures, removed: PnlFigures | undefined): PnlFigures {
  const out = { ...base };
  for (const key of FIGURES) {
    out[key] = toRupees(toPaise(base[key]) + toPaise(added[key]) - (removed ? toPaise(removed[key]) : 0));
  }
  return out;
}

/** Totals with a strategy's figures and greeks in (`added`) and its old ones out (`removed`). */
function shiftTotals(base: PositionTotals, added: Position | undefined, removed: Position | undefined): PositionTotals {
  return {
    ...shiftFigures(base, added ?? ZERO_PNL, removed),
    greeks: shiftGreeks(base.greeks, added?.greeks ?? ZERO_GREEKS, removed?.greeks),
  };
}

/** What a strategy holds, symbol by symbol, as one comparable string ("SYMBOL:quantity,…"). */
export function holdingsKey(position: Pick<Position, 'legs'> | undefined): string {
  if (!position) return '';
  return position.legs
    .map((l) => `${l.trading_symbol}:${l.quantity}`)
    .sort()
    .join(',');
}

/** The holdings a {@link holdingsKey} names, symbol → net quantity. */
export function holdingsFromKey(key: string): Map<string, number> {
  const held = new Map<string, number>();
  for (const entry of key.split(',')) {
    const at = entry.lastIndexOf(':');
    if (at > 0) held.set(entry.slice(0, at), Number(entry.slice(at + 1)));
  }
  return held;
}

/**
 * A positions reply with one strategy's new figures merged in (a `positions_updated` event): the row is
 * replaced or added, and the totals and today's strip move by the difference, so they stay the server's
 * sums without re-reading the list.
 */
export function applyPositionUpdate<R extends PositionsReply>(
  reply: R,
  position: R['positions'][number],
  at: string,
): R {
  const index = reply.positions.findIndex((p) => p.user_strategy_mapping_id === position.user_strategy_mapping_id);
  const previous = index >= 0 ? reply.positions[index] : undefined;
  const positions = index >= 0 ? reply.positions.with(index, position) : [...reply.positions, position];
  return {
    ...reply,
    positions,
    totals: shiftTotals(reply.totals, position, previous),
    today: shiftFigures(reply.today, position.today, previous?.today),
    by_mode: shiftModes(reply.by_mode, position, previous),
    charges_final: positions.every((p) => p.charges_final),
    as_of: at,
  };
}

const modeOf = (p: Pick<Position, 'is_dummy'>) => (p.is_dummy === 1 ? 'paper' : 'live');

/** The live and paper figures with one strategy's new figures in its mode (and its old ones out of theirs). */
function shiftModes(
  modes: PositionsReply['by_mode'],
  position: Position,
  previous: Position | undefined,
): PositionsReply['by_mode'] {
  const out = { live: { ...modes.live }, paper: { ...modes.paper } };
  if (previous) {
    const was = out[modeOf(previous)];
    was.strategies -= 1;
    was.totals = shiftTotals(was.totals, undefined, previous);
    was.today = shiftFigures(was.today, ZERO_PNL, previous.today);
  }
  const now = out[modeOf(position)];
  now.strategies += 1;
  now.totals = shiftTotals(now.totals, position, undefined);
  now.today = shiftFigures(now.today, position.today, undefined);
  return out;
}

/** Without the admin-only field, for the signed-in user's own list. */
function ownPosition(position: AdminPosition): Position {
  const { user_username: _username, ...own } = position;
  return own;
}

/**
 * Merges a `positions_updated` event into every cached positions list it belongs to: the user's own
 * list when it is theirs, the all-users list (admins) always. Returns whether the strategy's holdings
 * changed (a fill rather than a price move), which is when reconciliation is worth asking again.
 */
export function patchPositionInCache(queryClient: QueryClient, position: AdminPosition, viewerId: number): boolean {
  const at = new Date().toISOString();
  const id = position.user_strategy_mapping_id;
  let before: Position | undefined;
  let isCached = false;
  const remember = (reply: PositionsReply | undefined) => {
    const found = reply?.positions.find((p) => p.user_strategy_mapping_id === id);
    if (found) before = found;
    if (reply) isCached = true;
  };
  if (position.user_id === viewerId) {
    queryClient.setQueriesData<PositionsReply>({ queryKey: positionKeys.mine() }, (old) => {
      remember(old);
      return old ? applyPositionUpdate(old, ownPosition(position), at) : old;
    });
  }
  queryClient.setQueriesData<PositionsReply & { positions: AdminPosition[] }>(
    { queryKey: positionKeys.allUsers() },
    (old) => {
      remember(old);
      return old ? applyPositionUpdate(old, position, at) : old;
    },
  );
  return !isCached || holdingsKey(before) !== holdingsKey(position);
}
