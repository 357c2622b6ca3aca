import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createLimitsRepository } from './limits.repository.js';
import { portfolioFiguresOf, type PortfolioSources } from './portfolio-figures.js';
import { entryRefusalNote, portfolioBreaches } from './portfolio-limits.logic.js';

/** Users per `in (…)` list: well within both databases' parameter limits. */
const IN_LIST = 500;

/**
 * Why each of some users' next entries may not sell new legs (issue 34 item 4): their net delta, net vega or
 * margin used is already beyond a portfolio cap. The engine asks it before plans that open legs, under the plans'
 * locks, once for all their owners: the caps are one read for a candle close's users (a close of 10,000 strategies
 * pays one query, not one per owner), and only users with a cap set have their figures read, all in one pass. A
 * user absent from the answer crosses no cap.
 */
export function createPortfolioEntryCheck(deps: PortfolioSources & { db: Kysely<DB> }) {
  const repo = createLimitsRepository(deps.db);
  return async (userIds: readonly number[]): Promise<Map<number, string>> => {
    const refusals = new Map<number, string>();
    const capped = [];
    for (let i = 0; i < userIds.length; i += IN_LIST)
      capped.push(...(await repo.portfolioLimits(userIds.slice(i, i + IN_LIST))));
    if (capped.length === 0) return refusals;
    // One greeks read for all of them (the ledger's batched pass), margin asked afresh of those it caps.
    const figures = await portfolioFiguresOf(
      deps,
      capped.map((caps) => ({ id: caps.id, caps })),
    );
    for (const caps of capped) {
      const mine = figures.get(caps.id);
      const breaches = mine ? portfolioBreaches(mine, caps) : [];
      if (breaches.length > 0) refusals.set(caps.id, entryRefusalNote(breaches));
    }
    return refusals;
  };
}

export type PortfolioEntryCheck = ReturnType<typeof createPortfolioEntryCheck>;
