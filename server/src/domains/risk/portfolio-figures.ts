import type { Funds } from '@app/contract';
import { toPaise } from '../../platform/time.js';
import { capsMargin, type PortfolioCaps, type PortfolioFigures } from './portfolio-limits.logic.js';

/** A user's open legs' net greeks: delta in ten-thousandths of a unit (the ledger's four decimals), vega in paise. */
export interface NetGreeks {
  deltaE4: number;
  vegaPaise: number;
}

/** Where users' portfolio figures come from: the ledger's greeks, the brokers' funds. */
export interface PortfolioSources {
  /**
   * Each of the users' open legs' greeks summed across all their strategies, priced now (the ledger's, the same
   * totals as `GET /positions`), for many users in one pass; a user absent holds nothing with greeks.
   */
  greeksOf: (userIds: readonly number[]) => Promise<ReadonlyMap<number, NetGreeks>>;
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
 * The users' figures now, one greeks read for all of them. Net delta and vega are the ledger's totals over every
 * open leg that has greeks (a leg without a live quote is left out, as on the positions screen), across live and
 * paper and every underlying. Margin is asked only of users whose margin is capped: `marginOf` when given (a
 * watch's recent reading), else each user's brokers afresh.
 */
export async function portfolioFiguresOf(
  sources: PortfolioSources,
  users: ReadonlyArray<{ id: number; caps: PortfolioCaps }>,
  marginOf: (userId: number) => Promise<number | null> = async (userId) =>
    marginUsedPaise(await sources.fundsOf(userId)),
): Promise<Map<number, PortfolioFigures>> {
  const [greeks, margins] = await Promise.all([
    sources.greeksOf(users.map((u) => u.id)),
    Promise.all(users.map((u) => (capsMargin(u.caps) ? marginOf(u.id) : Promise.resolve(null)))),
  ]);
  return new Map(
    users.map((u, i) => {
      const net = greeks.get(u.id) ?? { deltaE4: 0, vegaPaise: 0 };
      return [u.id, { netDeltaE4: net.deltaE4, netVegaPaise: net.vegaPaise, marginUsedPaise: margins[i] ?? null }];
    }),
  );
}
