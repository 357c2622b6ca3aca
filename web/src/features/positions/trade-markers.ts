import { istMidnight, type Transaction } from '@app/contract';

export type MarkerKind = 'Entry' | 'Realign' | 'Exit';

/** One decision of a strategy on the chart: the fills it booked at one instant. */
export interface TradeMarker {
  /** Epoch milliseconds of the fills. */
  at: number;
  kind: MarkerKind;
  fills: Pick<Transaction, 'id' | 'trading_symbol' | 'quantity' | 'price'>[];
}

type Holdings = Map<string, number>;

const isFlat = (h: Holdings) => [...h.values()].every((q) => q === 0);

function addFills(h: Holdings, fills: TradeMarker['fills'], sign: 1 | -1): void {
  for (const f of fills) h.set(f.trading_symbol, (h.get(f.trading_symbol) ?? 0) + sign * f.quantity);
}

/**
 * A strategy's fills as chart markers: the fills of one instant (the engine books a decision's fills
 * with one timestamp) are one marker, an Entry when the strategy was flat before it, an Exit when it is
 * flat after it, otherwise a Realign. Only a window of fills may be at hand, so the holdings before the
 * earliest one are worked back from what the strategy holds now (its open legs) minus every fill given.
 */
export function tradeMarkers(
  fills: readonly Pick<Transaction, 'id' | 'trading_symbol' | 'quantity' | 'price' | 'transaction_date'>[],
  holdingsNow: ReadonlyMap<string, number>,
): TradeMarker[] {
  const sorted = [...fills]
    .map((f) => ({ ...f, at: Date.parse(f.transaction_date) }))
    .filter((f) => Number.isFinite(f.at))
    .sort((a, b) => a.at - b.at || a.id - b.id);
  const groups: { at: number; fills: TradeMarker['fills'] }[] = [];
  for (const f of sorted) {
    const fill = { id: f.id, trading_symbol: f.trading_symbol, quantity: f.quantity, price: f.price };
    const last = groups.at(-1);
    if (last && last.at === f.at) last.fills.push(fill);
    else groups.push({ at: f.at, fills: [fill] });
  }
  const holdings: Holdings = new Map(holdingsNow);
  for (const g of groups) addFills(holdings, g.fills, -1);
  return groups.map((g) => {
    const wasFlat = isFlat(holdings);
    addFills(holdings, g.fills, 1);
    const kind: MarkerKind = wasFlat ? 'Entry' : isFlat(holdings) ? 'Exit' : 'Realign';
    return { at: g.at, kind, fills: g.fills };
  });
}

/** Start of the IST calendar day holding `now`, epoch ms (the contract's one rule for server and screens). */
export const istDayStart = istMidnight;

/** The bar a moment falls in: the latest bar time (epoch s, ascending) at or before it; null before the first. */
export function barAtOrBefore(times: readonly number[], at: number): number | null {
  let found: number | null = null;
  for (const t of times) {
    if (t > at) break;
    found = t;
  }
  return found;
}

/**
 * The first point at or after a moment (the P&L just after a fill). Null for a fill before the first
 * point (the curve did not exist yet) or after the last (its reading has not come yet).
 */
export function pointAtOrAfter(times: readonly number[], at: number): number | null {
  const first = times[0];
  if (first === undefined || at < first) return null;
  for (const t of times) if (t >= at) return t;
  return null;
}
