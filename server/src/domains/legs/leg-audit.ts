import { LegsConfigSchema, toPaise, type Transaction } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { legAuditEntries } from './leg-audit.logic.js';
import { readMemo } from './legs-memo.logic.js';
import { LEGS_STRATEGY_NAME } from './legs-strategy.logic.js';

/**
 * Puts a Multi-leg leg's own exits and re-entries on its owner's trail (issue 33 item 4), once their fills are
 * booked (`fills.booked`, paper and live alike): "Leg 1 CE stopped" with the contract, the reason and the price
 * (leg-audit.logic.ts). Written as the console's doing (no acting user).
 */
export function createLegAudit(deps: {
  db: Kysely<DB>;
  events: Pick<DomainEventBus, 'subscribe' | 'publish'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  async function record(mappingId: number, fills: readonly Transaction[]) {
    const row = await deps.db
      .selectFrom('legsConfigs')
      .select(['config', 'memo'])
      .where('mappingId', '=', mappingId)
      .executeTakeFirst();
    const parsed = row ? LegsConfigSchema.safeParse(JSON.parse(row.config)) : null;
    if (!row || !parsed?.success) return;
    const entries = legAuditEntries(
      parsed.data,
      readMemo(row.memo),
      fills.map((f) => ({ tradingSymbol: f.trading_symbol, quantity: f.quantity, pricePaise: toPaise(f.price) })),
    );
    const [first] = fills;
    if (!first) return;
    for (const entry of entries) {
      void deps.events.publish('audit.action', {
        at: Date.parse(first.transaction_date),
        actorUserId: null,
        action: entry.action,
        objectType: 'mapping',
        objectId: mappingId,
        ownerUserId: first.user_id,
        changes: {},
        detail: entry.detail,
        ip: null,
      });
    }
  }

  const unsubscribe = deps.events.subscribe('fills.booked', ({ transactions }) => {
    const byMapping = new Map<number, Transaction[]>();
    for (const t of transactions) {
      const id = t.user_strategy_mapping_id;
      if (id === null || t.strategy_name !== LEGS_STRATEGY_NAME || t.kind === 'settlement') continue;
      byMapping.set(id, [...(byMapping.get(id) ?? []), t]);
    }
    for (const [id, fills] of byMapping) {
      record(id, fills).catch((err: unknown) =>
        deps.logger.warn({ err, mappingId: id }, "could not put a leg's exit on the trail"),
      );
    }
  });

  return { close: unsubscribe };
}
