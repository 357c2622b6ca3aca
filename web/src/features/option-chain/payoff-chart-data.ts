import type { Payoff } from '@app/contract';
import { extentOf, padExtent } from './chart-scale';

/**
 * The payoff chart's axes: the server's grid across (the underlying and breakevens are on it), and the P&L of both
 * curves up and down with zero always inside, so the zero line and breakevens are drawn; null with no points.
 */
export function payoffDomains(
  payoff: Pick<Payoff, 'at_expiry' | 'today' | 'underlying_price' | 'breakevens'>,
): { x: [number, number]; y: [number, number] } | null {
  const x = extentOf([
    ...payoff.at_expiry.map((p) => p.underlying),
    ...payoff.today.map((p) => p.underlying),
    payoff.underlying_price,
    ...payoff.breakevens,
  ]);
  const y = extentOf([...payoff.at_expiry.map((p) => p.pnl), ...payoff.today.map((p) => p.pnl), 0]);
  if (!x || payoff.at_expiry.length === 0 || !y) return null;
  return { x, y: padExtent(y, 0.08) };
}
