import { MSG, type Mapping } from '@app/contract';
import { formatQuantity as qty } from '../../lib/format';
import type { StrategyAction } from './useStrategyActions';

type ConfirmFacts = Pick<Mapping, 'is_dummy' | 'open_legs' | 'ce_count' | 'pe_count' | 'lot_size'>;

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Quantity a realign sells per side: count × RDX lot count × the instrument's lot size. */
export function sellQuantities(m: ConfirmFacts, lotCount: number): { ce: number; pe: number } {
  return { ce: m.ce_count * lotCount * m.lot_size, pe: m.pe_count * lotCount * m.lot_size };
}

function buyBackText(m: ConfirmFacts): string {
  return listOf(m.open_legs.map((leg) => `${qty(Math.abs(leg.quantity))} ${leg.trading_symbol}`));
}

function sellText(m: ConfirmFacts, lotCount: number): string {
  const { ce, pe } = sellQuantities(m, lotCount);
  const sides = [ce > 0 ? `${qty(ce)} CE` : null, pe > 0 ? `${qty(pe)} PE` : null].filter((s) => s !== null);
  if (sides.length === 0) return 'sells nothing (CE Count and PE Count are both 0)';
  const lots = `${lotCount} lot${lotCount === 1 ? '' : 's'}`;
  return `sells ${listOf(sides)} at the current ATM (count × ${lots} × lot size ${qty(m.lot_size)})`;
}

/**
 * The question asked before a row action, or null when the action goes ahead at once.
 * LIVE money is named in quantities: Exit lists the legs it buys back, Realign what it closes and
 * what it sells (`lotCount` is the mapping's RDX lot count). Paper strategies keep SPEC's Exit question.
 */
export function actionConfirmation(action: StrategyAction, m: ConfirmFacts, lotCount: number): string | null {
  const isLive = m.is_dummy !== 1;
  if (action === 'exit') {
    if (!isLive) return MSG.confirmExitStrategy;
    if (m.open_legs.length === 0) return 'Exit this LIVE strategy? It holds no open positions, so it only stops.';
    return `Exit this LIVE strategy? Buys back ${buyBackText(m)} at market.`;
  }
  if (action === 'realign' && isLive) {
    const sell = sellText(m, lotCount);
    if (m.open_legs.length === 0) return `Realign this LIVE strategy? It ${sell}, at market.`;
    return `Realign this LIVE strategy? Buys back ${buyBackText(m)}, then ${sell}, at market.`;
  }
  return null;
}
