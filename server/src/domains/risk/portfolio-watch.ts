import type { Mapping } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { StatusReason } from '../strategies/mappings.service.js';
import type { LimitsRepository } from './limits.repository.js';
import { marginUsedPaise, portfolioFiguresOf, type PortfolioSources } from './portfolio-figures.js';
import {
  breachesText,
  breachStopNote,
  breachText,
  newBreaches,
  portfolioBreaches,
  type PortfolioCaps,
  type PortfolioFigures,
} from './portfolio-limits.logic.js';

/** A user's portfolio is priced at most this often on price updates (it prices every strategy of theirs). */
const CHECK_EVERY_MS = 1000;
/**
 * The margin used is asked of the brokers at most this often per user on price updates: each ask counts against
 * the broker's request rate. An entry asks afresh (portfolio-entry-check.ts).
 */
const MARGIN_EVERY_MS = 60_000;

export interface PortfolioWatchDeps {
  repo: Pick<LimitsRepository, 'portfolioLimits' | 'setStopNotes'>;
  sources: PortfolioSources;
  events: Pick<DomainEventBus, 'publish'>;
  now: () => number;
  /** The user's strategies with something left to stop that no limit has flattened yet (marked as flattened). */
  rowsToStop: (userId: number) => Promise<Mapping[]>;
  stopAndFlatten: (rows: Mapping[], reason: StatusReason) => Promise<unknown>;
}

/**
 * Portfolio limits on every price update (issue 34 item 4), run from the limits watch's queue: each user with a
 * cap has their net delta, net vega and margin used compared with it. A new breach is published once
 * (`limits.portfolio_breached`, the alerts domain tells the owner and admins); with Reduce on breach the user's
 * strategies are stopped and squared off through the same path as a daily max loss, stop reason
 * `portfolio_limit`, the figures on each row. Without it the engine only refuses entries while it lasts.
 */
export function createPortfolioWatch(deps: PortfolioWatchDeps) {
  const told = new Map<number, Set<string>>();
  const checkedAt = new Map<number, number>();
  const margins = new Map<number, { at: number; paise: number | null }>();
  const stopping = new Set<number>();

  async function marginOf(userId: number, now: number): Promise<number | null> {
    const kept = margins.get(userId);
    if (kept && now - kept.at < MARGIN_EVERY_MS) return kept.paise;
    const paise = marginUsedPaise(await deps.sources.fundsOf(userId));
    margins.set(userId, { at: now, paise });
    return paise;
  }

  async function checkOne(userId: number, caps: PortfolioCaps & { reduceOnBreach: number }, figures: PortfolioFigures) {
    const now = deps.now();
    const breaches = portfolioBreaches(figures, caps);
    const { fresh, told: next } = newBreaches(told.get(userId) ?? new Set(), breaches);
    told.set(userId, next);
    if (breaches.length === 0) return;
    const isReducing = caps.reduceOnBreach === 1;
    const rows = isReducing ? await deps.rowsToStop(userId) : [];
    const note = breachStopNote(breaches);
    if (rows.length > 0) await deps.repo.setStopNotes(rows.map((m) => ({ id: m.id, note })));
    if (fresh.length > 0) {
      void deps.events.publish('limits.portfolio_breached', {
        userId,
        breaches: fresh.map((b) => ({ ...b, text: breachText(b) })),
        note: breachesText(breaches),
        isReducing,
        mappings: rows,
        at: now,
      });
    }
    if (rows.length > 0) await deps.stopAndFlatten(rows, 'portfolio_limit');
  }

  return {
    /** Checks the users among `userIds` that have a cap and were not checked within the last second. */
    async check(userIds: readonly number[]) {
      const now = deps.now();
      const due = userIds.filter((u) => !stopping.has(u) && now - (checkedAt.get(u) ?? -Infinity) >= CHECK_EVERY_MS);
      const capped = await deps.repo.portfolioLimits(due);
      if (capped.length === 0) return;
      for (const caps of capped) checkedAt.set(caps.id, now);
      // Every due user's figures in one pass (one greeks read for all: 10,000 strategies in one tick), then each
      // compared and, on a breach, acted on in turn.
      const figures = await portfolioFiguresOf(
        deps.sources,
        capped.map((caps) => ({ id: caps.id, caps })),
        (userId) => marginOf(userId, now),
      );
      for (const caps of capped) {
        const mine = figures.get(caps.id);
        if (!mine || stopping.has(caps.id)) continue;
        stopping.add(caps.id);
        try {
          await checkOne(caps.id, caps, mine);
        } finally {
          stopping.delete(caps.id);
        }
      }
    },
    /** A limit just changed: the next check prices the user at once, the margin asked afresh. */
    forget(userId: number) {
      checkedAt.delete(userId);
      margins.delete(userId);
    },
  };
}
