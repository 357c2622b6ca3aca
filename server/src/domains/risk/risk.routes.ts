import { api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mount, type Authenticate } from '../../platform/http.js';
import type { DailyLimitService } from './daily-limit.service.js';
import type { RiskService } from './risk.service.js';

export function registerRiskRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  risk: RiskService,
  dailyLimit: DailyLimitService,
): void {
  mount(app, authenticate, api.risk.killSwitch, () => risk.killSwitch());
  mount(app, authenticate, api.risk.setKillSwitch, ({ auth, body }) => risk.setKillSwitch(auth, body.engaged));
  mount(app, authenticate, api.strategies.exitAll, ({ auth }) => risk.exitAll(auth));
  mount(app, authenticate, api.risk.dailyLimit, ({ auth, query }) => dailyLimit.get(auth, query.user_id));
  mount(app, authenticate, api.risk.setDailyLimit, ({ auth, body }) => dailyLimit.set(auth, body));
}
