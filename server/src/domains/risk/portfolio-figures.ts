import type { Funds, PositionsReply } from '@app/contract';
import { toPaise } from '../../platform/time.js';
import { capsMargin, deltaE4, type PortfolioCaps, type PortfolioFigures } from './portfolio-limits.logic.js';

/** Where a user's portfolio figures come from: the ledger's positions with greeks, the brokers' funds. */
export interface PortfolioSources {
  /** A user's strategies' positions priced now, greeks totalled (the ledger's). */
  positionsOf: (userId: number) => Promise<PositionsReply>;
  /** A user's accounts' funds, each asked of its broker (a Paper account: the margin calculator). */
  fundsOf: (userId: number) => Promise<Funds>;
}

/**
 * The margin used across a user's accounts, in paise: the sum of what each account reports. An account that
 * could not be asked is left out, so the sum is a floor (a breach it shows is certain); null when none could say.
 */
export function marginUsedPaise(funds: Funds): number | null {
  const known = funds.accounts.filter((a) => a.used_margin !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, a) => sum + toPaise(a.used_margin ?? 0), 0);
}

/**
 * The user's figures now. Net delta and vega are the ledger's totals over every open leg that has greeks (a leg
 * without a live quote is left out, as on the positions screen), across live and paper and every underlying.
 * Margin is asked only when it is capped; `margin` given is used instead (a watch's recent reading).
 */
export async function portfolioFiguresOf(
  sources: PortfolioSources,
  userId: number,
  caps: PortfolioCaps,
  margin?: number | null,
): Promise<PortfolioFigures> {
  const [positions, marginUsed] = await Promise.all([
    sources.positionsOf(userId),
    !capsMargin(caps) ? null : margin !== undefined ? margin : sources.fundsOf(userId).then(marginUsedPaise),
  ]);
  const { delta, vega } = positions.totals.greeks;
  return { netDeltaE4: deltaE4(delta), netVegaPaise: toPaise(vega), marginUsedPaise: marginUsed };
}
