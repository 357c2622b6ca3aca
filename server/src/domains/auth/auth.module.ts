import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Authenticate, RegisterRoutes } from '../../platform/http.js';
import type { SecretBox } from '../../platform/secrets.js';
import { createAuthRepository } from './auth.repository.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createLockoutService } from './lockout.service.js';
import type { LoginFailureStore } from './login-failures.types.js';
import type { PasswordHasher } from './passwords.service.js';

/** Sign-in, sessions and who is calling; ends a user's sessions when their password or role changes. */
export function createAuthModule(deps: {
  db: Kysely<DB>;
  hasher: PasswordHasher;
  secrets: SecretBox;
  clock: Clock;
  sessionTtlMs: number;
  events: DomainEventBus;
  failures: LoginFailureStore;
}) {
  const lockout = createLockoutService(deps);
  const auth = createAuthService({ ...deps, repo: createAuthRepository(deps.db), lockout });
  deps.events.subscribe('user.password_changed', async ({ userId, keepSessionId }) => {
    const sessionIds = await auth.revokeAllFor(userId, keepSessionId ?? undefined);
    await deps.events.publish('sessions.revoked', { sessionIds });
  });
  deps.events.subscribe('user.access_changed', async ({ userId }) => {
    const sessionIds = await auth.revokeAllFor(userId);
    if (sessionIds.length > 0) await deps.events.publish('sessions.revoked', { sessionIds });
  });
  const authenticate: Authenticate = (token) => auth.authenticate(token);
  return {
    auth,
    /** Sign-in locks, for the users list's lock column and the admin's unlock. */
    lockout,
    authenticate,
    routes: ((app, withAuth) => registerAuthRoutes(app, withAuth, auth, deps.events)) satisfies RegisterRoutes,
  };
}
