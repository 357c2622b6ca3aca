import { alertsRoutes } from './alerts.js';
import { analyticsRoutes } from './analytics.js';
import { auditRoutes } from './audit.js';
import { backtestsRoutes } from './backtests.js';
import { authRoutes } from './auth.js';
import { brokersRoutes, brokerTokenRoutes } from './brokers.js';
import { calendarRoutes } from './calendar.js';
import { engineRoutes } from './engine.js';
import { marketDataRoutes } from './market-data.js';
import { healthRoutes } from './health.js';
import { instrumentsRoutes } from './instruments.js';
import { liveDataRoutes } from './live-data.js';
import { optionHistoryRoutes } from './option-history.js';
import { ordersRoutes } from './orders.js';
import { pnlRoutes } from './pnl.js';
import { rdxConfigRoutes } from './rdx.js';
import { registrationRoutes } from './registration.js';
import { riskRoutes } from './risk.js';
import { signalsRoutes } from './signals.js';
import type { RouteDef } from './route.js';
import { strategiesRoutes } from './strategies.js';
import { strategyConfigRoutes } from './strategy-configs.js';
import { positionsRoutes } from './positions.js';
import { transactionsRoutes } from './transactions.js';
import { usersRoutes } from './users.js';
import { consoleRoutes } from './console.js';

/** Every HTTP route of the API, grouped by domain. The authorization matrix iterates this. */
export const api = {
  health: healthRoutes,
  auth: authRoutes,
  users: usersRoutes,
  brokers: brokersRoutes,
  instruments: instrumentsRoutes,
  calendar: calendarRoutes,
  strategies: strategiesRoutes,
  strategyConfigs: strategyConfigRoutes,
  rdx: rdxConfigRoutes,
  transactions: transactionsRoutes,
  positions: positionsRoutes,
  orders: ordersRoutes,
  pnl: pnlRoutes,
  registration: registrationRoutes,
  liveData: liveDataRoutes,
  optionHistory: optionHistoryRoutes,
  backtests: backtestsRoutes,
  brokerTokens: brokerTokenRoutes,
  marketData: marketDataRoutes,
  analytics: analyticsRoutes,
  engine: engineRoutes,
  risk: riskRoutes,
  audit: auditRoutes,
  alerts: alertsRoutes,
  console: consoleRoutes,
  signals: signalsRoutes,
};

/** Flat list of all routes with a stable `domain.name` key. */
export function listRoutes(): Array<{ key: string; route: RouteDef }> {
  return Object.entries(api).flatMap(([domain, routes]) =>
    Object.entries(routes as Record<string, RouteDef>).map(([name, route]) => ({
      key: `${domain}.${name}`,
      route,
    })),
  );
}
