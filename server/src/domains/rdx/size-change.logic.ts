import type { LegClose, LegOrder, OpenLeg } from '../strategies/decision.logic.js';

/*
 * A size change on a strike already held trades only the difference (issue 28): a strategy holding 150 of a
 * call that should hold 50 buys back 100, not 150 to sell 50 again in the same second (an extra order, its
 * STT and the spread paid twice for a position that ends where a single order would have left it).
 * Netting is for sold legs and sold orders only (RDX's): a bought leg (quantity < 0) is closed whole and a BUY
 * order opened as it is, so a size change never mixes a long and a short of one contract.
 */

/** The contracts a decision buys back and sells, netted per trading symbol. */
export interface NettedTrades {
  close: LegClose[];
  open: LegOrder[];
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** The parts of `legs` to buy back so that `keep` units stay held, by leg id (see `buyBackDownTo`). */
function partsToBuyBack(legs: readonly OpenLeg[], keep: number): Map<number, LegClose> {
  let excess = sum(legs.map((l) => l.quantity)) - keep;
  const chosen = new Map<number, LegClose>();
  for (const leg of [...legs].sort((a, b) => b.id - a.id)) {
    if (excess <= 0) break;
    if (leg.quantity <= excess) chosen.set(leg.id, leg);
    else chosen.set(leg.id, { ...leg, quantity: excess, heldQuantity: leg.quantity });
    excess -= Math.min(leg.quantity, excess);
  }
  return chosen;
}

/**
 * What to buy back of `legs` (one contract's sold legs, quantity > 0) so that `keep` units stay held: the newest legs first (the last
 * sold go first), and a leg holding more than is left to buy back is only shrunk by it. In the legs' order.
 */
export function buyBackDownTo(legs: readonly OpenLeg[], keep: number): LegClose[] {
  const parts = partsToBuyBack(legs, keep);
  return legs.flatMap((l) => parts.get(l.id) ?? []);
}

/**
 * Where a decision would buy back legs of a contract and sell the same contract again, trades only the
 * difference: a smaller size buys back what is too much, a larger one sells what is missing, the same size
 * trades nothing. A contract in one list only (a strike change, a roll to the next expiry) is bought back or
 * sold in full, as before. Both lists keep their order.
 */
export function tradeOnlyTheDifference(close: readonly OpenLeg[], open: readonly LegOrder[]): NettedTrades {
  const wanted = new Map<string, number>();
  for (const o of open) {
    if (o.side === 'SELL') wanted.set(o.option.tradingSymbol, (wanted.get(o.option.tradingSymbol) ?? 0) + o.quantity);
  }
  const heldLegs = new Map<string, OpenLeg[]>();
  const closing = new Map<number, LegClose>();
  for (const l of close) {
    if (l.quantity > 0) heldLegs.set(l.tradingSymbol, [...(heldLegs.get(l.tradingSymbol) ?? []), l]);
    else closing.set(l.id, l);
  }

  for (const [symbol, legs] of heldLegs) {
    const keep = wanted.get(symbol);
    if (keep === undefined) for (const l of legs) closing.set(l.id, l);
    else for (const [id, part] of partsToBuyBack(legs, keep)) closing.set(id, part);
  }

  const opening: LegOrder[] = [];
  const sold = new Set<string>();
  for (const o of open) {
    const symbol = o.option.tradingSymbol;
    const legs = heldLegs.get(symbol);
    if (!legs || o.side !== 'SELL') {
      opening.push(o);
      continue;
    }
    // The contract is held: one order for what is missing of all that is wanted of it, if anything is.
    if (sold.has(symbol)) continue;
    sold.add(symbol);
    const missing = (wanted.get(symbol) ?? 0) - sum(legs.map((l) => l.quantity));
    if (missing > 0) opening.push({ option: o.option, side: 'SELL', quantity: missing });
  }
  return { close: close.flatMap((l) => closing.get(l.id) ?? []), open: opening };
}
