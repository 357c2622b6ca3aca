import { istMidnight, type AdminPosition, toPaise } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { LiveMarks } from './live-marks.js';
import { quoteKeysOf } from './positions.logic.js';
import type { Booked, PositionsService } from './positions.service.js';

/** The MTM curve's resolution, and how long its points are kept. */
const MARK_EVERY_MS = 60_000;
const KEEP_MARKS_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

interface Watched {
  /** The open legs' ids: any trade on the strategy, by any instance, changes them. */
  legKey: string;
  booked: Booked;
  /** What was last sent, so an unchanged price sends nothing. */
  lastSent: string;
}

/**
 * Live P&L (issue 11): `positions.changed` for a strategy after every fill booked here, and on every price
 * change of its open legs at most once a tick (a second) — marked from a cached book, so a tick costs one
 * quote request and arithmetic. Runs on the leader; legs changed by another instance show in the next tick.
 */
export function createPositionsFeed(deps: {
  repo: LedgerRepository;
  positions: PositionsService;
  /** Streams the open legs' prices on the ticker while they are open. */
  marks: Pick<LiveMarks, 'follow' | 'stop'>;
  events: DomainEventBus;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const watched = new Map<number, Watched>();
  /** When each strategy's P&L was last written down for its MTM curve. */
  const markedAt = new Map<number, number>();
  let prunedAt = 0;

  /** Writes the curve's points: at every fill (`always`), else at most one a minute per strategy. */
  async function recordMarks(positions: readonly AdminPosition[], always: boolean) {
    const at = deps.clock.now();
    const rows = positions
      .filter((p) => always || at - (markedAt.get(p.user_strategy_mapping_id) ?? 0) >= MARK_EVERY_MS)
      .map((p) => ({
        mappingId: p.user_strategy_mapping_id,
        at,
        realizedPaise: toPaise(p.realized_pnl),
        unrealizedPaise: toPaise(p.unrealized_pnl),
      }));
    if (rows.length === 0) return;
    for (const r of rows) markedAt.set(r.mappingId, at);
    await deps.repo.addMarks(rows);
    if (at - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at;
      await deps.repo.dropMarksBefore(at - KEEP_MARKS_MS);
    }
  }

  /**
   * The strategies booked, and every watched strategy of the same users booked again: a fill changes its
   * account's contract note, and so the charges of the user's other strategies trading on it that day.
   */
  async function bookWithPeers(ids: readonly number[]): Promise<Booked[]> {
    const booked = await deps.positions.book({ mappingIds: ids });
    const users = new Set(booked.map((b) => b.mapping.userId));
    const asked = new Set(ids);
    const peers = [...watched.values()]
      .map((w) => w.booked.mapping)
      .filter((m) => users.has(m.userId) && !asked.has(m.id))
      .map((m) => m.id);
    // The second read finds the user's books already settled by the first.
    return peers.length === 0 ? booked : [...booked, ...(await deps.positions.book({ mappingIds: peers }))];
  }

  function publishChanged(entries: Watched[], positions: Awaited<ReturnType<PositionsService['price']>>) {
    const changed = positions.filter((p, i) => {
      const entry = entries[i];
      if (!entry) return false;
      const text = JSON.stringify(p);
      if (text === entry.lastSent) return false;
      entry.lastSent = text;
      return true;
    });
    if (changed.length > 0) void deps.events.publish('positions.changed', { positions: changed });
    return changed;
  }

  /** Re-reads which strategies hold legs, re-books the ones that traded, and sends what moved. */
  async function tick(): Promise<void> {
    const legs = await deps.repo.openLegs();
    const idsOf = new Map<number, number[]>();
    for (const l of legs) idsOf.set(l.mappingId, [...(idsOf.get(l.mappingId) ?? []), l.id]);
    const dayStart = istMidnight(deps.clock.now());
    const stale: number[] = [];
    for (const [mappingId, ids] of idsOf) {
      const w = watched.get(mappingId);
      if (!w || w.legKey !== ids.join(',') || w.booked.settled.dayStart !== dayStart) stale.push(mappingId);
    }
    // Strategies that went flat since the last tick: sent once more with their final figures, then dropped.
    const flat = [...watched.keys()].filter((id) => !idsOf.has(id));
    if (stale.length + flat.length > 0) {
      for (const b of await bookWithPeers([...stale, ...flat])) {
        const previous = watched.get(b.mapping.id);
        watched.set(b.mapping.id, {
          legKey: (idsOf.get(b.mapping.id) ?? []).join(','),
          booked: b,
          lastSent: previous?.lastSent ?? '',
        });
      }
    }
    const entries = [...watched.values()];
    const booked = entries.map((e) => e.booked);
    await deps.marks.follow([...new Set(booked.flatMap((b) => quoteKeysOf(b.settled, b.info)))]);
    if (entries.length === 0) return;
    // Quotes, previous closes and the greeks' spots are asked for together (price fetches them).
    const changed = publishChanged(entries, await deps.positions.price(booked));
    for (const id of flat) watched.delete(id);
    await recordMarks(changed, false);
  }

  /** Fills booked by this instance: their strategies' positions go out at once. */
  async function onFills(mappingIds: number[]): Promise<void> {
    const booked = await bookWithPeers(mappingIds);
    const entries = booked.map((b) => {
      const entry: Watched = { legKey: '', booked: b, lastSent: '' };
      const previous = watched.get(b.mapping.id);
      if (previous) {
        // The next tick re-reads the legs and re-books; until then this is the newest book.
        previous.booked = b;
        previous.legKey = '';
        return previous;
      }
      return entry;
    });
    const positions = await deps.positions.price(booked);
    publishChanged(entries, positions);
    await recordMarks(positions, true);
  }

  const unsubscribe = deps.events.subscribe('fills.booked', ({ transactions }) => {
    // After the trade path has finished its turn: booking 10,000 strategies' P&L must not delay the fills.
    setImmediate(() => {
      const ids = [...new Set(transactions.map((t) => t.user_strategy_mapping_id).filter((id) => id !== null))];
      if (ids.length === 0) return;
      onFills(ids).catch((err: unknown) => deps.logger.error({ err }, 'positions after fills failed'));
    });
  });

  return {
    tick,
    stop() {
      watched.clear();
      deps.marks.stop();
    },
    close: unsubscribe,
  };
}
