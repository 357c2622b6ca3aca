import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isLiveStatus, istMidnight, RUNNING_STATUS, toPaise } from '@app/contract';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { DB } from '../../db/schema.js';
import { iso } from '../../platform/time.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { OPTIONS_DATA_SOURCE, type MarketDataHub } from '../market-data/hub.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { EngineRepository } from './engine.repository.js';
import type { MappingState } from './engine.types.js';
import type { Executor } from './executor.js';
import { createFillWriter } from '../ledger/fill-writer.service.js';
import { toTransactionDto } from './engine.fills.js';
import { lastSettledDay, settlementFills, settlementInstant } from './expiry-settlement.logic.js';

/** After settlement, how long the console's own last price of the underlying may stand in for a candle. */
const LIVE_PRICE_GRACE_MS = 60 * 60_000;

/**
 * Legs still open when their contract settles (a strategy paused or stopped through expiry day, a roll that
 * could not trade) are closed at intrinsic value, as the exchange closes them: one `settlement` fill each,
 * under the mapping's lock (DESIGN §9), dated at the settlement instant. The underlying's value is the close
 * of its last stored candle before 15:30 IST that day. Returns what could not be settled yet, and why.
 */
export function createExpirySettlement(deps: {
  db: Kysely<DB>;
  repo: Pick<EngineRepository, 'one'>;
  locks: MappingLocks;
  hub: Pick<MarketDataHub, 'lastPricePaise'>;
  events: Pick<DomainEventBus, 'publish'>;
  logger: FastifyBaseLogger;
  /** A running or paused strategy left flat by its settlement stops, with stop_reason `expiry`. */
  mappings: Pick<MappingsService, 'moveStatusWhileLocked'>;
  /**
   * A live strategy's orders not yet settled, asked of the broker (executor.ts `settleOpenOrders`): what is
   * still open there. A close sent before the expiry whose reply was lost may have filled.
   */
  settleOrders: Pick<Executor, 'settleOpenOrders'>['settleOpenOrders'];
}) {
  const { db } = deps;
  const writer = createFillWriter({ db });

  const dueLegs = (mappingIds: readonly number[] | null, lastDay: string) => {
    let q = db
      .selectFrom('strategyLegs')
      .select(['id', 'mappingId', 'tradingSymbol', 'optionType', 'strikePaise', 'expiry', 'quantity'])
      .where('status', '=', 'open')
      .where('expiry', '<=', lastDay);
    if (mappingIds) q = q.where('mappingId', 'in', mappingIds);
    return q.orderBy('id').execute();
  };

  /** The underlying's value at an expiry's settlement, in paise, or null when the console never saw it. */
  async function underlyingAt(instrumentToken: string, expiry: string, now: number): Promise<number | null> {
    const settlesAt = settlementInstant(expiry);
    const candle = await db
      .selectFrom('candles')
      .select(['close'])
      .where('source', '=', OPTIONS_DATA_SOURCE)
      .where('instrumentToken', '=', instrumentToken)
      .where('ts', '>=', istMidnight(settlesAt))
      .where('ts', '<', settlesAt)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (candle) return toPaise(Number(candle.close));
    return now - settlesAt < LIVE_PRICE_GRACE_MS ? deps.hub.lastPricePaise(OPTIONS_DATA_SOURCE, instrumentToken) : null;
  }

  /**
   * The exchange closed the strategy's last legs: it trades nothing more by itself (a paused one would
   * enter afresh on Resume without its trader knowing why it went flat), so it stops, saying "at expiry".
   */
  async function stopIfFlat(m: { id: number; userId: number; runningStatus: number }, now: number) {
    if (!isLiveStatus(m.runningStatus)) return;
    const stillOpen = await db
      .selectFrom('strategyLegs')
      .select('id')
      .where('mappingId', '=', m.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (stillOpen) return;
    await deps.mappings.moveStatusWhileLocked(
      { userId: m.userId, role: 'user' },
      m.id,
      RUNNING_STATUS.STOPPED,
      'expiry',
    );
    deps.logger.info({ mappingId: m.id, at: now }, 'strategy stopped at expiry');
  }

  /** Why a live strategy's expired legs must wait for its orders, or null when none is open at the broker. */
  async function openAtBroker(m: MappingState, now: number): Promise<string | null> {
    try {
      const open = await deps.settleOrders(m, now);
      return open.length === 0 ? null : `expired legs wait until the broker settles ${open.join(', ')}`;
    } catch (err) {
      return `expired legs wait: the broker could not be asked about this strategy's orders (${(err as Error).message})`;
    }
  }

  async function settleMapping(mappingId: number, now: number): Promise<string | null> {
    return deps.locks.withMappings([mappingId], async () => {
      const state = await deps.repo.one(mappingId);
      if (!state) return null;
      const m = state.mapping;
      // A live strategy's orders are settled with the broker first: a close that filled before the expiry
      // closed its leg at its own price, and settling the leg too would book a second, phantom close.
      if (m.isDummy === 0) {
        const waiting = await openAtBroker(m, now);
        if (waiting) return waiting;
      }
      const legs = await dueLegs([mappingId], lastSettledDay(now));
      if (legs.length === 0) return null;
      const byExpiry = new Map<string, typeof legs>();
      for (const leg of legs) byExpiry.set(leg.expiry, [...(byExpiry.get(leg.expiry) ?? []), leg]);
      let unpriced: string | null = null;
      for (const [expiry, expiring] of byExpiry) {
        const underlying = await underlyingAt(m.instrumentToken, expiry, now);
        if (underlying === null) {
          unpriced = `no price of ${m.instrumentName} at the ${expiry} settlement to close ${expiring.length} expired leg(s)`;
          continue;
        }
        const at = settlementInstant(expiry);
        const fills = settlementFills(
          expiring.map((l) => ({ ...l, strikePaise: Number(l.strikePaise) })),
          underlying,
        );
        const written = await db.transaction().execute(async (trx) => {
          // Legs another actor closed meanwhile are left alone: only those still open settle.
          const stillOpen = await trx
            .selectFrom('strategyLegs')
            .select('id')
            .where(
              'id',
              'in',
              fills.map((f) => f.legId),
            )
            .where('status', '=', 'open')
            .execute();
          const openIds = new Set(stillOpen.map((r) => Number(r.id)));
          const settling = fills.filter((f) => openIds.has(f.legId));
          const booked = await writer.book(trx, {
            at,
            closeLegIds: settling.map((f) => f.legId),
            fills: settling.map((f) => ({
              userId: m.userId,
              mappingId: m.id,
              strategyId: m.strategyId,
              instrumentId: m.instrumentId,
              tradingSymbol: f.tradingSymbol,
              quantity: f.quantity,
              pricePaise: f.pricePaise,
              isDummy: m.isDummy,
              orderId: null,
              kind: 'settlement' as const,
            })),
          });
          return booked.fills;
        });
        if (written.length === 0) continue;
        deps.logger.info({ mappingId, expiry, legs: written.length, underlying }, 'expired legs settled');
        const date = iso(at);
        void deps.events.publish('fills.booked', {
          transactions: written.map((f) => toTransactionDto(m, f, date)),
        });
      }
      await stopIfFlat(m, now);
      return unpriced;
    });
  }

  return {
    /**
     * Settles every due leg. Returns each mapping it looked at with why some of its legs wait (no price of
     * the underlying at the settlement yet; tried again on the next pass), or null once all are settled.
     */
    async settleDue(now: number): Promise<Array<{ mappingId: number; reason: string | null }>> {
      const mappingIds = [...new Set((await dueLegs(null, lastSettledDay(now))).map((l) => Number(l.mappingId)))];
      const outcome: Array<{ mappingId: number; reason: string | null }> = [];
      for (const mappingId of mappingIds) {
        try {
          const reason = await settleMapping(mappingId, now);
          if (reason) deps.logger.warn({ mappingId, reason }, 'expired legs wait for a settlement price');
          outcome.push({ mappingId, reason });
        } catch (err) {
          deps.logger.error({ err, mappingId }, 'could not settle expired legs');
        }
      }
      return outcome;
    },
  };
}

export type ExpirySettlement = ReturnType<typeof createExpirySettlement>;
