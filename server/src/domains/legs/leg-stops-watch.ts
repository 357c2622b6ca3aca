import { LegsConfigSchema, RUNNING_STATUS, toPaise, type AdminPosition, type LegsConfig } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { OpenLeg } from '../strategies/decision.logic.js';
import { legExits } from './legs-decide.logic.js';
import { LEGS_STRATEGY_NAME } from './legs-strategy.logic.js';

/**
 * A Multi-leg leg's stop-loss or target within a second of the price (issue 33 item 3), not only at its candle's
 * close: every price update of a running Multi-leg strategy's open legs (`positions.changed`, at most one a second,
 * on the leader) is checked against its legs' levels by the same pure rule the close uses (`legExits`); one that
 * reaches a level asks the engine to decide the strategy now (`reconsider`), which re-reads everything under the
 * strategy's lock and closes what its rules say, so a tick never trades on its own figures and a repeat finds
 * nothing. One question per strategy at a time; a price update arriving meanwhile is judged after it.
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

  async function configOf(mappingId: number): Promise<LegsConfig | null> {
    if (configs.has(mappingId)) return configs.get(mappingId) ?? null;
    const row = await deps.db
      .selectFrom('legsConfigs')
      .select('config')
      .where('mappingId', '=', mappingId)
      .executeTakeFirst();
    const parsed = row ? LegsConfigSchema.safeParse(JSON.parse(row.config)) : null;
    const config = parsed?.success ? parsed.data : null;
    configs.set(mappingId, config);
    return config;
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
    const config = await configOf(p.user_strategy_mapping_id);
    if (!config) return;
    const { legs, prices } = legsAndPrices(p);
    const exits = legExits({ config: { config }, legs, optionPricesPaise: prices });
    if (!exits) return;
    await deps.reconsider(p.user_strategy_mapping_id);
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
