import type { Mapping, Position, PositionsReply } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { StatusReason } from '../strategies/mappings.service.js';
import {
  dailyBreach,
  dayPnlPaise,
  hasSomethingToStop,
  limitStopNote,
  strategyBreach,
  type LimitReason,
} from './limits.logic.js';
import type { LimitsRepository } from './limits.repository.js';
import type { PortfolioSources } from './portfolio-figures.js';
import { createPortfolioWatch } from './portfolio-watch.js';

/** A user's day is summed at most this often (a sum prices every strategy of theirs). */
const DAILY_CHECK_EVERY_MS = 1000;

export interface LimitsWatchDeps {
  repo: Pick<LimitsRepository, 'strategyLimits' | 'dailyLimits' | 'ownerOf' | 'setStopNotes'>;
  /** Hears prices and status changes; tells of each breach (`limits.breached`, with its figures). */
  events: Pick<DomainEventBus, 'subscribe' | 'publish'>;
  now: () => number;
  /** A user's strategies' positions priced now, with the day's figures across them (the ledger's). */
  positionsOf: (userId: number) => Promise<PositionsReply>;
  /** A user's strategies as the API shows them (status and open legs). */
  mappingsOf: (userId: number) => Promise<Mapping[]>;
  stopAndFlatten: (rows: Mapping[], reason: StatusReason) => Promise<unknown>;
  logger: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Portfolio limits (issue 34 item 4): users' caps, their net greeks, and their accounts' funds for the margin used. */
  portfolio?: { limitsOf: LimitsRepository['portfolioLimits'] } & PortfolioSources;
}

/**
 * Loss and profit limits (issue 13), checked on every price update of a strategy's legs: the ledger's
 * `positions.changed` (at most once a second per strategy, on the instance that leads) carries each
 * strategy's day P&L. A breach stops the strategy — or every strategy of the user on a daily breach — and
 * exits its legs through the kill switch's path, under each mapping's lock.
 */
