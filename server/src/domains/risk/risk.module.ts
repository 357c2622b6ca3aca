import type { RegisterRoutes } from '../../platform/http.js';
import { registerRiskRoutes } from './risk.routes.js';
import { createRiskService, type RiskServiceDeps } from './risk.service.js';

/** Risk controls (issue 13): the admin's kill switch and a user's Exit all. */
export function createRiskModule(deps: RiskServiceDeps) {
  const risk = createRiskService(deps);
  const routes: RegisterRoutes = (app, authenticate) => registerRiskRoutes(app, authenticate, risk);
  return { risk, routes };
}
