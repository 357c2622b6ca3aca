import type { FastifyBaseLogger } from 'fastify';
import type { MarginOrder } from '../brokers/broker-port.js';
import { marginBasketOf } from './margin-guard.js';
import { MarginShortfall } from './margin-shortfall.js';
import { opensOf, type Plan } from './plan.js';

/** A paper entry to weigh against its account: its plan's basket as the margin calculator takes it. */
export interface PaperEntry {
  mappingId: number;
  userBrokerId: number;
  basket: MarginOrder[];
}

/** What an entry would add to its account's margin, and what the account has left for it, in paise. */
export interface PaperShortfall {
  neededPaise: number;
  availablePaise: number;
}

/**
 * The entries a Paper account's capital cannot cover, by mapping, asked for a whole candle close at once (the
 * brokers domain's answer: entries on other accounts are never short). Rejects when it cannot be said.
 */
export type PaperCapitalCheck = (entries: readonly PaperEntry[]) => Promise<Map<number, PaperShortfall>>;

/**
 * Before any paper fill of a close (or a manual Realign): each paper plan that sells new legs is weighed against
 * its Paper account's capital as a live one is against its broker's funds (margin-guard.ts), and one the capital
 * cannot cover is dropped with the same figures, nothing filled. All the plans are asked about in one call, so a
 * close of many strategies costs a few queries, not one per strategy. When the figures cannot be had the plans
 * go, as a live entry whose margin cannot be asked does.
 */
export async function dropPaperPlansTheCapitalCannotCover(
  plans: Plan[],
  check: PaperCapitalCheck | undefined,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ plans: Plan[]; refused: MarginShortfall[] }> {
  if (!check) return { plans, refused: [] };
  const entries: PaperEntry[] = [];
  for (const p of plans) {
    const { id, isDummy, userBrokerId } = p.mapping;
    if (isDummy !== 1 || userBrokerId === null || opensOf(p.decision).length === 0) continue;
    entries.push({ mappingId: id, userBrokerId, basket: marginBasketOf(p.decision) });
  }
  if (entries.length === 0) return { plans, refused: [] };
  let shorts: Map<number, PaperShortfall>;
  try {
    shorts = await check(entries);
  } catch (err) {
    logger.warn({ err, entries: entries.length }, 'could not weigh paper entries against their capital');
    return { plans, refused: [] };
  }
  if (shorts.size === 0) return { plans, refused: [] };
  const kept: Plan[] = [];
  const refused: MarginShortfall[] = [];
  for (const plan of plans) {
    const short = shorts.get(plan.mapping.id);
    if (short) refused.push(new MarginShortfall(plan.mapping.id, short.neededPaise, short.availablePaise));
    else kept.push(plan);
  }
  return { plans: kept, refused };
}