export function createLimitsWatch(deps: LimitsWatchDeps) {
  /** Positions not yet checked, newest per strategy: a slow exit must not queue up stale prices. */
  const pending = new Map<number, Position>();
  /** Strategies and users being stopped now: one breach, one stop. */
  const stopping = new Set<number>();
  const stoppingUsers = new Set<number>();
  const userCheckedAt = new Map<number, number>();
  let draining: Promise<void> | null = null;
  /** Checks started by a limit change, still pricing the user's strategies. */
  const checks = new Set<Promise<void>>();

  /**
   * Strategies this watch has already stopped and sent to be flattened, until they are started again. A
   * leg the broker keeps refusing stays open (the engine's square-off chase retries it, backing off); the
   * next price update must not place a fresh exit and restart the chase every second.
   */
  const flattened = new Set<number>();

  /** The user's strategies (those of `ids`) with something to stop that no limit flattened yet; marked flattened. */
  async function rowsToStop(userId: number, ids: Set<number> | 'all') {
    const rows = (await deps.mappingsOf(userId)).filter(
      (m) =>
        (ids === 'all' || ids.has(m.id)) &&
        !flattened.has(m.id) &&
        hasSomethingToStop({ runningStatus: m.running_status, openLegCount: m.open_legs.length }),
    );
    for (const m of rows) flattened.add(m.id);
    return rows;
  }

  const portfolio =
    deps.portfolio &&
    createPortfolioWatch({
      repo: { portfolioLimits: deps.portfolio.limitsOf, setStopNotes: deps.repo.setStopNotes },
      sources: { greeksOf: deps.portfolio.greeksOf, fundsOf: deps.portfolio.fundsOf },
      events: deps.events,
      now: deps.now,
      rowsToStop: (userId) => rowsToStop(userId, 'all'),
      stopAndFlatten: deps.stopAndFlatten,
    });

  /**
   * Stops what a breach names. The figures go on the rows first (issue 27: a stop far past its limit says by
   * how much) and out as `limits.breached`, so the stop and its alert both carry them. `figuresOf` gives each
   * strategy's day and limit (a daily breach: the user's, the same for all).
   */
  async function stop(
    userId: number,
    ids: Set<number> | 'all',
    reason: LimitReason,
    figuresOf: (id: number) => { dayPnlPaise: number; limitPaise: number },
  ) {
    const rows = await rowsToStop(userId, ids);
    if (rows.length === 0) return;
    const noted = rows.map((m) => {
      const figures = figuresOf(m.id);
      return { mapping: m, figures, note: limitStopNote(reason, figures.dayPnlPaise, figures.limitPaise) };
    });
    await deps.repo.setStopNotes(noted.map((n) => ({ id: n.mapping.id, note: n.note })));
    // One event per figure: a daily breach is one, each strategy's own limit its own.
    const byNote = new Map<string, typeof noted>();
    for (const n of noted) byNote.set(n.note, [...(byNote.get(n.note) ?? []), n]);
    for (const [note, group] of byNote) {
      const { figures } = group[0]!;
      void deps.events.publish('limits.breached', {
        userId,
        reason,
        mappings: group.map((n) => n.mapping),
        ...figures,
        note,
        at: deps.now(),
      });
    }
    await deps.stopAndFlatten(rows, reason);
  }

  async function checkStrategies(positions: Position[]) {
    const limits = await deps.repo.strategyLimits(positions.map((p) => p.user_strategy_mapping_id));
    const limitsOf = new Map(limits.map((l) => [l.id, l]));
    const breached = new Map<string, { userId: number; reason: LimitReason; ids: Set<number> }>();
    const figures = new Map<number, { dayPnlPaise: number; limitPaise: number }>();
    for (const p of positions) {
      const id = p.user_strategy_mapping_id;
      const own = limitsOf.get(id);
      if (!own || stopping.has(id)) continue;
      const day = dayPnlPaise(p.today);
      const reason = strategyBreach(day, own, { runningStatus: p.running_status, openLegCount: p.legs.length });
      if (!reason) continue;
      figures.set(id, {
        dayPnlPaise: day,
        limitPaise: (reason === 'max_loss' ? own.maxLossPaise : own.targetProfitPaise) ?? 0,
      });
      const key = `${p.user_id}:${reason}`;
      const group = breached.get(key) ?? { userId: p.user_id, reason, ids: new Set<number>() };
      group.ids.add(id);
      breached.set(key, group);
    }
    for (const { userId, reason, ids } of breached.values()) {
      for (const id of ids) stopping.add(id);
      try {
        await stop(userId, ids, reason, (id) => figures.get(id) ?? { dayPnlPaise: 0, limitPaise: 0 });
      } finally {
        for (const id of ids) stopping.delete(id);
      }
    }
  }

  async function checkUsers(positions: Position[]) {
    const userIds = [...new Set(positions.map((p) => p.user_id))];
    const now = deps.now();
    const due = userIds.filter(
      (u) => !stoppingUsers.has(u) && now - (userCheckedAt.get(u) ?? -Infinity) >= DAILY_CHECK_EVERY_MS,
    );
    for (const { id, dailyMaxLossPaise } of await deps.repo.dailyLimits(due)) {
      userCheckedAt.set(id, now);
      const day = dayPnlPaise((await deps.positionsOf(id)).today);
      if (!dailyBreach(day, dailyMaxLossPaise)) continue;
      stoppingUsers.add(id);
      try {
        await stop(id, 'all', 'daily_max_loss', () => ({ dayPnlPaise: day, limitPaise: dailyMaxLossPaise ?? 0 }));
      } finally {
        stoppingUsers.delete(id);
      }
    }
  }

  async function drain() {
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending.clear();
      try {
        await checkStrategies(batch);
        await checkUsers(batch);
        await portfolio?.check([...new Set(batch.map((p) => p.user_id))]);
      } catch (err) {
        deps.logger.error({ err }, 'checking loss and profit limits failed');
      }
    }
    draining = null;
  }

  function enqueue(positions: readonly Position[]) {
    for (const p of positions) pending.set(p.user_strategy_mapping_id, p);
    draining ??= drain();
  }

  /**
   * A limit just set may already be crossed: the user's strategies are priced now and checked, without
   * waiting for the next price move (which may not come for a while).
   */
  function checkNow(userId: number): Promise<void> {
    const check = (async () => {
      const { positions } = await deps.positionsOf(userId);
      userCheckedAt.delete(userId);
      portfolio?.forget(userId);
      if (positions.length > 0) enqueue(positions);
      await draining;
    })();
    checks.add(check);
    return check.finally(() => checks.delete(check));
  }

  /** Resolves when every check started so far has finished. */
  async function settled() {
    while (draining || checks.size > 0) {
      await Promise.allSettled([draining, ...checks]);
    }
  }

  const unsubscribers = [
    deps.events.subscribe('positions.changed', ({ positions }) => enqueue(positions)),
    // Started again, a strategy is guarded afresh.
    deps.events.subscribe('mapping.status_changed', ({ mapping, reason }) => {
      if (reason === 'started') flattened.delete(mapping.id);
    }),
    deps.events.subscribe('mapping.changed', ({ mappingId }) => {
      const lookup = deps.repo.ownerOf(mappingId).then((owner) => (owner === null ? undefined : checkNow(owner)));
      checks.add(lookup);
      return lookup.finally(() => checks.delete(lookup));
    }),
  ];

  return {
    checkNow,
    /** Resolves when every position and limit change received so far has been checked (tests, shutdown). */
    settled,
    close: () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
