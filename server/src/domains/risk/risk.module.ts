import type { Mapping, PositionsReply } from '@app/contract';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { RegisterRoutes } from '../../platform/http.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import { createDailyLimitService } from './daily-limit.service.js';
import { subscribeDriftPause } from './drift-pause.js';
import { createDriftPauseRepository } from './drift-pause.repository.js';
import { createLimitsRepository } from './limits.repository.js';
import { createLimitsWatch } from './limits-watch.js';
import { dayPnlPaise } from './limits.logic.js';
import type { PortfolioSources } from './portfolio-figures.js';
import { registerRiskRoutes } from './risk.routes.js';
import { createRiskService, type RiskServiceDeps } from './risk.service.js';

export interface RiskModuleDeps extends Omit<RiskServiceDeps, 'events' | 'logger'> {
  events: DomainEventBus;
  logger: RiskServiceDeps['logger'] & { error: (obj: object, msg: string) => void };
  mappings: RiskServiceDeps['mappings'] &
    Pick<MappingsService, 'setRunningStatus'> & { listFor: (userId: number) => Promise<Mapping[]> };
  /** A user's strategies' positions priced now, with the day's figures across them (the ledger's). */
  positionsOf: (userId: number) => Promise<PositionsReply>;
  /** Users' net greeks (the ledger's) and accounts' funds (the brokers'), for the portfolio limits (issue 34 item 4). */
  portfolio?: PortfolioSources;
}

/**
 * Risk controls (issue 13): the admin's kill switch, a user's Exit all, and loss and profit limits per
 * strategy and per user's day, watched on every price update of the legs.
 */
export function createRiskModule(deps: RiskModuleDeps) {
  const risk = createRiskService(deps);
  const repo = createLimitsRepository(deps.db);
  const limits = createLimitsWatch({
    repo,
    events: deps.events,
    now: () => deps.clock.now(),
    positionsOf: deps.positionsOf,
    mappingsOf: (userId) => deps.mappings.listFor(userId),
    stopAndFlatten: (rows, reason) => risk.stopAndFlatten(rows, reason),
    logger: deps.logger,
    ...(deps.portfolio ? { portfolio: { limitsOf: (ids) => repo.portfolioLimits(ids), ...deps.portfolio } } : {}),
  });
  const dailyLimit = createDailyLimitService({
    repo,
    clock: deps.clock,
    dayPnlOf: async (userId) => dayPnlPaise((await deps.positionsOf(userId)).today),
    checkNow: (userId) => limits.checkNow(userId),
  });
  // A live strategy pauses rather than trade on a leg the broker no longer holds (issue 27).
  const stopDriftPause = subscribeDriftPause({
    events: deps.events,
    repo: { ...repo, ...createDriftPauseRepository(deps.db) },
    mappings: deps.mappings,
    logger: deps.logger,
  });
  const routes: RegisterRoutes = (app, authenticate) => registerRiskRoutes(app, authenticate, risk, dailyLimit);
  const close = () => {
    limits.close();
    stopDriftPause();
  };
  return { risk, dailyLimit, limits, routes, close };
}
