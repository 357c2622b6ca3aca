import type { FastifyBaseLogger } from 'fastify';
import type { PaperAccountBook, PaperPosition } from './broker-funds.service.js';
import type { MarginOrder } from './broker-port.js';
import { isPaperKind } from './broker-registry.js';
import type { BrokersRepository } from './brokers.repository.js';
import { withBasket } from './entry-margins.service.js';

/*
 * A candle close's paper entries weighed against their Paper accounts' capital (issue 34 item 3), before any
 * paper fill: the figures are those `POST /strategies/user-mappings/{id}/margin` gives a paper strategy. What an
 * entry needs is the margin its basket adds to the paper legs its account holds (the market-data login's
 * calculator); what the account has is its capital and what its strategies booked, less the margin those legs
 * hold. Entries on other accounts (a paper strategy on a broker account spends none of its money) are never short.
 */

/** One entry to weigh: its strategy, its account, its orders as the calculator takes them. */
export interface PaperCapitalEntry {
  mappingId: number;
  userBrokerId: number;
  basket: readonly MarginOrder[];
}

/** How many accounts are priced at once: they share the market-data login's rate at the calculator. */
const PRICED_AT_ONCE = 4;

export function createPaperCapitalCheck(deps: {
  repo: Pick<BrokersRepository, 'findByIds' | 'openPaperLegsOf'>;
  /** Each of a user's accounts' paper books, keyed by account (the P&L domain's). */
  paperBooks: (userId: number) => Promise<Map<number, PaperAccountBook>>;
  /** What positions would hold in margin as one basket (the market-data login's calculator). */
  basketMarginPaise: (positions: readonly PaperPosition[]) => Promise<{ initialPaise: number; finalPaise: number }>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const marginOf = async (positions: readonly PaperPosition[]) => (await deps.basketMarginPaise(positions)).finalPaise;

  /**
   * One account's entries, in the order given: when the capital covers them all together (one question to the
   * calculator) none is short. Otherwise each is admitted in turn while the legs held and those admitted before
   * it still fit, and one that does not is short by what it would add to them.
   */
  async function weigh(held: readonly PaperPosition[], entries: PaperCapitalEntry[], capitalPaise: number) {
    const shorts = new Map<number, { neededPaise: number; availablePaise: number }>();
    const all = entries.reduce<PaperPosition[]>((positions, e) => withBasket(positions, e.basket), [...held]);
    if ((await marginOf(all)) <= capitalPaise) return shorts;
    let base: PaperPosition[] = [...held];
    let baseMargin = await marginOf(base);
    for (const e of entries) {
      const next = withBasket(base, e.basket);
      const margin = await marginOf(next);
      if (margin > capitalPaise) {
        shorts.set(e.mappingId, { neededPaise: margin - baseMargin, availablePaise: capitalPaise - baseMargin });
        continue;
      }
      base = next;
      baseMargin = margin;
    }
    return shorts;
  }

  return async function paperShortfalls(entries: readonly PaperCapitalEntry[]) {
    const shorts = new Map<number, { neededPaise: number; availablePaise: number }>();
    const byAccount = new Map<number, PaperCapitalEntry[]>();
    for (const e of entries) byAccount.set(e.userBrokerId, [...(byAccount.get(e.userBrokerId) ?? []), e]);
    const papers = (await deps.repo.findByIds([...byAccount.keys()])).filter((r) => isPaperKind(r.brokerKind));
    if (papers.length === 0) return shorts;
    const owners = [...new Set(papers.map((r) => r.userId))];
    const [held, books] = await Promise.all([
      deps.repo.openPaperLegsOf(papers.map((r) => r.id)),
      Promise.all(owners.map(async (userId) => [userId, await deps.paperBooks(userId)] as const)),
    ]);
    const bookOf = new Map(books);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < papers.length; i = next++) {
        const row = papers[i]!;
        const capitalPaise =
          Number(row.virtualCapitalPaise ?? 0) + (bookOf.get(row.userId)?.get(row.id)?.bookedPaise ?? 0);
        try {
          const found = await weigh(held.get(row.id) ?? [], byAccount.get(row.id) ?? [], capitalPaise);
          for (const [id, short] of found) shorts.set(id, short);
        } catch (err) {
          // Not priced: this account's entries go, as a live entry whose margin cannot be asked does.
          deps.logger.warn({ err, userBrokerId: row.id }, 'could not weigh paper entries against the account capital');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PRICED_AT_ONCE, papers.length) }, worker));
    return shorts;
  };
}

export type PaperCapitalCheck = ReturnType<typeof createPaperCapitalCheck>;
