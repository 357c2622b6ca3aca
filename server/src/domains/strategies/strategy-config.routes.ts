import { api, LEGS_TEMPLATES, MSG, type StrategyConfigReply } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { mount, type Authenticate } from '../../platform/http.js';
import type { Actor } from '../../platform/ownership.js';
import type { MappingsService } from './mappings.service.js';
import { strategyTypeOf } from './strategy-registry.js';
import type { AnyStrategyType, StrategyConfigStore } from './strategy-type.types.js';

/*
 * Any strategy's settings through one pair of routes (issue 33): the mapping's strategy names its type, and the
 * type's own module reads and writes them (a store each, handed in where the app is put together, so this domain
 * never reaches into a type's folder). RDX's SPEC routes (/rdx-config) stay beside these, on the same store.
 */

export type StrategyConfigStores = Readonly<Partial<Record<AnyStrategyType['key'], StrategyConfigStore>>>;

export function registerStrategyConfigRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  mappings: MappingsService,
  stores: StrategyConfigStores,
): void {
  /** The mapping's type and its store, once the caller is known to own the mapping (404 otherwise). */
  async function storeOf(actor: Actor, mappingId: number) {
    const mapping = await mappings.load(actor, mappingId);
    const type = strategyTypeOf(mapping.strategyName);
    if (!type) throw badRequest(MSG.noStrategyType);
    const store = stores[type.key];
    if (!store) throw new Error(`Strategy type ${type.key} has no configuration store`);
    return { type, store };
  }

  mount(app, authenticate, api.strategyConfigs.templates, () => Promise.resolve([...LEGS_TEMPLATES]));
  mount(app, authenticate, api.strategyConfigs.get, async ({ auth, params }): Promise<StrategyConfigReply> => {
    const { type, store } = await storeOf(auth, params.id);
    return { strategy_type: type.key, config: await store.find(auth, params.id) };
  });
  mount(app, authenticate, api.strategyConfigs.save, async ({ auth, params, body }): Promise<StrategyConfigReply> => {
    const { type, store } = await storeOf(auth, params.id);
    return { strategy_type: type.key, config: await store.save(auth, params.id, body) };
  });
}
