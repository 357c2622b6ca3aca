import { api, type HealthDetails } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken, mount, type Authenticate } from '../../platform/http.js';

/**
 * GET /api/health stays open to anyone (load balancers and probes carry no token) and says only that the
 * console is up. What runs where (version, database, market mode, instances, workers and their last errors)
 * is for an admin's session: anyone else, a bad token included, gets the anonymous answer, never a 401.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  details: () => Promise<HealthDetails>,
): void {
  mount(app, authenticate, api.health.health, async ({ req }) => {
    const token = bearerToken(req);
    const caller = token ? await authenticate(token, req.ip).catch(() => null) : null;
    const isAdmin = caller?.role === 'admin' && !caller.mustChangePassword;
    return isAdmin ? { status: 'up' as const, details: await details() } : { status: 'up' as const };
  });
}
