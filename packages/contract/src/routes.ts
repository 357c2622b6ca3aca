import { authRoutes } from './auth.js';
import { healthRoutes } from './health.js';
import type { RouteDef } from './route.js';
import { usersRoutes } from './users.js';

/** Every HTTP route of the API, grouped by domain. The authorization matrix iterates this. */
export const api = {
  health: healthRoutes,
  auth: authRoutes,
  users: usersRoutes,
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
