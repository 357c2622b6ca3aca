/**
 * A Multi-leg mapping's settings (issue 33), read and saved through `GET/PUT /strategies/user-mappings/{id}/config`
 * (the strategies domain's routes; this is the `legs` type's store). Saved whole: the configure body as its schema
 * parsed it, and the candle interval its mapping decides on (legsInterval), under the mapping's lock, so a candle
 * close decides on the old settings or the new, never half of each.
 */
import { LegsConfigSchema, MSG, type LegsConfig } from '@app/contract';
import type { Kysely } from 'kysely';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest } from '../../platform/errors.js';
import { parseWith } from '../../platform/http.js';
import type { Actor } from '../../platform/ownership.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { StrategyConfigStore } from '../strategies/strategy-type.types.js';
import { LEGS_STRATEGY_NAME, legsInterval } from './legs-strategy.logic.js';

export function createLegsConfigStore(deps: {
  db: Kysely<DB>;
  clock: Clock;
  mappings: MappingsService;
  locks: MappingLocks;
  /** `mapping.changed` after every save (the engine follows interval changes). */
  events: Pick<DomainEventBus, 'publish'>;
}): StrategyConfigStore {
  const { db } = deps;

  async function loadLegsMapping(actor: Actor, mappingId: number) {
    const mapping = await deps.mappings.load(actor, mappingId);
    if (mapping.strategyName !== LEGS_STRATEGY_NAME) throw badRequest(MSG.noStrategyType);
    return mapping;
  }

  const read = async (mappingId: number): Promise<LegsConfig | null> => {
    const row = await db
      .selectFrom('legsConfigs')
      .select('config')
      .where('mappingId', '=', mappingId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.config) as LegsConfig) : null;
  };

  return {
    async find(actor, mappingId) {
      await loadLegsMapping(actor, mappingId);
      return read(mappingId);
    },

    save(actor, mappingId, body) {
      const config = parseWith(LegsConfigSchema, body);
      return deps.locks.withMappings([mappingId], async () => {
        const mapping = await loadLegsMapping(actor, mappingId);
        const now = deps.clock.now();
        const text = JSON.stringify(config);
        await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('legsConfigs')
            .set({ config: text, updatedAt: now })
            .where('mappingId', '=', mappingId)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) {
            await trx
              .insertInto('legsConfigs')
              .values({ mappingId, config: text, enteredAt: null, createdAt: now, updatedAt: now })
              .execute();
          }
          await trx
            .updateTable('userStrategyMappings')
            .set({ interval: legsInterval(config) })
            .where('id', '=', mappingId)
            .execute();
        });
        void deps.events.publish('mapping.changed', { mappingId: mapping.id, userId: mapping.userId });
        return config;
      });
    },
  };
}
