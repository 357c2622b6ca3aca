import { LegsConfigSchema, RUNNING_STATUS, toPaise, type AdminPosition, type LegsConfig } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { OpenLeg } from '../strategies/decision.logic.js';
import { readMemo, type LegsMemo } from './legs-memo.logic.js';
import { decisionsDue } from './legs-watch.logic.js';
import { LEGS_STRATEGY_NAME } from './legs-strategy.logic.js';

/**
 * A Multi-leg leg's stop-loss, trailing stop or target within a second of the price (issue 33 item 3), not only at
 * its candle's close: every price update of a running Multi-leg strategy's open legs (`positions.changed`, at most
 * one a second, on the leader) is reviewed by the same pure rule the close uses (`reviewLegs`, with the memo the
 * engine keeps). A level reached, or a trailing stop that moves, asks the engine to decide the strategy now
 * (`reconsider`), which re-reads everything under the strategy's lock, closes what its rules say and keeps the
 * trail, so a tick never trades on its own figures and a repeat finds nothing. A stop whose leg re-enters at once
 * asks again after its close, for the re-entry. One question per strategy at a time; a price update arriving
 * meanwhile is judged after it.
 */
export function createLegStopsWatch(deps: {
  db: Kysely<DB>;
  events: Pick<DomainEventBus, 'subscribe'>;
  /** The engine's decision for one mapping now (engine.service.ts `reconsider`). */
  reconsider: (mappingId: number) => Promise<unknown>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  /** Each strategy's configuration, read once and dropped when it changes. */
  const configs = new Map<number, LegsConfig | null>();
  const asking = new Map<number, Promise<void>>();

  /** The strategy's configuration (cached) and the memo its rules keep (read afresh: the engine moves it on). */
  async function settingsOf(mappingId: number): Promise<{ config: LegsConfig; memo: LegsMemo } | null> {
    const row = await deps.db
      .selectFrom('legsConfigs')
      .select(['config', 'memo'])
      .where('mappingId', '=', mappingId)
      .executeTakeFirst();
    if (!row) return null;
    if (!configs.has(mappingId)) {
      const parsed = LegsConfigSchema.safeParse(JSON.parse(row.config));
      configs.set(mappingId, parsed.success ? parsed.data : null);
    }
    const config = configs.get(mappingId) ?? null;
    return config && { config, memo: readMemo(row.memo) };
  }

  /** The position's open legs as the rules read them, with their last prices; stale prices are not judged. */
  function legsAndPrices(p: AdminPosition): { legs: OpenLeg[]; prices: Map<string, number> } {
    const legs: OpenLeg[] = [];
    const prices = new Map<string, number>();
    p.legs.forEach((l, i) => {
      if (l.quantity === 0 || (l.option_type !== 'CE' && l.option_type !== 'PE')) return;
      legs.push({
        id: i,
        optionType: l.option_type,
        tradingSymbol: l.trading_symbol,
        exchange: '',
        strikePaise: toPaise(l.strike ?? 0),
        expiry: l.expiry ?? '',
        quantity: l.quantity,
        entryPricePaise: toPaise(l.entry_price),
      });
      if (l.ltp !== null && !l.ltp_is_stale) prices.set(l.trading_symbol, toPaise(l.ltp));
    });
    return { legs, prices };
  }

  async function judge(p: AdminPosition): Promise<void> {
    const id = p.user_strategy_mapping_id;
    const settings = await settingsOf(id);
    if (!settings) return;
    const { legs, prices } = legsAndPrices(p);
    const due = decisionsDue(settings.config, settings.memo, legs, { last: prices });
    for (let i = 0; i < due; i++) await deps.reconsider(id);
  }

  function onPositions(positions: readonly AdminPosition[]) {
    for (const p of positions) {
      const id = p.user_strategy_mapping_id;
      if (p.strategy_name !== LEGS_STRATEGY_NAME || p.running_status !== RUNNING_STATUS.RUNNING) continue;
      if (p.legs.length === 0 || asking.has(id)) continue;
      const done = judge(p)
        .catch((err: unknown) => deps.logger.warn({ err, mappingId: id }, 'could not act on a leg stop'))
        .finally(() => asking.delete(id));
      asking.set(id, done);
    }
  }

  const unsubscribers = [
    deps.events.subscribe('positions.changed', ({ positions }) => onPositions(positions)),
    deps.events.subscribe('mapping.changed', ({ mappingId }) => {
      configs.delete(mappingId);
    }),
  ];

  return {
    /** For tests: resolves once every question asked so far has been answered. */
    async settled(): Promise<void> {
      while (asking.size > 0) await Promise.all([...asking.values()]);
    },
    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}

export type LegStopsWatch = ReturnType<typeof createLegStopsWatch>;
