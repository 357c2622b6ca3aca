import { api, MSG, type RouteDef } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';

declare module '../../platform/http.js' {
  interface AuthContext {
    /** The session's user still has the printed first-start password (issue 14); set by auth. */
    mustChangePassword?: boolean;
  }
}

/** What a session that must change its password may still do: learn that it must, leave, or change it. */
const ALLOWED: readonly RouteDef[] = [api.auth.verify, api.auth.logout, api.auth.changePassword];
const allowed = new Set(ALLOWED.map((r) => `${r.method} /api${r.path}`));

/**
 * 428 Precondition Required, not 401/403: the session is valid and stays so (the console ends a session on
 * 401 and 403); the console shows its "Change your password" screen instead.
 */
export const passwordChangeRequired = () => new AppError(428, 'PASSWORD_CHANGE_REQUIRED', MSG.passwordChangeRequired);

/**
 * Issue 14: while the first-start admin keeps the printed password, every route but the three above is
 * refused. A root hook at preValidation: it runs after each route's own onRequest has authenticated the
 * caller (so `req.auth` is known) and before the body is validated (so the answer is 428, not a 400).
 */
export function installPasswordChangeGate(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const refused = req.auth?.mustChangePassword && !allowed.has(`${req.method} ${req.routeOptions.url ?? ''}`);
    done(refused ? passwordChangeRequired() : undefined);
  });
}
