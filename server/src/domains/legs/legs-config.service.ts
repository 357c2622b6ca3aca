/**
 * A Multi-leg mapping's settings (issue 33), read and saved through `GET/PUT /strategies/user-mappings/{id}/config`
 * (the strategies domain's routes; this is the `legs` type's store). Saved whole: the configure body as its schema
 * parsed it, and the candle interval its mapping decides on (legsInterval), under the mapping's lock, so a candle
 * close decides on the old settings or the new, never half of each.
 *
 * Its Max Loss and Target Profit are the strategy's own limits, the ones its row edits and the risk domain watches
 * on every price (with an admin's cap over them): saved there, through the mapping's edit and its rules, and read
 * back from there, so the two never disagree. The stored configuration keeps none of its own.
 */
import { LegsConfigSchema, MSG, toRupees, type LegsConfig } from '@app/contract';
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

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

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

  /** The configuration with the strategy's own limits, as the trader reads and edits both together. */
  const withLimits = (
    config: LegsConfig,
    mapping: { maxLossPaise: number | null; targetProfitPaise: number | null },
  ) => ({
    ...config,
    max_loss: rupeesOrNull(mapping.maxLossPaise),
    target_profit: rupeesOrNull(mapping.targetProfitPaise),
  });

  return {
    async find(actor, mappingId) {
      const mapping = await loadLegsMapping(actor, mappingId);
      const config = await read(mappingId);
      return config && withLimits(config, mapping);
    },

    async save(actor, mappingId, body) {
      const config = parseWith(LegsConfigSchema, body);
      const before = await loadLegsMapping(actor, mappingId);
      const limits = { max_loss: config.max_loss, target_profit: config.target_profit };
      const isSame =
        limits.max_loss === rupeesOrNull(before.maxLossPaise) &&
        limits.target_profit === rupeesOrNull(before.targetProfitPaise);
      // The mapping's edit takes its own lock and applies its rules (an admin's cap a user may not lift).
      if (!isSame) await deps.mappings.update(actor, mappingId, limits);
      return deps.locks.withMappings([mappingId], async () => {
        const mapping = await loadLegsMapping(actor, mappingId);
        const now = deps.clock.now();
        const text = JSON.stringify({ ...config, max_loss: null, target_profit: null });
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
        return withLimits(config, mapping);
      });
    },
  };
}
