import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { LoginFailureStore } from '../auth/login-failures.types.js';
import type { Engine } from '../engine/engine.service.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { createSignalActions } from './signal-actions.js';
import { createSignalsRepository } from './signals.repository.js';
import { registerSignalsRoutes } from './signals.routes.js';
import { createSignalsService } from './signals.service.js';

/**
 * Signals (issue 34 item 5): a strategy's webhook for TradingView alerts and scripts. Its actions are the
 * strategies' Start/Stop, RDX's Resume and the engine's Realign and Exit, run as the strategy's owner.
 */
export function createSignalsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: DomainEventBus;
  secrets: SecretBox;
  mappings: MappingsService;
  engine: Engine;
  /** The login limiter's store (Redis or the database), so every console counts a token's signals together. */
  counts: LoginFailureStore;
}) {
  const signals = createSignalsService({
    repo: createSignalsRepository(deps.db),
    secrets: deps.secrets,
    clock: deps.clock,
    events: deps.events,
    mappings: deps.mappings,
    act: createSignalActions({ mappings: deps.mappings, engine: deps.engine }),
    counts: deps.counts,
  });
  const routes: RegisterRoutes = (app, authenticate) => registerSignalsRoutes(app, authenticate, signals);
  return { signals, routes };
}
