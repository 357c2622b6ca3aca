import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createLimitsRepository } from './limits.repository.js';
import { portfolioFiguresOf, type PortfolioSources } from './portfolio-figures.js';
import { entryRefusalNote, portfolioBreaches } from './portfolio-limits.logic.js';

/**
 * Why a user's next entry may not sell new legs (issue 34 item 4): their net delta, net vega or margin used is
 * already beyond a portfolio cap. The engine asks it before a plan that opens legs, under the plan's locks; a
 * user with no cap set costs one read. Null: no cap is crossed.
 */
export function createPortfolioEntryCheck(deps: PortfolioSources & { db: Kysely<DB> }) {
  const repo = createLimitsRepository(deps.db);
  return async (userId: number): Promise<string | null> => {
    const [caps] = await repo.portfolioLimits([userId]);
    if (!caps) return null;
    const breaches = portfolioBreaches(await portfolioFiguresOf(deps, userId, caps), caps);
    return breaches.length === 0 ? null : entryRefusalNote(breaches);
  };
}

export type PortfolioEntryCheck = ReturnType<typeof createPortfolioEntryCheck>;
