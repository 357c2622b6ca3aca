import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MappingLocks } from '../../db/mapping-locks.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { OptionChainService } from '../market-data/option-chain.service.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { StrategyConfigStore } from '../strategies/strategy-type.types.js';
import { createRdxConfigRepository } from './rdx-config.repository.js';
import { createRdxConfigService, rdxConfigStore } from './rdx-config.service.js';
import { registerRdxRoutes } from './rdx.routes.js';

/** The RDX configuration of each mapping, and Pause/Resume. */
export function createRdxModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  mappings: MappingsService;
  optionChains: OptionChainService;
  locks: MappingLocks;
}) {
  const rdxConfigs = createRdxConfigService({
    repo: createRdxConfigRepository(deps.db),
    mappings: deps.mappings,
    clock: deps.clock,
    chainFor: (ticker) => deps.optionChains.chainFor(ticker),
    events: deps.events,
    locks: deps.locks,
  });
  const routes: RegisterRoutes = (app, authenticate) => registerRdxRoutes(app, authenticate, rdxConfigs, deps.mappings);
  const configStore: StrategyConfigStore = rdxConfigStore(rdxConfigs);
  return { rdxConfigs, configStore, routes };
}
