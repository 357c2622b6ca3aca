import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { opensOf, type Plan } from './plan.js';

/** Why each of some users' entries may not sell new legs now, by user; a user absent crosses no cap. */
export type PortfolioRefusals = (userIds: readonly number[]) => Promise<Map<number, string>>;

/** An entry refused because the owner's portfolio is beyond a cap (issue 34 item 4): nothing was sent. */
export class PortfolioLimitRefusal extends AppError {
  constructor(
    readonly mappingId: number,
    /** The row's words, after "Cannot trade: ". */
    readonly note: string,
  ) {
    super(409, 'CONFLICT', `Not entered: ${note}`);
  }
}

/**
 * Before any order of a decision's plans: each plan that sells new legs (an entry, a realign) is dropped when
 * its owner's net delta, net vega or margin used is already beyond a portfolio cap, and a refusal is returned
 * for it with the figures. Buy-backs alone (a square-off) always go: they only reduce. The owners are asked at once.
 * When the figures cannot be read the plans go, as an entry whose margin cannot be asked does.
 */
export async function dropPlansBeyondPortfolioCaps(
  plans: Plan[],
  refusalsOf: PortfolioRefusals | undefined,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ plans: Plan[]; refused: PortfolioLimitRefusal[] }> {
  if (!refusalsOf) return { plans, refused: [] };
  const owners = [...new Set(plans.filter((p) => opensOf(p.decision).length > 0).map((p) => p.mapping.userId))];
  if (owners.length === 0) return { plans, refused: [] };
  let refusals: Map<number, string>;
  try {
    refusals = await refusalsOf(owners);
  } catch (err) {
    logger.warn({ err, owners: owners.length }, 'could not read the portfolio limits before an entry');
    return { plans, refused: [] };
  }
  if (refusals.size === 0) return { plans, refused: [] };
  const kept: Plan[] = [];
  const refused: PortfolioLimitRefusal[] = [];
  for (const plan of plans) {
    const why = opensOf(plan.decision).length > 0 ? refusals.get(plan.mapping.userId) : undefined;
    if (why === undefined) kept.push(plan);
    else refused.push(new PortfolioLimitRefusal(plan.mapping.id, why));
  }
  return { plans: kept, refused };
}
